import { and, eq, gte, inArray, sql } from "drizzle-orm";
import {
  MAX_SAVE_DISCOUNT_PERCENT,
  MIN_DISCOUNT_OFFER_INTERVAL_MONTHS,
  saveOfferFor,
  type DiscountOfferSettings,
  type SaveOffer,
} from "../../../rules/autoship/save-offers";
import { CANCEL_REASONS, type CancelReason } from "../../../rules/autoship/subscription-states";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import { autoshipSettings, subscriptionEvents, subscriptions } from "./schema";

// The cancellation flow's save offers (rules/autoship/save-offers.ts picks the one offer per reason).
// What was offered and what the customer did is kept in the subscription's history: a cancel's
// event names the offer it declined (`detail.offer`), an accepted offer is a "save_offer_accepted"
// event beside the change it made. Those two are the console's report and the discount's
// once-per-interval memory; nothing else is stored.

export const SAVE_OFFER_ACCEPTED = "save_offer_accepted";

export type SaveOfferSettings = DiscountOfferSettings;
const DEFAULTS: SaveOfferSettings = { percent: 15, intervalMonths: MIN_DISCOUNT_OFFER_INTERVAL_MONTHS };

export async function saveOfferSettings(conn: Db): Promise<SaveOfferSettings> {
  const [row] = await conn.select().from(autoshipSettings).where(eq(autoshipSettings.id, 1));
  return row ? { percent: row.saveDiscountPercent, intervalMonths: row.saveDiscountIntervalMonths } : DEFAULTS;
}

export type SettingsInput = { percent: number; intervalMonths: number };
export type SettingsFailure = { ok: false; field: "percent" | "intervalMonths"; message: string };

/** The console's change of the discount offer (an operator's, audited by the caller). */
export async function setSaveOfferSettings(conn: Db, input: SettingsInput): Promise<{ ok: true; before: SaveOfferSettings } | SettingsFailure> {
  if (!Number.isInteger(input.percent) || input.percent < 0 || input.percent > MAX_SAVE_DISCOUNT_PERCENT)
    return { ok: false, field: "percent", message: `Enter a whole percent from 0 (no offer) to ${MAX_SAVE_DISCOUNT_PERCENT}.` };
  if (!Number.isInteger(input.intervalMonths) || input.intervalMonths < MIN_DISCOUNT_OFFER_INTERVAL_MONTHS || input.intervalMonths > 120)
    return { ok: false, field: "intervalMonths", message: `Enter whole months from ${MIN_DISCOUNT_OFFER_INTERVAL_MONTHS} to 120.` };
  return conn.transaction(async (tx) => {
    const before = await saveOfferSettings(tx);
    await tx
      .insert(autoshipSettings)
      .values({ id: 1, saveDiscountPercent: input.percent, saveDiscountIntervalMonths: input.intervalMonths })
      .onConflictDoUpdate({
        target: autoshipSettings.id,
        set: { saveDiscountPercent: input.percent, saveDiscountIntervalMonths: input.intervalMonths, updatedAt: sql`now()` },
      });
    return { ok: true as const, before };
  });
}

/** Offers made in an event's detail that were the discount (declined by a cancel, or accepted). */
const discountOfferEvent = and(
  inArray(subscriptionEvents.kind, ["cancelled", SAVE_OFFER_ACCEPTED]),
  sql`${subscriptionEvents.detail} -> 'offer' ->> 'kind' = 'discount'`,
);

/** When each subscription was last offered the discount (accepted or declined). */
export async function lastDiscountOffers(conn: Db, subscriptionIds: readonly string[]): Promise<Map<string, Date>> {
  if (!subscriptionIds.length) return new Map();
  const rows = await conn
    .select({ id: subscriptionEvents.subscriptionId, at: sql<Date>`max(${subscriptionEvents.createdAt})`.mapWith((v) => new Date(v)) })
    .from(subscriptionEvents)
    .where(and(inArray(subscriptionEvents.subscriptionId, [...subscriptionIds]), discountOfferEvent))
    .groupBy(subscriptionEvents.subscriptionId);
  return new Map(rows.map((r) => [r.id, r.at]));
}

type OfferSubject = { frequencyWeeks: number; supplyDays: number | null; lastDiscountOfferedAt: Date | null };

/** The offer for every reason (the page shows the one fitted to the reason the customer picks). */
export function offersByReason(s: OfferSubject, settings: SaveOfferSettings, now: Date): Record<CancelReason, SaveOffer> {
  const ctx = { ...s, discount: settings, now };
  return Object.fromEntries(CANCEL_REASONS.map((r) => [r.value, saveOfferFor(r.value, ctx)])) as Record<CancelReason, SaveOffer>;
}

