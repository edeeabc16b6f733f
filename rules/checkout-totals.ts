import { salesTaxCents, taxableBaseCents } from "./sales-tax";
import { shippingQuote, type ShippingMethod } from "./shipping-rates";

// An order's totals from the priced cart: merchandise after discounts, shipping (free
// standard over the threshold), the AK/HI service charge, and tax by destination state on
// merchandise + shipping + service charge (rules/sales-tax.ts). All in cents; computed on the server.

export type CheckoutTotals = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  serviceChargeCents: number;
  taxCents: number;
  totalCents: number;
  freeShipping: boolean;
};

export function checkoutTotals(p: {
  subtotalCents: number;
  discountCents: number;
  method: ShippingMethod;
  state: string;
  freeShippingThresholdCents: number;
}): CheckoutTotals {
  const merchandiseCents = p.subtotalCents - p.discountCents;
  const quote = shippingQuote({ method: p.method, subtotalAfterDiscountsCents: merchandiseCents, thresholdCents: p.freeShippingThresholdCents, state: p.state });
  const taxCents = salesTaxCents(
    p.state,
    taxableBaseCents({ merchandiseAfterDiscountsCents: merchandiseCents, shippingCents: quote.shippingCents, serviceChargeCents: quote.serviceChargeCents }),
  );
  return {
    subtotalCents: p.subtotalCents,
    discountCents: p.discountCents,
    shippingCents: quote.shippingCents,
    serviceChargeCents: quote.serviceChargeCents,
    taxCents,
    totalCents: merchandiseCents + quote.shippingCents + quote.serviceChargeCents + taxCents,
    freeShipping: quote.freeShipping,
  };
}
