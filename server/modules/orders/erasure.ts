import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { releaseStock } from "../catalog";
import type { OrderAddress } from "./address";
import { orderLines, orders } from "./schema";
import { cancel } from "./status";

// A customer's orders when their personal data is erased: KEPT, with their lines, SKUs, prices and
// totals (the books must still add up), but anonymised — the order's e-mail and the names, street
// lines and phone of its addresses are replaced. The ZIP, state and country stay: they are what the
// sales tax was charged on (rules/checkout/sales-tax.ts), and a tax record must show where the goods went;
// a ZIP alone does not name anyone.

export const ERASED_ADDRESS_LINE = "Erased";

export function anonymisedAddress(a: OrderAddress): OrderAddress {
  return {
    firstName: "Erased",
    lastName: "",
    address1: ERASED_ADDRESS_LINE,
    address2: "",
    city: "",
    provinceCode: a.provinceCode,
    zip: a.zip,
    countryCode: a.countryCode,
    phone: null,
  };
}

/**
 * Anonymises every order of the customer, each under its row lock (FOR UPDATE, ascending id, so a
 * payment under way finishes first and two erasures lock in the same order). An order still
 * `placed` is a checkout whose payment has not finished: it is cancelled through the lifecycle's own
 * rule and its stock reservation released, so the checkout's payment step finds it cancelled and
 * charges nothing — an erased account places no order after the fact.
 */
export async function anonymiseOrdersOf(tx: Db, customerId: string, email: string): Promise<{ orders: number; cancelledUnpaid: number }> {
  const rows = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentId: orders.paymentId,
      warehouseCode: orders.warehouseCode,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(orders.id)
    .for("update");
  let cancelledUnpaid = 0;
  for (const o of rows) {
    let status = o.status;
    if (o.status === "placed" && !o.paymentId) {
      const next = cancel(o.status);
      if (next.ok) {
        const lines = await tx.select({ variantId: orderLines.variantId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, o.id));
        await releaseStock(tx, o.warehouseCode, lines);
        status = next.status;
        cancelledUnpaid++;
      }
    }
    await tx
      .update(orders)
      .set({ email, status, shippingAddress: anonymisedAddress(o.shippingAddress), billingAddress: anonymisedAddress(o.billingAddress), updatedAt: sql`now()` })
      .where(eq(orders.id, o.id));
  }
  // Declined attempts are anonymised too, but counted as no order (they never were one to the operator).
  return { orders: rows.filter((o) => o.status !== "declined").length, cancelledUnpaid };
}
