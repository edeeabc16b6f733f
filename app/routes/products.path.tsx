import { data } from "react-router";
import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { classifyProductPath } from "../../rules/product-paths";
import type { Route } from "./+types/products.path";

export async function loader({ params, context }: Route.LoaderArgs) {
  const path = classifyProductPath(params["*"] ?? "");
  if (path.kind === "product") {
    const product = await context.services.catalog.productSummary(path.handle);
    if (!product) throw data(null, { status: 404 });
    return { kind: "product" as const, product };
  }
  if (path.kind === "category") return { kind: "category" as const, path };
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const base = titleMeta(args.loaderData?.kind === "product" ? "product" : "category")(args);
  if (args.loaderData?.kind !== "product") return base;
  const { product } = args.loaderData;
  const site = base[0].title?.split(" | ").slice(1).join(" | ");
  return [{ title: `${product.title} | ${site}` }, { name: "description", content: product.description }];
};

export default function ProductPath({ loaderData }: Route.ComponentProps) {
  const listingTitle = usePageTitle("category");
  if (loaderData.kind === "product") {
    const { product } = loaderData;
    return (
      <Screen title={product.title} wide>
        <p className="mt-2 text-gray-700">{product.brand}</p>
        <NotBuiltYet what="The product detail page" />
      </Screen>
    );
  }
  const { species, category, detail } = loaderData.path;
  return (
    <Screen title={listingTitle} wide>
      <p className="mt-2 text-gray-700">
        {[species, category, detail].filter(Boolean).join(" › ")}
      </p>
      <NotBuiltYet what="The category listing" />
    </Screen>
  );
}
