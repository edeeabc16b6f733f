import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartLines, carts, type CartStatus } from "./schema";

// The cart's lifecycle (SPEC §4 "Cart lifecycle"), owned by the cart module:
//   (none) → active          created on the first add (createCart)
//   active → active          add, remove, update, attributes, buyer identity, note, discount codes;
//                            an active cart with no lines is "empty": its cookies and the customer's
//                            saved-cart pointer are cleared (the row stays until pruned)
//   active → checked_out     its order was paid, or its unpaid order was closed by the shop
// A checked-out cart is gone to the shopper; nothing moves it back.

export type CartTransition = { ok: true; status: CartStatus } | { ok: false; code: "INVALID_TRANSITION"; message: string };

export const checkOut = (from: CartStatus): CartTransition =>
  from === "active" ? { ok: true, status: "checked_out" } : { ok: false, code: "INVALID_TRANSITION", message: `A cart that is ${from} cannot be checked out.` };

/**
 * active → checked_out inside the caller's transaction (place-order once paid, advance-order closing
 * an unpaid order). Answers whether the cart moved; a cart already checked out is left as it is.
 */
export async function markCheckedOut(tx: Db, cartId: string): Promise<boolean> {
  const [row] = await tx.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId)).for("update");
  if (!row || !checkOut(row.status).ok) return false;
  await tx
    .update(carts)
    .set({ status: "checked_out", updatedAt: sql`now()` })
    .where(and(eq(carts.id, cartId), eq(carts.status, "active")));
  return true;
}

/**
 * The cart a checkout places its order from, under its row lock (FOR UPDATE) whatever its status —
 * a same-key checkout may have checked it out meanwhile — or null when the site has no such cart.
 */
export async function lockCartForCheckout(
  tx: Db,
  cartId: string,
  site: "d2c" | "hpsf",
): Promise<{ id: string; customerId: string | null; status: CartStatus } | null> {
  const [row] = await tx
    .select({ id: carts.id, customerId: carts.customerId, status: carts.status })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.site, site)))
    .for("update");
  return row ?? null;
}

/** How many lines the cart holds as stored (its priced view leaves out what is no longer sold). */
export async function storedLineCount(conn: Db, cartId: string): Promise<number> {
  const [{ n }] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return n;
}

/** A customer's carts under their row locks (FOR UPDATE, ascending id): a customer's erasure takes them first, as a checkout does. */
export async function lockCartsOf(tx: Db, customerId: string): Promise<string[]> {
  const rows = await tx.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId)).orderBy(carts.id).for("update");
  return rows.map((r) => r.id);
}

/**
 * A customer's erasure (server/workflows/erase-customer.ts, in its transaction): the carts it
 * locked go, checked-out ones too — an order keeps its own copy of everything (orders.cart_id has
 * no foreign key) — with their lines and checkouts.
 */
export async function eraseCarts(tx: Db, cartIds: readonly string[]): Promise<number> {
  if (!cartIds.length) return 0;
  return (
    await tx
      .delete(carts)
      .where(inArray(carts.id, [...cartIds]))
      .returning({ id: carts.id })
  ).length;
}
