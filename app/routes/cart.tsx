import { Suspense } from "react";
import { Await, useActionData } from "react-router";
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
      {/* The carousel may stream in after the cart: its space is kept, so the footer does not jump. */}
      <Suspense fallback={<ProductCarouselSpace />}>
        <Await resolve={loaderData.carousel} errorElement={null}>
          {(carousel) => (carousel ? <LazyProductCarousel carousel={carousel} listName={CAROUSEL_LIST_NAMES.cart} /> : null)}
        </Await>
      </Suspense>
    </Screen>
  );
}
