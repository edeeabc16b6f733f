import { useEffect } from "react";
import { Link, useActionData } from "react-router";
import { CHECKOUT_STEPS, furthestStep } from "../../rules/checkout/steps-and-handoff";
import { Screen } from "../components/screen";
import { checkoutAction, checkoutLoader } from "../features/checkout/checkout-route.server";
import { rememberAutoshipTerms } from "../features/cart/autoship-terms-memory";
import { CheckoutSummary, InformationStep, PaymentStep, ShippingStep, StepNav } from "../features/checkout/checkout-steps";
import { useCheckoutEvents } from "../features/checkout/checkout-analytics";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/checkout";

export const meta = titleMeta("checkout");

export const loader = (args: Route.LoaderArgs) => checkoutLoader(args);
export const action = (args: Route.ActionArgs) => checkoutAction(args);

const LINK_ERRORS: Record<string, string> = {
  expired: "This checkout link has expired.",
  tampered: "This checkout link is not valid.",
  malformed: "This checkout link is not valid.",
  not_yours: "This checkout link belongs to another cart or account.",
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const title = usePageTitle("checkout");
  const shown = loaderData.kind === "checkout" ? loaderData : null;
  useCheckoutEvents(shown?.analytics ?? null, shown?.step ?? "", shown?.shippingMethod ?? null);
  // An autoship checkout is only reached with the terms acknowledged; remember it here too, for a
  // cart form that was sent before its page had hydrated (its box never told the browser).
  const acknowledgedAutoship = shown?.hasAutoship ?? false;
  useEffect(() => {
    if (acknowledgedAutoship) rememberAutoshipTerms(true);
  }, [acknowledgedAutoship]);
  if (loaderData.kind === "link-error") {
    return (
      <Screen title={title}>
        <p role="alert" className="mt-4 rounded border border-error bg-error/10 px-4 py-3" data-testid="checkout-link-error">
          {LINK_ERRORS[loaderData.reason]} Please start the checkout again from your cart.
        </p>
        <Link to="/cart" className="mt-4 inline-block font-semibold text-primary underline">
          Back to the cart
        </Link>
      </Screen>
    );
  }
  const d = loaderData;
  const furthest = CHECKOUT_STEPS.indexOf(furthestStep({ email: d.email || null, hasShipping: Boolean(d.shipping), shippingMethod: d.shippingMethod }));
  return (
    <Screen title={title} wide>
      <StepNav current={d.step} furthest={furthest} />
      <div className="mt-2 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          {d.step === "information" ? <InformationStep d={d} answer={answer} /> : null}
          {d.step === "shipping" ? <ShippingStep d={d} answer={answer} /> : null}
          {d.step === "payment" ? <PaymentStep d={d} answer={answer} /> : null}
        </div>
        <CheckoutSummary d={d} />
      </div>
    </Screen>
  );
}
