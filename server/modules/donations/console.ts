import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { CauseListQuery } from "../../../rules/console/donation-settings-input";
import type { DonationReportRow } from "../../../rules/donations/monthly-report";
import type { Db } from "../../db/client";
import { donationCauses, donationLedger, donationPortfolioCharities, donationSegments, donationStores } from "./schema";
import type { CauseRow, SegmentRow, StoreRow } from "./service";
import { containsPattern } from "../../db/like";

// The operator console's view of the donation provider: the stores, the causes table (searched,
// filtered, sorted and paged in one query), segments, the writes the console's donations workflow
// makes, and the monthly report. Writes take a transaction (`tx`) from the caller, which locks the
// row first and audits in the same transaction (server/workflows/console-donations.ts).
//
// Nothing here caches: the provider's API reads the store, its causes and segments from these
// tables on every call (service.ts), so a saved change is what the next call answers.

export type StoreSummary = { id: string; name: string; isActive: boolean };

export async function storeList(db: Db): Promise<StoreSummary[]> {
  return db
    .select({ id: donationStores.id, name: donationStores.name, isActive: donationStores.isActive })
    .from(donationStores)
    .orderBy(asc(donationStores.createdAt), asc(donationStores.id));
}

export async function storeRow(db: Db, storeId: string): Promise<StoreRow | null> {
  const [row] = await db.select().from(donationStores).where(eq(donationStores.id, storeId));
  return row ?? null;
}

export async function lockStore(tx: Db, storeId: string): Promise<StoreRow | null> {
  const [row] = await tx.select().from(donationStores).where(eq(donationStores.id, storeId)).for("update");
  return row ?? null;
}

export async function writeStore(tx: Db, storeId: string, patch: Partial<typeof donationStores.$inferInsert>) {
  await tx.update(donationStores).set(patch).where(eq(donationStores.id, storeId));
}

/**
 * Of these ids, the causes that exist and are shown, with their names. Inside a store's save they
 * are read FOR SHARE: a cause being hidden at the same moment (which locks the cause, then looks for
 * stores defaulting to it) either waits for the save and sees the new default, or hides first and
 * the save sees it hidden — never a store defaulting to a hidden cause.
 */
export async function activeCauses(conn: Db, ids: readonly string[], lock = false): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const query = conn
    .select({ id: donationCauses.id, name: donationCauses.name })
    .from(donationCauses)
    .where(and(inArray(donationCauses.id, [...new Set(ids)]), eq(donationCauses.active, true)))
    .orderBy(asc(donationCauses.id));
  const rows = lock ? await query.for("share") : await query;
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type CauseListRow = Pick<CauseRow, "id" | "kind" | "name" | "city" | "state" | "categoryName" | "multiplierHundredths" | "isDefault" | "active"> & {
  charities: number;
};

