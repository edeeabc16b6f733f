import { Suspense } from "react";
import { loadCategoryPage } from "../features/catalog/category-page";
import { categoryMeta, productMeta } from "../features/catalog/catalog-meta";
import { loadProductPage } from "../features/catalog/product-page";
import { lazyView } from "../lib/lazy-view";
import { rootConfig, titleMeta } from "../lib/meta";
import { viewChunks } from "../lib/view-chunks.server";
import { classifyProductPath } from "../../rules/catalog/product-paths";
import { loadListingBlock, loadProductBlock, redirectOrNotFound } from "../features/content/content-loader.server";
import { DeferredContentBlock } from "../features/content/content-block";
import type { Route } from "./+types/products.path";

// /products/... is a category listing or a product detail depending on its segments (rules/catalog/product-paths.ts).
// Each screen's code is fetched on demand and preloaded by the page that shows it, so a product page
// does not load the listing's code nor a category page the product page's.
const ProductView = lazyView(() => import("../features/catalog/product-page").then((m) => m.ProductPage));
const CategoryView = lazyView(() => import("../features/catalog/category-page").then((m) => m.CategoryPage));
// Which screen a path likely shows, to fetch its code early: a species first is a category listing
// (rules/catalog/product-paths.ts decides for real, on the server; a wrong guess only fetches the other
// screen's code, and keeps that rule out of the browser's bundle).
const viewOf = (splat: string) => (/^(dog|cat)(\/|$)/.test(splat) ? CategoryView : ProductView);

// The page being hydrated starts its screen's code with this module (before React starts), so
// hydration normally finds it there and does not wait for it.
if (typeof document !== "undefined" && window.location.pathname.startsWith("/products/")) {
  viewOf(window.location.pathname.slice("/products/".length))
    .preload()
    .catch(() => null);
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const path = classifyProductPath(params["*"] ?? "");
  if (path.kind === "product") {
    const page = await loadProductPage(context, request, path);
    if (page) {
      await ProductView.preload();
      const scripts = viewChunks("app/features/catalog/product-page.tsx");
      return { kind: "product" as const, page, contentBlock: loadProductBlock(context, path.handle), scripts };
    }
  } else if (path.kind === "category") {
    const page = await loadCategoryPage(context, request, path);
    if (page) {
      await CategoryView.preload();
      const slug = [path.species, path.category, path.detail].filter(Boolean).join("/");
      const scripts = viewChunks("app/features/catalog/category-page.tsx");
      return { kind: "category" as const, page, contentBlock: loadListingBlock(context, slug), scripts };
    }
  }
  return redirectOrNotFound(context, request);
}

/** In the browser the screen's code is fetched alongside the data of a navigation. */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    viewOf(params["*"] ?? "")
      .preload()
      .catch(() => null),
  ]);
  return data;
}

export const meta: Route.MetaFunction = (args) => {
  const site = rootConfig(args.matches)?.site.title ?? "";
  const loaded = args.loaderData;
  if (args.error || !loaded) return titleMeta("category")(args);
  const preloads = loaded.scripts.map((href) => ({ tagName: "link", rel: "modulepreload", href }));
  return [...(loaded.kind === "product" ? productMeta(loaded.page, site) : categoryMeta(loaded.page, site)), ...preloads];
};

export default function ProductPath({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* One boundary for both screens: a navigation between them keeps the old one until the new one's code is here. */}
      <Suspense fallback={null}>
        {loaderData.kind === "product" ? <ProductView.View data={loaderData.page} /> : <CategoryView.View data={loaderData.page} />}
      </Suspense>
      <DeferredContentBlock block={loaderData.contentBlock} />
    </>
  );
}
