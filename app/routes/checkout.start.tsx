import { useEffect, useRef } from "react";
import { Form, redirect } from "react-router";
import { cartIdFromCookieHeader } from "../../rules/cart/cookies";
import { Screen } from "../components/screen";
import { startCheckout } from "../features/checkout/checkout.server";
import type { Route } from "./+types/checkout.start";

// The hand-off from the cart (SPEC §4): the cart's "Proceed to Checkout" form posts here (with the
// autoship terms acknowledgement). A GET changes nothing (link previews, prefetchers and other sites'
// links may send one): without a cart it goes to the cart; with one it shows a "Continue to checkout"
// form that posts here. Reached from this site (the resume after signing in on the autoship login),
// the page submits that form by itself, so the shopper goes straight on.

export const action = async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  return startCheckout(request, context, form.get("autoshipTerms") === "on");
};

export function loader({ request }: Route.LoaderArgs) {
  if (!cartIdFromCookieHeader(request.headers.get("cookie"))) throw redirect("/cart");
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Checkout" }, { name: "robots", content: "noindex" }];

export default function CheckoutStart() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Only a navigation from one of this site's own pages continues by itself.
    if (URL.canParse(document.referrer) && new URL(document.referrer).origin === window.location.origin) form.current?.requestSubmit();
  }, []);
  return (
    <Screen title="Checkout">
      <Form ref={form} method="post" action="/checkout/start" reloadDocument className="mt-6" data-testid="checkout-start-form">
        <button type="submit" className="rounded bg-primary px-5 py-2.5 font-semibold text-white hover:bg-secondary">
          Continue to checkout
        </button>
      </Form>
    </Screen>
  );
}
