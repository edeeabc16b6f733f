import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { donationCartChoices, donationClickstreamEvents, donationStores } from "../modules/donations/schema";

// Donation provider rows a test needs and no API makes: a store with its own terms, a clickstream
// event received days ago.

export async function aDonationStore(db: Db, store: typeof donationStores.$inferInsert): Promise<void> {
  await db.insert(donationStores).values(store);
}

export async function aClickstreamEvent(db: Db, event: typeof donationClickstreamEvents.$inferInsert) {
  const [row] = await db.insert(donationClickstreamEvents).values(event).returning();
  return row;
}

export async function clickstreamEventIds(db: Db): Promise<number[]> {
  return (await db.select({ id: donationClickstreamEvents.id }).from(donationClickstreamEvents)).map((r) => r.id);
}

/** The donation a cart carries, or null. */
export async function donationChoiceOf(db: Db, cartId: string) {
  return (await db.select().from(donationCartChoices).where(eq(donationCartChoices.cartId, cartId)))[0] ?? null;
}
