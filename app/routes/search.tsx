import { Link } from "react-router";
import { ListingView } from "../features/catalog/listing-view";
import { loadListing } from "../features/catalog/listing-loader";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { usePublicConfig } from "../lib/use-public-config";
import type { Route } from "./+types/search";

// /search?search=… (SPEC §2): ranked, typo-tolerant results with the listing's filters and sort.

export const meta: Route.MetaFunction = (args) => [
  ...titleMeta("search")(args),
  // Result pages are for people, not for search engines.
  { name: "robots", content: "noindex, follow" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, 200);
  return loadListing(context, request, { kind: "search-results", basePath: "/search", search });
}

/** Popular places to go when a search finds nothing. */
const SUGGESTIONS_D2C = [
  { label: "Dog Food", to: "/products/dog/species" },
  { label: "Cat Food", to: "/products/cat/species" },
  { label: "Puppy Food", to: "/products/dog/pet-age/puppy-food" },
  { label: "Kitten Food", to: "/products/cat/pet-age/kitten-food" },
  { label: "Dry Dog Food", to: "/products/dog/food-form/dry-food" },
  { label: "Wet Cat Food", to: "/products/cat/food-form/wet-food" },
  { label: "Dog Treats", to: "/products/dog/food-form/treats" },
  { label: "Shop All Pet Food", to: "/products" },
];
const SUGGESTIONS_HPSF = [
  { label: "Prescription Diets for Dogs", to: "/products/dog/prescription-diet" },
  { label: "Prescription Diets for Cats", to: "/products/cat/prescription-diet" },
  ...SUGGESTIONS_D2C,
];

function NoResults({ search }: { search: string | null }) {
  const { site } = usePublicConfig();
  const suggestions = site.isStaff ? SUGGESTIONS_HPSF : SUGGESTIONS_D2C;
  return (
    <div className="rounded border border-gray-200 bg-mist px-6 py-8" data-testid="no-results">
      <p className="text-lg font-semibold text-secondary">
        {search ? <>We found nothing for “{search}”.</> : "Type what you are looking for in the search box above."}
      </p>
      {search && <p className="mt-2 text-gray-700">Check the spelling, try fewer or more general words, or a SKU.</p>}
      <h2 className="mt-6 font-semibold text-secondary">Popular categories</h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Popular categories">
        {suggestions.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="inline-block rounded-full border border-primary bg-white px-4 py-1.5 text-sm font-medium text-primary hover:bg-primary hover:text-white">
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
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
      noResults={<NoResults search={loaderData.search} />}
    />
  );
}
