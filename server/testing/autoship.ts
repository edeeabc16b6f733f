import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptions } from "../modules/autoship/schema";

// Subscriptions as stored, for tests that look behind the autoship API.

export const subscriptionsOf = (db: Db, customerId: string) => db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));

export async function storedSubscription(db: Db, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** Subscriptions stored exactly as given: the states a renewal rule is tested over, whatever led to them. */
export const storeSubscriptions = (db: Db, rows: (typeof subscriptions.$inferInsert)[]) => db.insert(subscriptions).values(rows).returning();

export async function changeSubscriptions(db: Db, ids: string[], change: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
  await db.update(subscriptions).set(change).where(inArray(subscriptions.id, ids));
}
