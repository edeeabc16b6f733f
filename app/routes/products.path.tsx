import { CategoryPage, categoryMeta, loadCategoryPage } from "../features/catalog/category-page";
import { loadProductPage, ProductPage, productMeta } from "../features/catalog/product-page";
import { rootConfig, titleMeta } from "../lib/meta";
import { classifyProductPath } from "../../rules/product-paths";
import { loadListingBlock, loadProductBlock, redirectOrNotFound } from "../features/content/content-loader.server";
import { DeferredContentBlock } from "../features/content/content-block";
import type { Route } from "./+types/products.path";

// /products/... is a category listing or a product detail depending on its segments (rules/product-paths.ts).
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const path = classifyProductPath(params["*"] ?? "");
  if (path.kind === "product") {
    const page = await loadProductPage(context, request, path);
    if (page) return { kind: "product" as const, page, contentBlock: loadProductBlock(context, path.handle) };
  } else if (path.kind === "category") {
    const page = await loadCategoryPage(context, request, path);
    if (page) {
      const slug = [path.species, path.category, path.detail].filter(Boolean).join("/");
      return { kind: "category" as const, page, contentBlock: loadListingBlock(context, slug) };
    }
  }
  return redirectOrNotFound(context, request);
}

export const meta: Route.MetaFunction = (args) => {
  const site = rootConfig(args.matches)?.site.title ?? "";
  const loaded = args.loaderData;
  if (args.error || !loaded) return titleMeta("category")(args);
  return loaded.kind === "product" ? productMeta(loaded.page, site) : categoryMeta(loaded.page, site);
};

export default function ProductPath({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.kind === "product" ? <ProductPage data={loaderData.page} /> : <CategoryPage data={loaderData.page} />}
      <DeferredContentBlock block={loaderData.contentBlock} />
    </>
  );
}
