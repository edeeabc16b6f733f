import { and, eq, gte, inArray, isNotNull, max, sql, sum } from "drizzle-orm";
import { SOLD_ORDER_STATUSES } from "../../../rules/checkout/order-statuses";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { orderLines, orders } from "./schema";

// The marketing segments' questions to the orders (server/workflows/campaign-audience.ts): which
// accounts' sold orders (paid or later, neither cancelled nor refunded) match. Each is one query
// answering a set of customer ids, never a query per customer.

/**
 * Accounts whose sold orders on the site have their last one before (`older`) or since (`newer`)
 * the cut-off, and/or add up to at least `minSpendCents`. A "newer" question reads only the recent
 * orders (orders_created_idx); the others group the site's orders by account (orders_customer_idx).
 */
export async function customersByOrderHistory(
  db: Db,
  q: { site: SiteId; lastOrder: { before: Date } | { since: Date } | null; minSpendCents: number | null },
): Promise<string[]> {
  const having = [];
  if (q.lastOrder && "before" in q.lastOrder) having.push(sql`${max(orders.createdAt)} < ${q.lastOrder.before}`);
  if (q.minSpendCents !== null) having.push(sql`${sum(orders.totalCents)} >= ${q.minSpendCents}`);
  const rows = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(
      and(
        eq(orders.site, q.site),
        isNotNull(orders.customerId),
        inArray(orders.status, [...SOLD_ORDER_STATUSES]),
        // With only "since" asked, the recent orders are all that need reading.
        q.lastOrder && "since" in q.lastOrder && q.minSpendCents === null ? gte(orders.createdAt, q.lastOrder.since) : undefined,
      ),
    )
    .groupBy(orders.customerId)
    .having(and(...having, q.lastOrder && "since" in q.lastOrder ? sql`${max(orders.createdAt)} >= ${q.lastOrder.since}` : undefined));
  return rows.map((r) => r.customerId!);
}

/** Accounts with a sold order on the site holding one of these SKUs (order_lines_sku_idx). */
export async function customersWhoBoughtSkus(db: Db, site: SiteId, skus: readonly string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await db
    .selectDistinct({ customerId: orders.customerId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.sku, [...skus]), eq(orders.site, site), isNotNull(orders.customerId), inArray(orders.status, [...SOLD_ORDER_STATUSES])));
  return rows.map((r) => r.customerId!);
}
