// Shipping rates (SPEC §9): standard shipping is free when the subtotal that counts toward free
// shipping (rules/cart/free-shipping.ts freeShippingQualifyingCents, the cart bar's) reaches the
// free-shipping threshold (config FREE_SHIPPING_THRESHOLD_CENTS), otherwise a flat rate; express is
// always paid. Alaska and Hawaii carry a $4.00 service charge on top, whatever the method.

import { qualifiesForFreeShipping } from "../cart/free-shipping";

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
  /** rules/cart/free-shipping.ts freeShippingQualifyingCents: the lines counting toward free shipping, after discounts. */
  freeShippingQualifyingCents: number;
  thresholdCents: number;
  state: string;
}): ShippingQuote {
  const free = p.method === "standard" && qualifiesForFreeShipping(p.freeShippingQualifyingCents, p.thresholdCents);
  const shippingCents = p.method === "express" ? EXPRESS_RATE_CENTS : free ? 0 : STANDARD_FLAT_RATE_CENTS;
  const serviceChargeCents = (REMOTE_STATES as readonly string[]).includes(p.state) ? REMOTE_STATE_SERVICE_CHARGE_CENTS : 0;
  return { method: p.method, shippingCents, serviceChargeCents, freeShipping: free };
}
