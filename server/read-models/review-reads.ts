import { and, asc, eq, gte, inArray, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { ReadDb } from "./read-db";
import { products, variants } from "../modules/catalog/schema";
import { orderLines, orders } from "../modules/orders/schema";
import { reviewRequests } from "../modules/reviews/schema";
import type { DeliveredLine, DueOrder, ReviewPorts } from "../modules/reviews";

// What the reviews module reads of other modules' tables: a customer's delivered order lines with
// their product (orders × catalogue), orders due a review request, product and variant titles.
// Read-only. An order has no delivery timestamp of its own: a delivered order's updated_at is the
// moment it was marked delivered (advance-order), later moved only by a partial refund — which
// then delays its review request, never sends it early.

export function createReviewReads(db: ReadDb): ReviewPorts {
  return {
    async deliveredLines(customerId, filter): Promise<DeliveredLine[]> {
      const rows = await db
        .select({
          orderLineId: orderLines.id,
          orderId: orders.id,
          orderName: orders.number,
          productId: variants.productId,
          variantId: orderLines.variantId,
          variantTitle: orderLines.title,
          deliveredAt: orders.updatedAt,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(variants, eq(variants.id, orderLines.variantId))
        .where(
          and(
            eq(orders.customerId, customerId),
            eq(orders.status, "delivered"),
            filter.productId !== undefined ? eq(variants.productId, filter.productId) : undefined,
            filter.orderLineId !== undefined ? eq(orderLines.id, filter.orderLineId) : undefined,
            // A line refunded in full was returned or never kept: nothing to review.
            sql`${orderLines.refundedQuantity} < ${orderLines.quantity}`,
          ),
        )
        .orderBy(asc(orders.updatedAt), asc(orderLines.position));
      return rows;
    },

    async dueForRequest({ after, before, limit }): Promise<DueOrder[]> {
      // Only the shop's customers: the staff site shows no reviews (SPEC §6), and guests cannot write one.
      const due = await db
        .select({ orderId: orders.id, orderName: orders.number, email: orders.email, site: orders.site })
        .from(orders)
        .where(
          and(
            eq(orders.status, "delivered"),
            eq(orders.site, "d2c"),
            isNotNull(orders.customerId),
            gte(orders.updatedAt, after),
            lt(orders.updatedAt, before),
            notExists(
              db
                .select({ one: sql`1` })
                .from(reviewRequests)
                .where(eq(reviewRequests.orderId, orders.id)),
            ),
          ),
        )
        .orderBy(asc(orders.updatedAt))
        .limit(limit);
      if (!due.length) return [];
      const lines = await db
        .select({
          orderId: orderLines.orderId,
          orderLineId: orderLines.id,
          productTitle: products.title,
          productHandle: products.handle,
          productId: products.id,
        })
        .from(orderLines)
        .innerJoin(variants, eq(variants.id, orderLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          and(
            inArray(
              orderLines.orderId,
              due.map((o) => o.orderId),
            ),
            sql`${orderLines.refundedQuantity} < ${orderLines.quantity}`,
          ),
        )
        .orderBy(asc(orderLines.position));
      return due
        .map((o) => {
          // One link per product: two sizes of one food are one review form.
          const seen = new Set<number>();
          const own = lines.filter((l) => l.orderId === o.orderId && !seen.has(l.productId) && seen.add(l.productId));
          return { ...o, lines: own.map((l) => ({ orderLineId: l.orderLineId, productTitle: l.productTitle, productHandle: l.productHandle })) };
        })
        .filter((o) => o.lines.length > 0);
    },

    async productTitles(ids) {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids));
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    async variantTitles(ids) {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: variants.id, flavor: variants.flavor, size: variants.sizeLabel }).from(variants).where(inArray(variants.id, ids));
      return new Map(rows.map((r) => [r.id, `${r.flavor} / ${r.size}`]));
    },
  };
}
