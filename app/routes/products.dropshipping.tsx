import { data } from "react-router";
import { loadProductPage, ProductPage, productMeta } from "../features/catalog/product-page";
import { rootConfig, titleMeta } from "../lib/meta";
import type { Route } from "./+types/products.dropshipping";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = await loadProductPage(context, request, { handle: params.handle.toLowerCase(), brand: null, flavor: null, size: null });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = (args) =>
  args.error || !args.loaderData ? titleMeta("product")(args) : productMeta(args.loaderData, rootConfig(args.matches)?.site.title ?? "");

export default function DropshippingProduct({ loaderData }: Route.ComponentProps) {
  return <ProductPage data={loaderData} />;
}
