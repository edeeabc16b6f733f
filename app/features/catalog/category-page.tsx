import type { AppLoadContext } from "react-router";
import { NotBuiltYet, Screen } from "../../components/screen";
import { pageTitle } from "../../../rules/page-titles";
import type { ProductPath } from "../../../rules/product-paths";

// The category listing screen (SPEC §2 /products/{species?}/{category?}/{detail?}).
// Returns null when the category or its detail is unknown (the route answers 404).

export async function loadCategoryPage(
  context: AppLoadContext,
  _request: Request,
  path: Extract<ProductPath, { kind: "category" }>,
) {
  return { path, title: pageTitle("category", context.site) };
}

export type CategoryPageData = NonNullable<Awaited<ReturnType<typeof loadCategoryPage>>>;

export function categoryMeta(data: CategoryPageData, siteTitle: string) {
  return [{ title: `${data.title} | ${siteTitle}` }];
}

export function CategoryPage({ data }: { data: CategoryPageData }) {
  const { species, category, detail } = data.path;
  return (
    <Screen title={data.title} wide>
      <p className="mt-2 text-gray-700">{[species, category, detail].filter(Boolean).join(" › ")}</p>
      <NotBuiltYet what="The category listing" />
    </Screen>
  );
}
