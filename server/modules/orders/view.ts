import { moneyOf } from "../../../rules/shared/money";
import { SUBSTITUTE_ATTRIBUTE } from "../../../rules/autoship/substitute";
import type { orderLines, orders } from "./schema";

// An order as its owner and the console read it (money as SPEC §3's amounts), from its rows.

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderView = ReturnType<typeof orderView>;

export function orderView(o: OrderRow, lines: readonly OrderLineRow[]) {
  return {
    id: o.id,
    name: o.number,
    number: o.number,
    status: o.status,
    email: o.email,
    processedAt: o.createdAt.toISOString(),
    shippingMethod: o.shippingMethod,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    attributes: o.attributes,
    discountCodes: o.discountCodes,
    donationTrackingId: o.donationTrackingId,
    trackingNumber: o.trackingNumber,
    programDiscount: moneyOf(o.programDiscountCents),
    attestedAt: o.attestedAt?.toISOString() ?? null,
    subtotal: moneyOf(o.subtotalCents),
    totalDiscounts: moneyOf(o.discountCents),
    totalShipping: moneyOf(o.shippingCents),
    serviceCharge: moneyOf(o.serviceChargeCents),
    totalTax: moneyOf(o.taxCents),
    /** The shopper's donation add-on or round-up, charged as a line of its own (in totalPrice). */
    donationAddon: moneyOf(o.donationAddonCents),
    totalPrice: moneyOf(o.totalCents),
    totalRefunded: moneyOf(o.refundedCents),
    lineItems: lines.map((l) => ({
      id: l.id,
      title: l.productTitle,
      variantTitle: l.title,
      sku: l.sku,
      quantity: l.quantity,
      variant: { id: String(l.variantId) },
      sellingPlanId: l.sellingPlanId,
      unitPrice: moneyOf(l.unitPriceCents),
      subtotal: moneyOf(l.subtotalCents),
      discount: moneyOf(l.discountCents),
      tax: moneyOf(l.taxCents),
      refundedQuantity: l.refundedQuantity,
      /** An Autoship's chosen substitute: what it replaced and why (rules/autoship/substitute.ts); null otherwise. */
      substitutedFor: l.attributes.find((a) => a.key === SUBSTITUTE_ATTRIBUTE)?.value ?? null,
    })),
  };
}
