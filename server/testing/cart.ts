import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { cartLines, carts } from "../modules/cart/schema";

// Carts as stored, and the owner a guest cart gets when its shopper signs in mid-race.

/** A guest cart owned by the customer from now on. */
export async function giveCartTo(db: Db, cartId: string, customerId: string): Promise<void> {
  await db.update(carts).set({ customerId }).where(eq(carts.id, cartId));
}

export const cartLinesOf = (db: Db, cartId: string) => db.select().from(cartLines).where(eq(cartLines.cartId, cartId));

export async function storedCart(db: Db, id: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, id));
  return row;
}
