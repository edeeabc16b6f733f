import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/products";

export const meta = titleMeta("products", "Dry food, wet food and treats for dogs and cats, delivered.");

export async function loader({ context }: Route.LoaderArgs) {
  return { counts: await context.services.catalog.counts() };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  return (
    <Screen title={usePageTitle("products")} wide>
      <p className="mt-2 text-gray-700">
        {counts.products} foods in {counts.variants} sizes and flavours.
      </p>
      <NotBuiltYet what="The product listing" />
    </Screen>
  );
}
