import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUuid } from "../../../rules/shared/ids";
import { CLINIC_PAGE_SIZE, type ClinicSearchType } from "../../../rules/staff/roles";
import { clinicMembershipEvents, clinicMemberships, clinics, type MembershipState } from "./schema";
import { clinicView, type ClinicListing, type ClinicView } from "./view";

export type { ClinicListing, ClinicView } from "./view";
export { clinicListing } from "./view";

// The clinic directory and staff members' clinic memberships (SPEC §3, §7 "Identity and clinic").
//
// Directory reads see active clinics only. Membership reads show the member's clinic whatever its
// state, so a membership at a clinic taken out of the directory can still be seen and ended.
//
// Membership writes take the caller's transaction first (`conn`): the join and leave workflows
// change the member's identity data in the same transaction. Guarantees:
//   1. one current (pending or active) membership per member — the partial unique index
//      clinic_memberships_current_uq; a second start() while one is current throws 23505;
//   2. lockMember() serialises one member's joins and leaves, so "end the current one, start the
//      next" never races another switch of the same member (take it before endCurrent/start);
//   3. every move writes one clinic_membership_events row, timed by clock_timestamp() so moves of
//      one transaction (switched, then joined) keep their order in the history.

export type ClinicSearch = { searchType: ClinicSearchType; searchTerm: string; page: number };
export type ClinicSearchResult = { results: ClinicView[]; total: number; page: number; pageSize: typeof CLINIC_PAGE_SIZE };
/** A directory search as staff members see it (the clinic step, search-clinic): listings only. */
export type ClinicDirectoryPage = Omit<ClinicSearchResult, "results"> & { results: ClinicListing[] };

export type MembershipRow = typeof clinicMemberships.$inferSelect;
export type MembershipEndReason = "left" | "switched" | "revoked" | "rejected";
export type MembershipEventKind = (typeof clinicMembershipEvents.$inferSelect)["kind"];

export type CurrentMembership = { membership: { id: string; state: MembershipState; createdAt: Date }; clinic: ClinicView };
export type EndedMembership = { membershipId: string; clinic: ClinicView; previousState: MembershipState };
export type PendingMembership = { membershipId: string; customerId: string; clinic: ClinicView; createdAt: Date };
export type MembershipDetail = {
  id: string;
  customerId: string;
  state: MembershipState;
  endedReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  clinic: ClinicView;
};
export type MembershipHistoryEntry = { membershipId: string; clinicID: string; clinicName: string; kind: MembershipEventKind; actor: string; at: Date };

const CURRENT: MembershipState[] = ["pending", "active"];
const lowerName = sql`lower(${clinics.name})`;
const lowerCity = sql`lower(${clinics.city})`;
/** The moment of this statement, not of the transaction: keeps the order of moves within one transaction. */
const rightNow = sql`clock_timestamp()`;

/** A LIKE pattern matching `text` literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const normalise = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** Where and how to rank one search; null when the term cannot match anything of that type. */
function searchPlan(searchType: ClinicSearchType, searchTerm: string): { where: SQL; rank: SQL | null; tieBreak: SQL[] } | null {
  const term = normalise(searchTerm);
  if (!term) return null;
  switch (searchType) {
    case "name": {
      // Exact (3), prefix (2), substring (1), then trigram similarity in [0, 1) inside each tier.
      // `%` (similarity ≥ pg_trgm.similarity_threshold, 0.3) and LIKE both use clinics_name_trgm_idx.
      const contains = `%${likeLiteral(term)}%`;
      return {
        where: sql`(${lowerName} like ${contains} or ${lowerName} % ${term})`,
        rank: sql`(case when ${lowerName} = ${term} then 3 when ${lowerName} like ${`${likeLiteral(term)}%`} then 2 when ${lowerName} like ${contains} then 1 else 0 end
                  + similarity(${lowerName}, ${term}) * 0.999)`,
        tieBreak: [asc(clinics.name)],
      };
    }
    case "city": {
      // "Springfield" or "Springfield, MO": exact city first, then cities starting with the term.
      const withState = /^(.+?),\s*([a-z]{2})$/.exec(term);
      const city = withState ? withState[1].trim() : term;
      const state = withState ? withState[2].toUpperCase() : null;
      return {
        where: sql`(${lowerCity} = ${city} or ${lowerCity} like ${`${likeLiteral(city)}%`})${state ? sql` and ${clinics.provinceCode} = ${state}` : sql``}`,
        rank: sql`(case when ${lowerCity} = ${city} then 1 else 0 end)`,
        tieBreak: [asc(clinics.city), asc(clinics.provinceCode), asc(clinics.name)],
      };
    }
    case "zip": {
      // The exact ZIP, then ZIPs starting with the term, then the rest of its 3-digit prefix, nearest first.
      if (!/^\d{3,5}$/.test(term)) return null;
      const target = Number(term.padEnd(5, "0"));
      return {
        where: sql`${clinics.zip} like ${`${term.slice(0, 3)}%`}`,
        rank: sql`(case when ${clinics.zip} = ${term} then 2 when ${clinics.zip} like ${`${term}%`} then 1 else 0 end)`,
        tieBreak: [sql`abs(${clinics.zip}::int - ${target})`, asc(clinics.name)],
      };
    }
    case "groupId":
      return { where: sql`${clinics.groupId} = ${term.toUpperCase()}`, rank: null, tieBreak: [] };
  }
}

