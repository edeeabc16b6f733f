import { and, asc, eq, exists, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartLines, carts } from "./schema";

// The one read of carts for the abandoned-cart mails (server/workflows/marketing-automations.ts):
// signed-in customers' active carts with at least one line, last changed inside a window. Every
// change to a cart (a line, a note, a code) moves updated_at, so "last changed" is that column;
// an emptied cart has no lines and a checked-out one is not active, so neither is returned.

export type AbandonedCart = {
  cartId: string;
  site: "d2c" | "hpsf";
  customerId: string;
  updatedAt: Date;
  lines: { variantId: number; quantity: number }[];
};

/**
 * Signed-in customers' non-empty active carts last changed in (updatedAfter, updatedBefore], oldest
 * change first (carts_abandoned_idx); `from`: the page after this cart (the last of the previous page).
 */
export async function abandonedCarts(
  db: Db,
  q: { updatedAfter: Date; updatedBefore: Date; limit: number; from?: Pick<AbandonedCart, "cartId"> },
): Promise<AbandonedCart[]> {
  const rows = await db
    .select({ cartId: carts.id, site: carts.site, customerId: carts.customerId, updatedAt: carts.updatedAt })
    .from(carts)
    .where(
      and(
        eq(carts.status, "active"),
        isNotNull(carts.customerId),
        gt(carts.updatedAt, q.updatedAfter),
        lte(carts.updatedAt, q.updatedBefore),
        // The cursor's own row is read back: a JavaScript Date holds milliseconds, the column microseconds.
        q.from ? sql`(${carts.updatedAt}, ${carts.id}) > (select c.updated_at, c.id from ${carts} c where c.id = ${q.from.cartId})` : undefined,
        exists(db.select({ one: cartLines.id }).from(cartLines).where(eq(cartLines.cartId, carts.id))),
      ),
    )
    .orderBy(asc(carts.updatedAt), asc(carts.id))
    .limit(q.limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select({ cartId: cartLines.cartId, variantId: cartLines.variantId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(
      inArray(
        cartLines.cartId,
        rows.map((r) => r.cartId),
      ),
    )
    .orderBy(asc(cartLines.seq));
  return rows.map((r) => ({
    ...r,
    customerId: r.customerId!,
    lines: lines.filter((l) => l.cartId === r.cartId).map(({ variantId, quantity }) => ({ variantId, quantity })),
  }));
}