/** The causes table for the console: one query per page (its total by a window count). */
export async function causeList(db: Db, query: CauseListQuery & { pageSize: number }): Promise<{ rows: CauseListRow[]; total: number }> {
  const where: SQL[] = [];
  const q = query.q.trim();
  if (q) {
    const like = containsPattern(q);
    where.push(or(ilike(donationCauses.name, like), ilike(donationCauses.id, like), ilike(donationCauses.city, like))!);
  }
  if (query.kind) where.push(eq(donationCauses.kind, query.kind));
  if (query.shown) where.push(eq(donationCauses.active, query.shown === "active"));
  const dir = query.dir === "asc" ? asc : desc;
  const order: Record<CauseListQuery["sort"], SQL[]> = {
    name: [dir(donationCauses.name)],
    id: [dir(donationCauses.id)],
    kind: [dir(donationCauses.kind), asc(donationCauses.name)],
    multiplier: [dir(donationCauses.multiplierHundredths), asc(donationCauses.name)],
    place: [dir(donationCauses.state), dir(donationCauses.city), asc(donationCauses.name)],
    active: [dir(donationCauses.active), asc(donationCauses.name)],
  };
  const members = sql<number>`(select count(*) from ${donationPortfolioCharities} pc where pc.portfolio_id = ${donationCauses.id})`.mapWith(Number);
  const rows = await db
    .select({
      id: donationCauses.id,
      kind: donationCauses.kind,
      name: donationCauses.name,
      city: donationCauses.city,
      state: donationCauses.state,
      categoryName: donationCauses.categoryName,
      multiplierHundredths: donationCauses.multiplierHundredths,
      isDefault: donationCauses.isDefault,
      active: donationCauses.active,
      charities: members,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(donationCauses)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order[query.sort], asc(donationCauses.id))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
}

export async function causeRow(db: Db, causeId: string): Promise<CauseRow | null> {
  const [row] = await db.select().from(donationCauses).where(eq(donationCauses.id, causeId));
  return row ?? null;
}

/** A portfolio's charities, in order (id, name, shown). */
export async function portfolioCharities(db: Db, portfolioId: string) {
  return db
    .select({ id: donationCauses.id, name: donationCauses.name, active: donationCauses.active })
    .from(donationPortfolioCharities)
    .innerJoin(donationCauses, eq(donationCauses.id, donationPortfolioCharities.charityId))
    .where(eq(donationPortfolioCharities.portfolioId, portfolioId))
    .orderBy(asc(donationPortfolioCharities.position));
}

export async function lockCause(tx: Db, causeId: string): Promise<CauseRow | null> {
  const [row] = await tx.select().from(donationCauses).where(eq(donationCauses.id, causeId)).for("update");
  return row ?? null;
}

export async function writeCause(tx: Db, causeId: string, patch: Pick<typeof donationCauses.$inferInsert, "multiplierHundredths" | "isDefault" | "active">) {
  await tx.update(donationCauses).set(patch).where(eq(donationCauses.id, causeId));
}

/** The stores whose default cause this is (a hidden cause could no longer be given to by default). */
export async function storesDefaultingTo(conn: Db, causeId: string): Promise<StoreSummary[]> {
  return conn
    .select({ id: donationStores.id, name: donationStores.name, isActive: donationStores.isActive })
    .from(donationStores)
    .where(or(eq(donationStores.defaultCauseId, causeId), sql`${donationStores.defaultCauseIds} ? ${causeId}`));
}

export async function segmentsOf(db: Db, storeId: string): Promise<SegmentRow[]> {
  return db
    .select()
    .from(donationSegments)
    .where(eq(donationSegments.storeId, storeId))
    .orderBy(asc(donationSegments.priorityIndex), asc(donationSegments.name));
}

export async function segmentRow(db: Db, segmentId: string): Promise<SegmentRow | null> {
  const [row] = await db.select().from(donationSegments).where(eq(donationSegments.id, segmentId));
  return row ?? null;
}

export async function lockSegment(tx: Db, segmentId: string): Promise<SegmentRow | null> {
  const [row] = await tx.select().from(donationSegments).where(eq(donationSegments.id, segmentId)).for("update");
  return row ?? null;
}

/** Another active segment of the store at this priority (two would make "the first match" a coin toss). */
export async function activeSegmentAt(tx: Db, storeId: string, priorityIndex: number, exceptId: string | null): Promise<SegmentRow | null> {
  const [row] = await tx
    .select()
    .from(donationSegments)
    .where(
      and(
        eq(donationSegments.storeId, storeId),
        eq(donationSegments.priorityIndex, priorityIndex),
        eq(donationSegments.isActive, true),
        exceptId ? ne(donationSegments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export type SegmentValues = Omit<typeof donationSegments.$inferInsert, "id" | "storeId">;

export async function insertSegment(tx: Db, storeId: string, values: SegmentValues): Promise<SegmentRow> {
  const [row] = await tx
    .insert(donationSegments)
    .values({ ...values, storeId })
    .returning();
  return row;
}

export async function writeSegment(tx: Db, segmentId: string, patch: Partial<SegmentValues>) {
  await tx.update(donationSegments).set(patch).where(eq(donationSegments.id, segmentId));
}

/**
 * The month's report for one store, one grouped query over the month's ledger rows (the range
 * scan of donation_ledger_store_month_idx): per cause, what the store and customers gave, the
 * orders, what was reversed and the net. Originals have no `reverses_id`; reversals point at theirs.
 */
export function donationReportQuery(db: Db, storeId: string, start: Date, end: Date) {
  const l = donationLedger;
  const original = sql`${l.reversesId} is null`;
  const cents = (filter: SQL) => sql<number>`coalesce(sum(${l.amountCents}) filter (where ${filter}), 0)`.mapWith(Number);
  return db
    .select({
      causeId: l.causeId,
      causeName: sql<string>`coalesce(max(${donationCauses.name}), ${l.causeId})`,
      storeFundedCents: cents(sql`${original} and ${l.fundedBy} = 'store'`),
      customerFundedCents: cents(sql`${original} and ${l.fundedBy} = 'customer'`),
      orders: sql<number>`count(distinct ${l.orderId}) filter (where ${original})`.mapWith(Number),
      reversedCents: cents(sql`${l.reversesId} is not null`),
      reversedOrders: sql<number>`count(distinct ${l.orderId}) filter (where ${l.reversesId} is not null)`.mapWith(Number),
      netCents: sql<number>`coalesce(sum(${l.amountCents}), 0)`.mapWith(Number),
    })
    .from(l)
    .leftJoin(donationCauses, eq(donationCauses.id, l.causeId))
    .where(and(eq(l.storeId, storeId), gte(l.createdAt, start), lt(l.createdAt, end)))
    .groupBy(l.causeId)
    .orderBy(sql`coalesce(sum(${l.amountCents}), 0) desc`, l.causeId);
}

export async function donationReport(db: Db, storeId: string, start: Date, end: Date): Promise<DonationReportRow[]> {
  return donationReportQuery(db, storeId, start, end);
}
