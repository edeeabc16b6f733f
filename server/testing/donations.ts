import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  donationCartChoices,
  donationClickstreamEvents,
  donationLedger,
  donationSegments,
  donationStores,
  donationTracking,
} from "../modules/donations/schema";

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

/** A store's terms changed as its operator would change them in the provider's console. */
export async function changeDonationStore(db: Db, storeId: string, change: Partial<typeof donationStores.$inferInsert>): Promise<void> {
  await db.update(donationStores).set(change).where(eq(donationStores.id, storeId));
}

/** Every segment of the store switched on or off. */
export async function setStoreSegmentsActive(db: Db, storeId: string, isActive: boolean): Promise<void> {
  await db.update(donationSegments).set({ isActive }).where(eq(donationSegments.storeId, storeId));
}

export async function storedSegment(db: Db, segmentId: string) {
  const [row] = await db.select().from(donationSegments).where(eq(donationSegments.id, segmentId));
  return row;
}

export async function setSegmentActive(db: Db, segmentId: string, isActive: boolean): Promise<void> {
  await db.update(donationSegments).set({ isActive }).where(eq(donationSegments.id, segmentId));
}

/** The donation ledger's rows of an order, in the order they were written. */
export const ledgerOf = (db: Db, orderId: string) =>
  db.select().from(donationLedger).where(eq(donationLedger.orderId, orderId)).orderBy(asc(donationLedger.id));

/** An attempt to change a written ledger row's amount (the ledger is append-only). */
export const rewriteLedgerAmount = (db: Db, rowId: number, amountCents: number) =>
  db.update(donationLedger).set({ amountCents }).where(eq(donationLedger.id, rowId));

export async function storedTracking(db: Db, trackingId: string) {
  const [row] = await db.select().from(donationTracking).where(eq(donationTracking.id, trackingId));
  return row;
}

/** A donation to a cause written in the ledger at an instant in the past (negative: a refund's reversal). */
export async function aDonationGivenAt(db: Db, d: { at: string; causeId: string; amountCents: number; storeId?: string }): Promise<void> {
  await db.insert(donationLedger).values({
    storeId: d.storeId ?? "store",
    orderId: randomUUID(),
    orderLineId: randomUUID(),
    causeId: d.causeId,
    rule: d.amountCents < 0 ? "reversal" : "direct",
    amountCents: d.amountCents,
    fundedBy: "store",
    createdAt: new Date(d.at),
  });
}
