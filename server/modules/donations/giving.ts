import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { CAMPAIGN_ONLINE_PURCHASE, segmentRule } from "../../../rules/donations/ledger-campaigns";
import { segmentApplies, segmentChangesAmount, type DonationRule } from "../../../rules/donations/provider";
import { donationCauses, donationPortfolioCharities, type donationSegments, type donationStores } from "./schema";

// What a donation store gives for a cart or a product, and to whom: ONE answer, asked by the
// provider API's product and cart donations (service.ts — what the widget shows) and by the order's
// ledger rows (ledger.ts — what is recorded), so the two cannot differ. The amounts themselves come
// from rules/donations/provider.ts `computeCartDonation` on both paths; visibility from rules/donations/widget.ts
// `isWidgetVisible`, asked by the API only.
//
// 1. Who receives (SPEC §4 default cause): when shoppers may choose, the tracked cause, else the
//    store's default cause; when they may not, the store's own list of causes (defaultCauseIds, or
//    the default cause alone) — a tracked cause (an sgcause link, a stale tab) counts for nothing.
//    A portfolio gives to its active charities in order. The multiplier is the one cause's (the
//    store's override first); a list gives ×1.
// 2. By which rule: the store's, or the matched segment's. An exclusion segment gives nothing of the
//    store's; a segment whose action changes the amount applies only when the customer's own record
//    proves it (rules/donations/provider.ts `segmentApplies`), never on the page's word.
// 3. Whether the store gives at all: the store is active and its online-purchase campaign (1) runs.

type StoreRow = typeof donationStores.$inferSelect;
type CauseRow = typeof donationCauses.$inferSelect;
type SegmentRow = typeof donationSegments.$inferSelect;

/** Reads one back-end property (SPEC §3 backEndPropertyName) of the shopper's own record; null when absent or a guest. */
export type CustomerPropertyReader = (propertyName: string) => Promise<string | null>;
/** A guest, or a caller that knows no customer: no back-end property proves anything. */
export const NO_CUSTOMER_RECORD: CustomerPropertyReader = async () => null;

export type GivingTerms = {
  /** The one cause given to (a charity or a portfolio); null when the store's list receives it. */
  cause: CauseRow | null;
  /** The charities that receive, in order. */
  recipients: CauseRow[];
  multiplierHundredths: number;
  rule: DonationRule;
  /** The store's own promise applies (active store, online-purchase campaign, no exclusion). */
  storeGives: boolean;
  /** The matched segment is an exclusion: nothing of the store's, and the widget hides. */
  excluded: boolean;
  /** The segment that applied once proven; null when none did. */
  segment: SegmentRow | null;
};

/** The active causes of these ids (any order). */
export async function activeCauses(conn: Db, ids: readonly string[]): Promise<CauseRow[]> {
  if (!ids.length) return [];
  return conn
    .select()
    .from(donationCauses)
    .where(and(inArray(donationCauses.id, [...ids]), eq(donationCauses.active, true)));
}

/** Each portfolio's active charities in their order, in one query. */
export async function portfolioMembers(conn: Db, portfolioIds: readonly string[]): Promise<Map<string, CauseRow[]>> {
  const members = new Map<string, CauseRow[]>(portfolioIds.map((id) => [id, []]));
  if (!portfolioIds.length) return members;
  const rows = await conn
    .select({ portfolioId: donationPortfolioCharities.portfolioId, charity: donationCauses })
    .from(donationPortfolioCharities)
    .innerJoin(donationCauses, eq(donationCauses.id, donationPortfolioCharities.charityId))
    .where(and(inArray(donationPortfolioCharities.portfolioId, [...portfolioIds]), eq(donationCauses.active, true)))
    .orderBy(asc(donationPortfolioCharities.portfolioId), asc(donationPortfolioCharities.position));
  for (const r of rows) members.get(r.portfolioId)?.push(r.charity);
  return members;
}

/** The charities causes give to: a charity itself, a portfolio's active charities in their order; each once. */
export async function recipientsOf(conn: Db, causes: readonly CauseRow[]): Promise<CauseRow[]> {
  const members = await portfolioMembers(
    conn,
    causes.filter((c) => c.kind !== "charity").map((c) => c.id),
  );
  const out = causes.flatMap((cause) => (cause.kind === "charity" ? [cause] : (members.get(cause.id) ?? [])));
  const seen = new Set<string>();
  return out.filter((c) => !seen.has(c.id) && seen.add(c.id));
}

/** Rule 1: the one cause (or the store's list) and the multiplier. */
export async function causesFor(
  conn: Db,
  store: StoreRow,
  trackedCauseId: string | null,
): Promise<Pick<GivingTerms, "cause" | "recipients" | "multiplierHundredths">> {
  const candidates = store.letShoppersChoose ? [trackedCauseId, store.defaultCauseId].filter((id): id is string => Boolean(id)) : [];
  const found = await activeCauses(conn, candidates);
  const single = candidates.map((id) => found.find((c) => c.id === id)).find(Boolean) ?? null;
  if (single)
    return {
      cause: single,
      recipients: await recipientsOf(conn, [single]),
      multiplierHundredths: store.causeMultipliers[single.id] ?? single.multiplierHundredths,
    };
  const listIds = store.defaultCauseIds.length ? store.defaultCauseIds : store.defaultCauseId ? [store.defaultCauseId] : [];
  const list = await activeCauses(conn, listIds);
  const ordered = listIds.flatMap((id) => list.filter((c) => c.id === id));
  return { cause: null, recipients: await recipientsOf(conn, ordered), multiplierHundredths: 100 };
}

/**
 * What `store` gives and to whom, for a shopper whose tab tracks `trackedCauseId` and whose page
 * matched `segment` (an active segment of this store, or null), proven against the shopper's own
 * record through `customerProperty`.
 */
export async function givingTerms(
  conn: Db,
  store: StoreRow,
  input: { trackedCauseId: string | null; segment: SegmentRow | null; customerProperty: CustomerPropertyReader },
): Promise<GivingTerms> {
  const causes = await causesFor(conn, store, input.trackedCauseId);
  const segment = input.segment?.isActive && input.segment.storeId === store.id ? input.segment : null;
  const property = segment?.backEndPropertyName.trim() ?? "";
  const backEndValue = segment && segmentChangesAmount(segment) && property ? await input.customerProperty(property) : null;
  const applied = segment && segmentApplies(segment, backEndValue) ? segment : null;
  const { rule, storeGives: notExcluded } = segmentRule(store, applied);
  return {
    ...causes,
    rule,
    storeGives: notExcluded && store.isActive && store.activeCampaigns.includes(CAMPAIGN_ONLINE_PURCHASE),
    excluded: Boolean(applied?.excludeSegment),
    segment: applied,
  };
}
