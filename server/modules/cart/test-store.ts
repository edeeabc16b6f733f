import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartLines, carts } from "./schema";

// Test set-up only (re-exported by server/testing/cart.ts): carts as stored, and what a shopper's
// own requests cannot do to one (a quantity over the cap, lines gone behind the checkout's back, a
// cart handed to a customer mid-race without signing in). In the module: the one owner of its tables.

export async function storedCart(db: Db, id: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, id));
  return row;
}

export async function cartStatusOf(db: Db, cartId: string) {
  return (await storedCart(db, cartId)).status;
}

/** The customer's carts, by id. */
export const cartIdsOf = (db: Db, customerId: string) => db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId));

export const cartLinesOf = (db: Db, cartId: string) => db.select().from(cartLines).where(eq(cartLines.cartId, cartId));

/** Every line of the cart set to this quantity, whatever the cap. */
export async function setLineQuantities(db: Db, cartId: string, quantity: number): Promise<void> {
  await db.update(cartLines).set({ quantity }).where(eq(cartLines.cartId, cartId));
}

export async function emptyCart(db: Db, cartId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

/** The cart made the customer's, as signing in with it would. */
export async function giveCart(db: Db, cartId: string, customerId: string): Promise<void> {
  await db.update(carts).set({ customerId }).where(eq(carts.id, cartId));
}
