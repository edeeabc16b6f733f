// Shipping rates (SPEC §9): standard shipping is free when the cart subtotal after discounts reaches the
// free-shipping threshold (config FREE_SHIPPING_THRESHOLD_CENTS), otherwise a flat rate; express is
// always paid. Alaska and Hawaii carry a $4.00 service charge on top, whatever the method.

export type ShippingMethod = "standard" | "express";
export const SHIPPING_METHODS: readonly ShippingMethod[] = ["standard", "express"];

export const STANDARD_FLAT_RATE_CENTS = 799;
export const EXPRESS_RATE_CENTS = 1999;
/** SPEC §9: Alaska and Hawaii service charge. */
export const REMOTE_STATE_SERVICE_CHARGE_CENTS = 400;
export const REMOTE_STATES = ["AK", "HI"] as const;

export type ShippingQuote = { method: ShippingMethod; shippingCents: number; serviceChargeCents: number; freeShipping: boolean };

export function shippingQuote(p: {
  method: ShippingMethod;
  /** Subtotal of the lines counting towards free shipping, after discounts. */
  subtotalAfterDiscountsCents: number;
  thresholdCents: number;
  state: string;
}): ShippingQuote {
  const free = p.method === "standard" && p.subtotalAfterDiscountsCents >= p.thresholdCents;
  const shippingCents = p.method === "express" ? EXPRESS_RATE_CENTS : free ? 0 : STANDARD_FLAT_RATE_CENTS;
  const serviceChargeCents = (REMOTE_STATES as readonly string[]).includes(p.state) ? REMOTE_STATE_SERVICE_CHARGE_CENTS : 0;
  return { method: p.method, shippingCents, serviceChargeCents, freeShipping: free };
}
