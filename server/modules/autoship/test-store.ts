import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptionEvents, subscriptionPriceHolds, subscriptionRenewals, subscriptions } from "./schema";

// Test set-up only (re-exported by server/testing/autoship.ts): subscriptions as stored, for tests
// that look behind the autoship API, and states no customer command makes. In the module: the one
// owner of its tables.

export type StoredSubscription = typeof subscriptions.$inferSelect;
export type SubscriptionValues = typeof subscriptions.$inferInsert;

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

/** Every subscription cancelled: a renewal pass works over the whole table, so a test starts with none due. */
export async function cancelEverySubscription(db: Db): Promise<void> {
  await db.update(subscriptions).set({ status: "cancelled" });
}

/** The events of these subscriptions, in the order they happened. */
export const subscriptionEventsOf = (db: Db, subscriptionIds: string[]) =>
  db.select().from(subscriptionEvents).where(inArray(subscriptionEvents.subscriptionId, subscriptionIds)).orderBy(asc(subscriptionEvents.id));

/** The renewal cycles recorded for these subscriptions. */
export const renewalsOf = (db: Db, subscriptionIds: string[]) =>
  db.select().from(subscriptionRenewals).where(inArray(subscriptionRenewals.subscriptionId, subscriptionIds));

/** The price holds (a renewal waiting for the customer's answer to a price rise) of a subscription. */
export const priceHoldsOf = (db: Db, subscriptionId: string) =>
  db.select().from(subscriptionPriceHolds).where(eq(subscriptionPriceHolds.subscriptionId, subscriptionId));

const anyAddress = { firstName: "", lastName: "", address1: "1", address2: "", city: "A", provinceCode: "CO", zip: "80011", countryCode: "US", phone: null };

/** An Autoship that started at an instant in the past (one unit every four weeks unless told), active unless told. */
export async function anAutoshipStartedAt(
  db: Db,
  s: { at: string; customerId: string; variantId: number; productId: number; nextOrderDate: string } & Partial<SubscriptionValues>,
): Promise<string> {
  const createdAt = new Date(s.at);
  const [row] = await storeSubscriptions(db, [
    {
      site: "d2c",
      quantity: 1,
      frequencyWeeks: 4,
      startDate: s.at.slice(0, 10),
      shippingAddress: anyAddress,
      email: "x@example.test",
      createdAt,
      updatedAt: createdAt,
      ...s,
    },
  ]);
  return row.id;
}

/** A change of an Autoship recorded at an instant in the past ("cancelled" with `{ reason, from }`, "paused", …). */
export async function aSubscriptionEventAt(db: Db, subscriptionId: string, kind: string, at: string, detail: Record<string, unknown> = {}): Promise<void> {
  await db.insert(subscriptionEvents).values({ subscriptionId, kind, actor: "customer", detail, createdAt: new Date(at) });
}
