import { loadContentPage, redirectOrNotFound } from "../features/content/content-loader.server";
import { PageSections } from "../features/content/page-sections";
import { rootConfig, titleMeta } from "../lib/meta";
import type { Route } from "./+types/$slug";

// Pages the shop shows through their own routes are not served again under /:slug.
const NOT_STANDALONE = new Set(["home", "error"]);

/**
 * SPEC §2 catch-all single-segment page (/:slug): a published content page with that slug. None →
 * a redirect managed as content, else 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  const page = NOT_STANDALONE.has(slug) || !/^[a-z0-9-]+$/.test(slug) ? null : await loadContentPage(context, slug);
  if (!page) return redirectOrNotFound(context, request);
  return { page };
}

export const meta: Route.MetaFunction = (args) => {
  const config = rootConfig(args.matches);
  if (args.error || !args.loaderData || !config) return titleMeta("notFound")(args);
  const { page } = args.loaderData;
  return [{ title: `${page.title} | ${config.site.title}` }, ...(page.description ? [{ name: "description", content: page.description }] : [])];
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="main" className="pb-8">
      <div className="mx-auto max-w-4xl px-4 pt-8">
        <h1 className="text-3xl font-bold text-secondary">{page.title}</h1>
      </div>
      <PageSections sections={page.sections} listName={page.title} />
    </main>
  );
}
