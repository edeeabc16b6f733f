// The checkout's GA4 events and the purchase (see ga4-events.ts for the shared rules: value, items,
// coupon). Kept apart from the storefront's builders so only the checkout screens load them.

import { amountToCents, centsToDollars } from "../shared/money";
import { basketEcommerce, type Basket, type BasketLine } from "./ga4-catalog-events";

/** begin_checkout: the checkout's first screen. */
export function beginCheckoutEvent(basket: Basket) {
  return { event: "begin_checkout" as const, ecommerce: basketEcommerce(basket) };
}

/** add_shipping_info: a shipping method was chosen (the shop's method ids are the tiers: standard, express). */
export function addShippingInfoEvent(basket: Basket, shippingTier: string) {
  return { event: "add_shipping_info" as const, ecommerce: { ...basketEcommerce(basket), shipping_tier: shippingTier } };
}

/** How the payment form pays: a card typed in, or one saved on the account. */
export const PAYMENT_TYPES = { card: "Credit Card", saved: "Saved Card" } as const;

/** The payment type of the payment form's choice ("saved:{id}" or "new"). */
export function paymentTypeOf(paymentChoice: string | null | undefined): string {
  return paymentChoice?.startsWith("saved:") ? PAYMENT_TYPES.saved : PAYMENT_TYPES.card;
}

/** add_payment_info: the payment form was submitted. */
export function addPaymentInfoEvent(basket: Basket, paymentType: string) {
  return { event: "add_payment_info" as const, ecommerce: { ...basketEcommerce(basket), payment_type: paymentType } };
}

/** A placed order as the purchase event needs it (amounts in cents). */
export type PurchasedOrder = {
  number: string;
  lines: BasketLine[];
  discountCents: number;
  coupons: string[];
  shippingCents: number;
  serviceChargeCents: number;
  taxCents: number;
};

/**
 * purchase: the order as placed. transaction_id is the order number the shopper sees; `shipping`
 * includes the Alaska/Hawaii service charge (it is charged for shipping there), so
 * value + shipping + tax is the order's total.
 */
export function purchaseEvent(order: PurchasedOrder) {
  const basket = { lines: order.lines, discountCents: order.discountCents, coupons: order.coupons };
  return {
    event: "purchase" as const,
    ecommerce: {
      transaction_id: order.number,
      ...basketEcommerce(basket),
      tax: centsToDollars(order.taxCents),
      shipping: centsToDollars(order.shippingCents + order.serviceChargeCents),
    },
  };
}

type OrderLike = {
  number: string;
  discountCodes: readonly string[];
  totalDiscounts: { amount: string };
  totalShipping: { amount: string };
  serviceCharge: { amount: string };
  totalTax: { amount: string };
  lineItems: readonly { sku: string; title: string; variantTitle: string; quantity: number; unitPrice: { amount: string } }[];
};

/** An order as the orders module shows it → what the purchase event needs. */
export function purchasedOrderOf(order: OrderLike): PurchasedOrder {
  return {
    number: order.number,
    lines: order.lineItems.map((l) => ({
      sku: l.sku,
      title: l.title,
      variantTitle: l.variantTitle,
      unitPriceCents: amountToCents(l.unitPrice.amount),
      quantity: l.quantity,
    })),
    discountCents: amountToCents(order.totalDiscounts.amount),
    coupons: [...order.discountCodes],
    shippingCents: amountToCents(order.totalShipping.amount),
    serviceChargeCents: amountToCents(order.serviceCharge.amount),
    taxCents: amountToCents(order.totalTax.amount),
  };
}