/** The offer for one reason of a subscription, read in `conn` (inside the change's transaction). */
export async function offerFor(
  conn: Db,
  s: { id: string; frequencyWeeks: number },
  reason: CancelReason,
  supplyDays: number | null,
  now: Date,
): Promise<SaveOffer> {
  const [settings, last] = await Promise.all([saveOfferSettings(conn), lastDiscountOffers(conn, [s.id])]);
  return saveOfferFor(reason, { frequencyWeeks: s.frequencyWeeks, supplyDays, discount: settings, lastDiscountOfferedAt: last.get(s.id) ?? null, now });
}

/** Does this change take the offer? The frequency offered, a skip or a week's delay, another item. */
export function takesOffer(offer: SaveOffer, intent: string, frequencyWeeks?: number): boolean {
  switch (offer.kind) {
    case "frequency":
      return intent === "change_frequency" && frequencyWeeks === offer.weeks;
    case "skip_or_delay":
      return intent === "skip" || intent === "change_date";
    case "swap":
      return intent === "swap_variant";
    default:
      return false;
  }
}

export type DiscountClaim = { ok: true; percent: number } | { ok: false; code: "NOT_FOUND" | "NOT_OFFERED"; message: string };

/**
 * The "too expensive" discount accepted: under the subscription's row lock, only when it is the
 * offer for that reason right now (enabled, not offered within the interval, nothing pending), and
 * recorded as accepted. The caller's transaction then attaches the code (attachSaveDiscount).
 */
export async function claimSaveDiscount(tx: Db, customerId: string, subscriptionId: string, now: Date): Promise<DiscountClaim> {
  if (!isUuid(subscriptionId)) return { ok: false, code: "NOT_FOUND", message: "No such subscription." };
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
    .for("update");
  if (!s) return { ok: false, code: "NOT_FOUND", message: "No such subscription." };
  const offer = await offerFor(tx, s, "too_expensive", null, now);
  if (s.status === "cancelled" || s.saveDiscountCode || offer.kind !== "discount")
    return { ok: false, code: "NOT_OFFERED", message: "This offer is no longer available for this Autoship." };
  await tx
    .insert(subscriptionEvents)
    .values({ subscriptionId: s.id, kind: SAVE_OFFER_ACCEPTED, actor: "customer", detail: { reason: "too_expensive", offer }, createdAt: now });
  return { ok: true, percent: offer.percent };
}

/** The accepted discount's code, carried by the next renewal's cart (renewals.ts clears it once that renewal is placed). */
export async function attachSaveDiscount(tx: Db, subscriptionId: string, code: string, percent: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ saveDiscountCode: code, saveDiscountPercent: percent, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId));
}

export type SaveOfferReportRow = { reason: CancelReason; offer: SaveOffer["kind"]; stayed: number; left: number };

/** Per reason and offer since `since`: how many took the offer and stayed, how many cancelled. */
export async function saveOfferReport(conn: Db, since: Date): Promise<SaveOfferReportRow[]> {
  const rows = await conn
    .select({
      reason: sql<string>`${subscriptionEvents.detail} ->> 'reason'`,
      offer: sql<string>`coalesce(${subscriptionEvents.detail} -> 'offer' ->> 'kind', 'none')`,
      stayed: sql<number>`count(*) filter (where ${subscriptionEvents.kind} = ${SAVE_OFFER_ACCEPTED})`.mapWith(Number),
      left: sql<number>`count(*) filter (where ${subscriptionEvents.kind} = 'cancelled')`.mapWith(Number),
    })
    .from(subscriptionEvents)
    // The customer's own decisions (an erasure's or an operator's cancel is not an answer to an offer).
    .where(
      and(
        inArray(subscriptionEvents.kind, ["cancelled", SAVE_OFFER_ACCEPTED]),
        eq(subscriptionEvents.actor, "customer"),
        gte(subscriptionEvents.createdAt, since),
      ),
    )
    .groupBy(sql`1`, sql`2`);
  const known = new Set<string>(CANCEL_REASONS.map((r) => r.value));
  return rows
    .filter((r): r is SaveOfferReportRow => known.has(r.reason))
    .sort(
      (a, b) => CANCEL_REASONS.findIndex((r) => r.value === a.reason) - CANCEL_REASONS.findIndex((r) => r.value === b.reason) || a.offer.localeCompare(b.offer),
    );
}
