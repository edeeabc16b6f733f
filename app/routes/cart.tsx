import { Suspense } from "react";
import { useActionData } from "react-router";
import { CAROUSEL_LIST_NAMES } from "../../rules/content/carousel";
import { LazyProductCarousel, ProductCarouselSpace } from "../features/content/lazy-product-carousel";
import { Screen } from "../components/screen";
import { cartAction, cartLoader } from "../features/cart/cart-route.server";
import { CartPage } from "../features/cart/cart-page";
import { loadCartCarousel } from "../features/content/content-loader.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/cart";

export const meta = titleMeta("cart");

export const loader = (args: Route.LoaderArgs) => cartLoader(args, loadCartCarousel);

export const action = (args: Route.ActionArgs) => cartAction(args);

export default function Page({ loaderData }: Route.ComponentProps) {
  const pageResult = useActionData<typeof action>();
  return (
    <Screen title={usePageTitle("cart")} wide>
      <CartPage cart={loaderData.cart} pageResult={pageResult} staff={loaderData.staff} donation={loaderData.donation} />
      {/* Rendered with the page; in the browser its code comes after the page's, its space kept meanwhile. */}
      {loaderData.carousel ? (
        <Suspense fallback={<ProductCarouselSpace />}>
          <LazyProductCarousel carousel={loaderData.carousel} listName={CAROUSEL_LIST_NAMES.cart} />
        </Suspense>
      ) : null}
    </Screen>
  );
}
