import type { AppLoadContext } from "react-router";
import { NotBuiltYet, Screen } from "../../components/screen";

// The product detail screen (SPEC §2), shared by /products/{handle}, /products/{brand}/{handle}/{flavor}/{size}
// and /products/dropshipping/{handle}. Returns null when no product has the handle (the route answers 404).

export type ProductPathParts = { handle: string; brand: string | null; flavor: string | null; size: string | null };

export async function loadProductPage(context: AppLoadContext, _request: Request, path: ProductPathParts) {
  const product = await context.services.catalog.productSummary(path.handle);
  return product ? { product } : null;
}

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>;

export function productMeta(data: ProductPageData, siteTitle: string) {
  return [{ title: `${data.product.title} | ${siteTitle}` }, { name: "description", content: data.product.description }];
}

export function ProductPage({ data }: { data: ProductPageData }) {
  return (
    <Screen title={data.product.title} wide>
      <p className="mt-2 text-gray-700">{data.product.brand}</p>
      <NotBuiltYet what="The product detail page" />
    </Screen>
  );
}
