import { asc, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orders } from "../modules/orders/schema";

// Orders as stored, for tests that check what was (or was not) placed.

export const ordersOf = (db: Db, customerId: string) => db.select().from(orders).where(eq(orders.customerId, customerId));

/** The orders checked out from these carts. */
export const ordersOfCarts = (db: Db, cartIds: string[]) => db.select().from(orders).where(inArray(orders.cartId, cartIds));

/** The order stored under a checkout's idempotency key, if any. */
export async function orderUnderKey(db: Db, idempotencyKey: string) {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
  return row;
}

export async function storedOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export const orderLinesOf = (db: Db, orderId: string) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId));

/** The orders a subscription's renewals placed (their key is `renewal:<subscription>:<cycle date>`), oldest first. */
export const renewalOrdersOf = (db: Db, subscriptionId: string, cycleDate = "%") =>
  db
    .select()
    .from(orders)
    .where(like(orders.idempotencyKey, `renewal:${subscriptionId}:${cycleDate}`))
    .orderBy(asc(orders.createdAt));

/** Every renewal order's key and status, of one cycle date when given. */
export const renewalOrders = (db: Db, cycleDate = "%") =>
  db
    .select({ key: orders.idempotencyKey, status: orders.status })
    .from(orders)
    .where(like(orders.idempotencyKey, `renewal:%:${cycleDate}`));
