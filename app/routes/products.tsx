import { ListingView } from "../features/catalog/listing-view";
import { loadListing } from "../features/catalog/listing-loader";
import { DeferredContentBlock } from "../features/content/content-block";
import { loadListingBlock } from "../features/content/content-loader.server";
import { rootConfig, titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { documentTitle, pageTitle } from "../../rules/shared/page-titles";
import type { Route } from "./+types/products";

// /products, "Shop All Pet Food" (SPEC §2): every product of the site, with filters, sort and pages in the URL.

export async function loader({ context, request }: Route.LoaderArgs) {
  const listing = await loadListing(context, request, { kind: "product-listing", basePath: "/products" });
  return { ...listing, contentBlock: loadListingBlock(context, "products") };
}

export const meta: Route.MetaFunction = (args) => {
  const { matches, loaderData, error } = args;
  if (error || !loaderData) return titleMeta("products")(args);
  const config = rootConfig(matches);
  const site = config?.site ?? { isStaff: false, title: "" };
  const title = pageTitle("products", site);
  const filtered = loaderData.chips.length > 0 || loaderData.state.page > 1;
  return [
    { title: documentTitle(title, site) },
    { name: "description", content: "Dry food, wet food and treats for dogs and cats, delivered." },
    { tagName: "link", rel: "canonical", href: `${loaderData.origin}/products` },
    // Filtered and paged variants of the listing are for people; search engines index the listing itself.
    ...(filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ListingView data={loaderData} title={usePageTitle("products")} />
      <DeferredContentBlock block={loaderData.contentBlock} />
    </>
  );
}
