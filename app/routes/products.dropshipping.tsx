import { data } from "react-router";
import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import type { Route } from "./+types/products.dropshipping";

export const meta = titleMeta("product");

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await context.services.catalog.productSummary(params.handle.toLowerCase());
  if (!product) throw data(null, { status: 404 });
  return { product };
}

export default function DropshippingProduct({ loaderData }: Route.ComponentProps) {
  return (
    <Screen title={loaderData.product.title} wide>
      <p className="mt-2 text-gray-700">{loaderData.product.brand} · ships from our partner</p>
      <NotBuiltYet what="The product detail page" />
    </Screen>
  );
}
