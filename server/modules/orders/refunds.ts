import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chargedCents, type RefundableLine, type RefundPlan } from "../../../rules/checkout/refunds";
import { orderLines, orderRefunds, orders } from "./schema";

// An order's refunds as the orders module keeps them: each one a row of its own, never updated, and
// the running figures on the order and its lines (units and money refunded so far) — all written
// by the caller's transaction, which holds the order's row lock.

/** The order's lines as a refund sees them (charged money, units already refunded). */
export async function refundableLines(tx: Db, orderId: string): Promise<(RefundableLine & { variantId: number })[]> {
  const rows = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  return rows.map((l) => ({
    id: l.id,
    variantId: l.variantId,
    sku: l.sku,
    title: `${l.productTitle} — ${l.title}`,
    quantity: l.quantity,
    chargedCents: chargedCents(l),
    refundedQuantity: l.refundedQuantity,
  }));
}

/** Writes a refund the caller has planned (rules/checkout/refunds.ts) and checked against the order's status. */
export async function recordRefund(tx: Db, orderId: string, plan: RefundPlan, meta: { restocked: boolean; reason: string; actor: string }): Promise<string> {
  for (const l of plan.lines)
    await tx
      .update(orderLines)
      .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${l.quantity}`, refundedCents: sql`${orderLines.refundedCents} + ${l.amountCents}` })
      .where(and(eq(orderLines.id, l.lineId), eq(orderLines.orderId, orderId)));
  await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${plan.totalCents}`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId,
      amountCents: plan.totalCents,
      lines: plan.lines,
      otherCents: plan.otherCents,
      restocked: meta.restocked,
      reason: meta.reason,
      actor: meta.actor,
    })
    .returning({ id: orderRefunds.id });
  return row.id;
}

export type RefundView = {
  id: string;
  at: string;
  amountCents: number;
  otherCents: number;
  restocked: boolean;
  reason: string;
  actor: string;
  lines: { sku: string; title: string; quantity: number; amountCents: number }[];
};

/** Each order's refunds, oldest first, in one query. */
export async function refundsOf(conn: Db, orderIds: readonly string[]): Promise<Map<string, RefundView[]>> {
  const out = new Map<string, RefundView[]>();
  if (!orderIds.length) return out;
  const rows = await conn
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.createdAt));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      at: r.createdAt.toISOString(),
      amountCents: r.amountCents,
      otherCents: r.otherCents,
      restocked: r.restocked,
      reason: r.reason,
      actor: r.actor,
      lines: r.lines.map(({ sku, title, quantity, amountCents }) => ({ sku, title, quantity, amountCents })),
    });
    out.set(r.orderId, list);
  }
  return out;
}
