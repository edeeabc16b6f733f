import { useEffect, type FormEvent } from "react";
import type { Basket } from "../../../rules/consent/ga4-catalog-events";
import { addPaymentInfoEvent, addShippingInfoEvent, beginCheckoutEvent, paymentTypeOf, type purchaseEvent } from "../../../rules/consent/ga4-checkout-events";
import { pushAnalytics } from "../../lib/analytics";

// The checkout's GA4 events. The screens are plain forms rendered by the server; these fire in the
// browser from the screen that shows each step, with the basket the loader sends (null on the staff
// site, which sends no analytics). Without JavaScript nothing is sent — there is no tag manager then.

/**
 * begin_checkout once when the checkout's screens are entered (moving between its steps stays on the
 * same screen: no new one); add_shipping_info whenever the payment step shows after a shipping method
 * was chosen, with that method as the tier.
 */
export function useCheckoutEvents(basket: Basket | null, step: string, shippingMethod: string | null) {
  useEffect(() => {
    if (basket) pushAnalytics(beginCheckoutEvent(basket));
  }, []);
  useEffect(() => {
    if (basket && step === "payment" && shippingMethod) pushAnalytics(addShippingInfoEvent(basket, shippingMethod));
  }, [step, shippingMethod]);
}

/** add_payment_info as the payment form is submitted, with the way it pays (a typed or a saved card). */
export function trackPaymentSubmit(basket: Basket | null, event: FormEvent<HTMLFormElement>) {
  if (!basket) return;
  const choice = new FormData(event.currentTarget).get("paymentChoice");
  pushAnalytics(addPaymentInfoEvent(basket, paymentTypeOf(typeof choice === "string" ? choice : null)));
}

/** purchase, handed over by the confirmation's loader only to the first view of the order. */
export function usePurchaseEvent(event: ReturnType<typeof purchaseEvent> | null) {
  const transaction = event?.ecommerce.transaction_id ?? null;
  useEffect(() => {
    if (event) pushAnalytics(event);
  }, [transaction]);
}
