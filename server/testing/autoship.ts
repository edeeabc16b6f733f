import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptions } from "../modules/autoship/schema";

// Subscriptions as stored, for tests that look behind the autoship API.

export const subscriptionsOf = (db: Db, customerId: string) => db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));

export async function storedSubscription(db: Db, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}
