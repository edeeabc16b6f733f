import { salesTaxCents, taxableBaseCents } from "./sales-tax";
import { shippingQuote, type ShippingMethod } from "./shipping-rates";
import { addonAmountCents, type AddonChoice } from "../donations/ledger-campaigns";

// An order's totals from the priced cart: merchandise after discounts, shipping (free
// standard when the subtotal counting toward free shipping reaches the threshold), the AK/HI service charge, and tax by destination state on
// merchandise + shipping + service charge (rules/checkout/sales-tax.ts). All in cents; computed on the server.
// A donation add-on or round-up the shopper chose comes last: it takes no tax, no shipping and no
// discount, and a round-up rounds the total of everything else.

export type CheckoutTotals = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  serviceChargeCents: number;
  taxCents: number;
  /** The shopper's donation add-on or round-up (0 when none); included in totalCents. */
  donationAddonCents: number;
  totalCents: number;
  freeShipping: boolean;
};

export function checkoutTotals(p: {
  subtotalCents: number;
  discountCents: number;
  method: ShippingMethod;
  state: string;
  freeShippingThresholdCents: number;
  /**
   * rules/cart/free-shipping.ts freeShippingQualifyingCents of the same lines and discount: for a cart,
   * its view's `freeShipping.qualifyingCents`, the number the cart's bar showed.
   */
  freeShippingQualifyingCents: number;
  donationAddon?: AddonChoice | null;
}): CheckoutTotals {
  const merchandiseCents = p.subtotalCents - p.discountCents;
  const quote = shippingQuote({
    method: p.method,
    freeShippingQualifyingCents: p.freeShippingQualifyingCents,
    thresholdCents: p.freeShippingThresholdCents,
    state: p.state,
  });
  const taxCents = salesTaxCents(
    p.state,
    taxableBaseCents({ merchandiseAfterDiscountsCents: merchandiseCents, shippingCents: quote.shippingCents, serviceChargeCents: quote.serviceChargeCents }),
  );
  const beforeAddonCents = merchandiseCents + quote.shippingCents + quote.serviceChargeCents + taxCents;
  const donationAddonCents = addonAmountCents(p.donationAddon ?? null, beforeAddonCents);
  return {
    subtotalCents: p.subtotalCents,
    discountCents: p.discountCents,
    shippingCents: quote.shippingCents,
    serviceChargeCents: quote.serviceChargeCents,
    taxCents,
    donationAddonCents,
    totalCents: beforeAddonCents + donationAddonCents,
    freeShipping: quote.freeShipping,
  };
}

/**
 * The cart page's estimate with the shopper's donation add-on: tax and shipping are not known yet,
 * so a round-up rounds the merchandise total (the checkout rounds the final total again).
 */
export function cartEstimate(p: { totalCents: number; donationAddon: AddonChoice | null }): { donationAddonCents: number; totalCents: number } {
  const donationAddonCents = addonAmountCents(p.donationAddon, p.totalCents);
  return { donationAddonCents, totalCents: p.totalCents + donationAddonCents };
}
