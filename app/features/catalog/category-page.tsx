import type { AppLoadContext } from "react-router";
import { categoryDescription, categoryTitle } from "../../../rules/catalog/category-copy";
import type { ProductPath } from "../../../rules/catalog/product-paths";
import { ListingView } from "./listing-view";
import { loadListing } from "./listing-loader";

// The category listing screen (SPEC §2 /products/{species?}/{category?}/{detail?}): the listing of
// /products with the category's filters fixed. Returns null when the category or its detail is
// unknown (the route answers 404).

export async function loadCategoryPage(context: AppLoadContext, request: Request, path: Extract<ProductPath, { kind: "category" }>) {
  const resolved = await context.services.catalog.resolveCategory(context.site.id, path.species, path.category, path.detail);
  if (!resolved) return null;
  const copy = {
    species: resolved.species,
    category: resolved.category ? { slug: resolved.category.slug, label: resolved.category.label } : null,
    option: resolved.option,
    siteTitle: context.site.title,
  };
  const title = categoryTitle(copy);
  const basePath = `/products/${[path.species, path.category, path.detail].filter(Boolean).join("/")}`;
  const speciesLabel = resolved.species === "dog" ? "Dog" : "Cat";
  const fixedLabels = [
    { label: speciesLabel, field: "species", value: resolved.species },
    ...(resolved.category && resolved.category.slug !== "species"
      ? [{ label: resolved.option?.label ?? resolved.category.label, field: resolved.category.slug, value: resolved.option?.slug ?? "" }]
      : []),
  ];
  const listing = await loadListing(context, request, {
    kind: "category-listing",
    basePath,
    fixed: resolved.filters,
    fixedLabels,
    // /products/dog is the species page /products/dog/species under another name.
    category: { label: title, url: path.category ? basePath : `/products/${path.species}/species`, species: resolved.species },
  });
  return { title, description: categoryDescription(copy), canonical: `${listing.origin}${basePath}`, listing };
}

export type CategoryPageData = NonNullable<Awaited<ReturnType<typeof loadCategoryPage>>>;

// The category route fetches this screen on demand; its meta lives apart so the route need not load it.
export { categoryMeta } from "./catalog-meta";

export function CategoryPage({ data }: { data: CategoryPageData }) {
  return <ListingView data={data.listing} title={data.title} />;
}
