import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders, type OrderStatus } from "./schema";
import { isUuid } from "../../../rules/shared/ids";
import { decline, markPaid } from "./status";
import { orderView, type OrderLineRow, type OrderRow, type OrderView } from "./view";

// The orders module's steps for the order workflows (place-order, advance-order, refund-order),
// called inside the workflow's own transaction (hence `tx`), each one read or write of the orders
// tables. The lock order and the guarantees they serve are numbered at the top of each workflow.

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "number" | "status" | "createdAt" | "updatedAt">;
/** A line as the cart priced it: its share of the order's discount and tax is spread here. */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "orderId" | "position" | "discountCents" | "taxCents"> & { subtotalCents: number };

/** Not a declined attempt: the order a key or a cart stands for (a decline frees both). */
const live = ne(orders.status, "declined");

/** The live order placed under this idempotency key or from this cart, or null. */
export async function liveOrderIdFor(conn: Db, by: { idempotencyKey: string } | { cartId: string }): Promise<string | null> {
  const [row] = await conn
    .select({ id: orders.id })
    .from(orders)
    .where(and("idempotencyKey" in by ? eq(orders.idempotencyKey, by.idempotencyKey) : eq(orders.cartId, by.cartId), live))
    .limit(1);
  return row?.id ?? null;
}

/**
 * One buyer's checkouts one at a time (a transaction-scoped advisory lock on the customer, a guest
 * by e-mail): "has an Autoship order already" and "used this code before" are then decided with no
 * racing checkout of theirs unseen. A customer's erasure takes it too.
 */
export async function lockBuyer(tx: Db, buyer: { customerId: string | null; email?: string }): Promise<void> {
  const subject = buyer.customerId ?? `email:${(buyer.email ?? "").trim().toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-of:${subject}`}, 0))`);
}

/** Splits `total` over `weights` in proportion, the rounding remainder on the largest weight. */
function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - parts.reduce((s, p) => s + p, 0);
  parts[weights.indexOf(Math.max(...weights))] += rest;
  return parts;
}

/**
 * Inserts the order as `placed` with its lines in their cart order, the order's discount and tax
 * spread over the lines in proportion to their subtotals. A second order under the same key or from
 * the same cart fails on the unique indexes (23505): the caller looks again.
 */
export async function insertPlacedOrder(tx: Db, order: NewOrder, lines: readonly NewOrderLine[]): Promise<string> {
  const [row] = await tx
    .insert(orders)
    .values({ ...order, email: order.email.trim().toLowerCase(), status: "placed" })
    .returning({ id: orders.id });
  const subtotals = lines.map((l) => l.subtotalCents);
  const discounts = allocate(order.discountCents, subtotals);
  const taxes = allocate(order.taxCents, subtotals);
  await tx.insert(orderLines).values(lines.map((l, i) => ({ ...l, orderId: row.id, position: i, discountCents: discounts[i], taxCents: taxes[i] })));
  return row.id;
}

/** The order under its row lock (FOR UPDATE), whatever its status, or null when there is none. */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/** The order by id (uuid) or number ("KC-100001", any case) under its row lock, or null. */
export async function lockOrderByRef(tx: Db, ref: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(isUuid(ref) ? eq(orders.id, ref) : eq(orders.number, ref.toUpperCase()))
    .for("update");
  return row ?? null;
}

/**
 * Writes a status the caller checked with status.ts under the order's row lock (advance-order,
 * refund-order), with the carrier's tracking number when it ships.
 */
export async function setOrderStatus(tx: Db, orderId: string, status: OrderStatus, trackingNumber?: string | null): Promise<void> {
  await tx
    .update(orders)
    .set({ status, ...(trackingNumber !== undefined ? { trackingNumber } : {}), updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** placed → paid, recording the payment; the caller holds the order's row lock. */
export async function markOrderPaid(tx: Db, order: Pick<OrderRow, "id" | "status">, paymentId: string): Promise<void> {
  const next = markPaid(order.status);
  if (!next.ok) throw new Error(next.message);
  await tx
    .update(orders)
    .set({ status: next.status, paymentId, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
}

/** The order a line belongs to (its id and number) and the line's title: the console's link from a verified review. */
export async function orderLineRef(conn: Db, orderLineId: string): Promise<{ orderId: string; orderName: string; variantTitle: string } | null> {
  const [row] = await conn
    .select({ orderId: orders.id, orderName: orders.number, variantTitle: orderLines.title })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, orderLineId));
  return row ?? null;
}

/** placed → declined: the payment step's compensation for the placing (its stock is the inventory module's to release). */
export async function markOrderDeclined(tx: Db, order: Pick<OrderRow, "id" | "status">): Promise<void> {
  const next = decline(order.status);
  if (!next.ok) throw new Error(next.message);
  await tx
    .update(orders)
    .set({ status: next.status, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
}

/** The order as its owner sees it, by id, whatever its status (the workflow that placed it answers with it). */
export async function orderViewById(conn: Db, orderId: string): Promise<OrderView> {
  const [o] = await conn.select().from(orders).where(eq(orders.id, orderId));
  const lines: OrderLineRow[] = await conn.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  return orderView(o, lines);
}

/** The donation tracking an order carried (an Autoship renewal gives to its first order's cause). */
export async function donationTrackingIdOf(conn: Db, orderId: string): Promise<string | null> {
  const [row] = await conn.select({ trackingId: orders.donationTrackingId }).from(orders).where(eq(orders.id, orderId));
  return row?.trackingId ?? null;
}