export function createClinicsService(db: Db) {
  /** A member's current membership with its clinic, optionally locked for the caller's transaction. */
  async function currentRow(conn: Db, customerId: string, lock: boolean) {
    const query = conn
      .select({ m: clinicMemberships, c: clinics })
      .from(clinicMemberships)
      .innerJoin(clinics, eq(clinics.id, clinicMemberships.clinicId))
      .where(and(eq(clinicMemberships.customerId, customerId), inArray(clinicMemberships.state, CURRENT)))
      .limit(1);
    const [row] = lock ? await query.for("update", { of: clinicMemberships }) : await query;
    return row ?? null;
  }

  async function recordEvent(conn: Db, membershipId: string, kind: MembershipEventKind, actor: string) {
    await conn.insert(clinicMembershipEvents).values({ membershipId, kind, actor, at: rightNow });
  }

  async function oneClinic(where: SQL, conn: Db = db): Promise<ClinicView | null> {
    const [row] = await conn
      .select()
      .from(clinics)
      .where(and(eq(clinics.active, true), where))
      .limit(1);
    return row ? clinicView(row) : null;
  }

  return {
    /**
     * The directory search of SPEC §7 (search-clinic), CLINIC_PAGE_SIZE per page. One query
     * (rows and total together); a second only to count when the page lies past the last one.
     */
    async search({ searchType, searchTerm, page }: ClinicSearch): Promise<ClinicSearchResult> {
      const pageNo = Number.isInteger(page) && page >= 1 ? page : 1;
      const plan = searchPlan(searchType, searchTerm);
      if (!plan) return { results: [], total: 0, page: pageNo, pageSize: CLINIC_PAGE_SIZE };
      const where = and(eq(clinics.active, true), plan.where);
      const rows = await db
        .select({ clinic: clinics, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(clinics)
        .where(where)
        .orderBy(...(plan.rank ? [desc(plan.rank)] : []), ...plan.tieBreak, asc(clinics.clinicNumber))
        .limit(CLINIC_PAGE_SIZE)
        .offset((pageNo - 1) * CLINIC_PAGE_SIZE);
      let total = rows[0]?.total ?? 0;
      if (!rows.length && pageNo > 1) total = await db.$count(clinics, where);
      return { results: rows.map((r) => clinicView(r.clinic)), total, page: pageNo, pageSize: CLINIC_PAGE_SIZE };
    },

    byClinicNumber: (clinicNumber: string) => oneClinic(eq(clinics.clinicNumber, clinicNumber.trim().toUpperCase())),
    /** `conn`: a join workflow reads the clinic inside its transaction. */
    byGroupId: (groupId: string, conn: Db = db) => oneClinic(eq(clinics.groupId, groupId.trim().toUpperCase()), conn),
    byShipTo: (shipTo: string) => oneClinic(eq(clinics.shipTo, shipTo.trim().toUpperCase())),

    /** Serialises one member's joins and leaves until the caller's transaction ends. */
    async lockMember(conn: Db, customerId: string): Promise<void> {
      await conn.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`clinic-member:${customerId}`}, 0))`);
    },

    /** The member's pending or active membership, or null. */
    async current(customerId: string, conn: Db = db): Promise<CurrentMembership | null> {
      if (!isUuid(customerId)) return null;
      const row = await currentRow(conn, customerId, false);
      return row ? { membership: { id: row.m.id, state: row.m.state, createdAt: row.m.createdAt }, clinic: clinicView(row.c) } : null;
    },

    /**
     * Starts a membership: "pending" for an approval clinic (event "requested"), "active" otherwise
     * (event "joined"). Throws a unique violation (23505) while the member has a current one.
     */
    async start(conn: Db, customerId: string, clinicId: string, state: "pending" | "active", actor: string): Promise<MembershipRow> {
      const [membership] = await conn.insert(clinicMemberships).values({ customerId, clinicId, state, createdAt: rightNow, updatedAt: rightNow }).returning();
      await recordEvent(conn, membership.id, state === "pending" ? "requested" : "joined", actor);
      return membership;
    },

    /** Ends the current membership (row locked first); null when there is none. */
    async endCurrent(conn: Db, customerId: string, reason: MembershipEndReason, actor: string): Promise<EndedMembership | null> {
      if (!isUuid(customerId)) return null;
      const row = await currentRow(conn, customerId, true);
      if (!row) return null;
      await conn.update(clinicMemberships).set({ state: "revoked", endedReason: reason, updatedAt: rightNow }).where(eq(clinicMemberships.id, row.m.id));
      await recordEvent(conn, row.m.id, reason, actor);
      return { membershipId: row.m.id, clinic: clinicView(row.c), previousState: row.m.state };
    },

    /** pending → active under the row lock; null when the membership is unknown or not pending. */
    async approve(conn: Db, membershipId: string, actor: string): Promise<{ customerId: string; clinic: ClinicView } | null> {
      if (!isUuid(membershipId)) return null;
      const [row] = await conn
        .select({ m: clinicMemberships, c: clinics })
        .from(clinicMemberships)
        .innerJoin(clinics, eq(clinics.id, clinicMemberships.clinicId))
        .where(eq(clinicMemberships.id, membershipId))
        .for("update", { of: clinicMemberships });
      if (!row || row.m.state !== "pending") return null;
      await conn.update(clinicMemberships).set({ state: "active", updatedAt: rightNow }).where(eq(clinicMemberships.id, membershipId));
      await recordEvent(conn, membershipId, "approved", actor);
      return { customerId: row.m.customerId, clinic: clinicView(row.c) };
    },

    /** One membership in any state, for operators. */
    async membershipById(membershipId: string): Promise<MembershipDetail | null> {
      if (!isUuid(membershipId)) return null;
      const [row] = await db
        .select({ m: clinicMemberships, c: clinics })
        .from(clinicMemberships)
        .innerJoin(clinics, eq(clinics.id, clinicMemberships.clinicId))
        .where(eq(clinicMemberships.id, membershipId));
      if (!row) return null;
      const { id, customerId, state, endedReason, createdAt, updatedAt } = row.m;
      return { id, customerId, state, endedReason, createdAt, updatedAt, clinic: clinicView(row.c) };
    },

    /** Memberships waiting for approval, oldest first: of one clinic, or of the clinics one administrator runs. */
    async pendingMemberships(filter: { clinicId?: string; administratorEmail?: string } = {}): Promise<PendingMembership[]> {
      if (filter.clinicId !== undefined && !isUuid(filter.clinicId)) return [];
      const rows = await db
        .select({ m: clinicMemberships, c: clinics })
        .from(clinicMemberships)
        .innerJoin(clinics, eq(clinics.id, clinicMemberships.clinicId))
        .where(
          and(
            eq(clinicMemberships.state, "pending"),
            filter.clinicId !== undefined ? eq(clinicMemberships.clinicId, filter.clinicId) : undefined,
            filter.administratorEmail !== undefined ? sql`lower(${clinics.administratorEmail}) = ${normalise(filter.administratorEmail)}` : undefined,
          ),
        )
        .orderBy(asc(clinicMemberships.createdAt), asc(clinicMemberships.id));
      return rows.map((r) => ({ membershipId: r.m.id, customerId: r.m.customerId, clinic: clinicView(r.c), createdAt: r.m.createdAt }));
    },

    /** The member's moves, newest first. */
    async history(customerId: string, limit = 20): Promise<MembershipHistoryEntry[]> {
      if (!isUuid(customerId)) return [];
      return db
        .select({
          membershipId: clinicMembershipEvents.membershipId,
          clinicID: clinics.clinicNumber,
          clinicName: clinics.name,
          kind: clinicMembershipEvents.kind,
          actor: clinicMembershipEvents.actor,
          at: clinicMembershipEvents.at,
        })
        .from(clinicMembershipEvents)
        .innerJoin(clinicMemberships, eq(clinicMemberships.id, clinicMembershipEvents.membershipId))
        .innerJoin(clinics, eq(clinics.id, clinicMemberships.clinicId))
        .where(eq(clinicMemberships.customerId, customerId))
        .orderBy(desc(clinicMembershipEvents.at), desc(clinicMembershipEvents.id))
        .limit(Math.max(1, Math.min(limit, 200)));
    },
  };
}

export type ClinicsService = ReturnType<typeof createClinicsService>;

/** A customer's erasure (server/workflows/erase-customer.ts, in its transaction): a current membership ends, recorded as revoked. */
export async function endMembershipsForErasure(tx: Db, customerId: string): Promise<number> {
  const ended = await tx
    .update(clinicMemberships)
    .set({ state: "revoked", endedReason: "account_erased", updatedAt: sql`now()` })
    .where(and(eq(clinicMemberships.customerId, customerId), inArray(clinicMemberships.state, ["pending", "active"])))
    .returning({ id: clinicMemberships.id });
  if (ended.length) await tx.insert(clinicMembershipEvents).values(ended.map((m) => ({ membershipId: m.id, kind: "revoked" as const, actor: "operator" })));
  return ended.length;
}
