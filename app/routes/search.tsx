import { Link } from "react-router";
import { ListingView } from "../features/catalog/listing-view";
import { loadListing } from "../features/catalog/listing-loader";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { ContentAnchor, RichText } from "../features/content/content-parts";
import { softly } from "../features/content/content-loader.server";
import type { Route } from "./+types/search";

// /search?search=… (SPEC §2): ranked, typo-tolerant results with the listing's filters and sort.

export const meta: Route.MetaFunction = (args) => [
  ...titleMeta("search")(args),
  // Result pages are for people, not for search engines.
  { name: "robots", content: "noindex, follow" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, 200);
  const [listing, suggestions] = await Promise.all([
    loadListing(context, request, { kind: "search-results", basePath: "/search", search }),
    softly(context, "no-results suggestions", () => context.services.content.entry("no-results-suggestions", "main", context.site.id)),
  ]);
  return { ...listing, suggestions };
}

type Suggestions = NonNullable<Awaited<ReturnType<typeof loader>>["suggestions"]>;

/** SPEC §7 no-results suggestions, from content; without them, a way back to the whole range. */
function NoResults({ search, suggestions }: { search: string | null; suggestions: Suggestions | null }) {
  return (
    <div className="rounded border border-gray-200 bg-mist px-6 py-8" data-testid="no-results">
      <p className="text-lg font-semibold text-secondary">
        {search ? <>We found nothing for “{search}”.</> : "Type what you are looking for in the search box above."}
      </p>
      {suggestions ? (
        <>
          <h2 className="mt-6 font-semibold text-secondary">{suggestions.heading}</h2>
          {suggestions.bodyHtml && <RichText html={suggestions.bodyHtml} className="mt-2" />}
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={suggestions.heading}>
            {suggestions.links.map((link) => (
              <li key={link.url}>
                <ContentAnchor
                  link={link}
                  className="inline-block rounded-full border border-primary bg-white px-4 py-1.5 text-sm font-medium text-primary hover:bg-primary hover:text-white"
                />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Link to="/products" className="mt-4 inline-block font-semibold text-primary underline">
          Shop All Pet Food
        </Link>
      )}
    </div>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const title = usePageTitle("search");
  return (
    <ListingView
      data={loaderData}
      title={title}
      intro={
        loaderData.search ? (
          <p className="mt-1 text-gray-700" data-testid="search-query">
            for “{loaderData.search}”
          </p>
        ) : null
      }
      noResults={<NoResults search={loaderData.search} suggestions={loaderData.suggestions} />}
    />
  );
}
