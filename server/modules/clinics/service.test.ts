import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLINIC_PAGE_SIZE } from "../../../rules/staff/roles";
import { stateForZip, US_STATES } from "../../../rules/shared/us-states";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { clinicMembershipEvents, clinicMemberships, clinics } from "./schema";
import { seedClinicsIfEmpty } from "./seed";
import { buildSeedClinics, CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, SPRINGFIELD_PET_CLINIC_GROUP_ID } from "./seed-data";
import { createClinicsService, type ClinicsService, type ClinicView } from "./service";

// The clinic directory and memberships against a real database (PGlite, or PostgreSQL in test:pg).

let database: Database;
let clinicsService: ClinicsService;
let seeded: Awaited<ReturnType<typeof seedClinicsIfEmpty>>;
let queries: { query: string; params: unknown[] }[] = [];
const seedDirectory = buildSeedClinics();

beforeAll(async () => {
  database = await openTestDatabase({ logger: { logQuery: (query, params) => void queries.push({ query, params }) } });
  seeded = await database.db.transaction((tx) => seedClinicsIfEmpty(tx));
  clinicsService = createClinicsService(database.db);
});
afterAll(() => database?.close());

const db = () => database.db;
const search = (searchType: "name" | "city" | "zip" | "groupId", searchTerm: string, page = 1) => clinicsService.search({ searchType, searchTerm, page });
const names = (rs: ClinicView[]) => rs.map((r) => r.name);

async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; last: { query: string; params: unknown[] } }> {
  queries = [];
  const result = await fn();
  return { result, count: queries.length, last: queries[queries.length - 1] };
}

async function clinic(groupId: string): Promise<ClinicView> {
  const c = await clinicsService.byGroupId(groupId);
  if (!c) throw new Error(`no clinic ${groupId}`);
  return c;
}

/** The error's PostgreSQL code, whether the driver's error or Drizzle's wrapper of it. */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

describe("the seeded directory", () => {
  it("holds 200 invented clinics and 10 schools over every state and DC", async () => {
    expect(seeded).toEqual({ clinics: 200, schools: 10 });
    const rows = await db().select().from(clinics);
    expect(rows.filter((r) => r.kind === "clinic").length).toBeGreaterThanOrEqual(200);
    expect(rows.filter((r) => r.kind === "school").length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.provinceCode))).toEqual(new Set(US_STATES.map((s) => s.code)));
    for (const r of rows) expect(`${r.name}: ${stateForZip(r.zip)}`).toBe(`${r.name}: ${r.provinceCode}`);
  });

  it("numbers, accounts, phones and e-mails in their formats, unique where they must be", async () => {
    const rows = await db().select().from(clinics);
    expect(new Set(rows.map((r) => r.shipTo)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.clinicNumber).toMatch(/^CL1\d{5}$/);
      expect(r.groupId).toMatch(/^G5\d{5}$/);
      expect(r.soldTo).toMatch(/^S\d{7}$/);
      expect(r.shipTo).toMatch(/^T\d{7}$/);
      expect(r.phone).toMatch(/^\(555\) 0\d{2}-\d{4}$/);
      if (r.verification === "approval") expect(r.administratorEmail).toMatch(/^admin@[a-z0-9-]+\.clinic\.example$/);
      else expect(r.administratorEmail).toBeNull();
    }
    const share = (n: number) => n / rows.length;
    expect(share(rows.filter((r) => r.homeDeliveryOnly).length)).toBeGreaterThan(0.1);
    expect(share(rows.filter((r) => r.homeDeliveryOnly).length)).toBeLessThan(0.2);
    expect(share(rows.filter((r) => r.verification === "approval").length)).toBeGreaterThan(0.15);
    expect(share(rows.filter((r) => r.verification === "approval").length)).toBeLessThan(0.25);
  });

  it("has the named clinics and several clinics in each large city", async () => {
    const hospital = await clinic(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(hospital).toMatchObject({ clinicID: "CL100001", name: "Springfield Animal Hospital", verification: "open", homeDeliveryOnly: false });
    expect(await clinic(SPRINGFIELD_PET_CLINIC_GROUP_ID)).toMatchObject({ name: "Springfield Pet Clinic", verification: "approval" });
    expect(await clinic(CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID)).toMatchObject({ name: "Cedar Hollow Mobile Vets", homeDeliveryOnly: true });
    const springfield = seedDirectory.filter((c) => c.city === "Springfield");
    expect(springfield.length).toBeGreaterThanOrEqual(4);
    expect(new Set(springfield.map((c) => c.provinceCode))).toEqual(new Set(["IL", "MO", "MA", "OR"]));
    expect(new Set(springfield.map((c) => c.verification))).toEqual(new Set(["open", "approval"]));
    for (const city of ["Denver", "Austin", "Phoenix"]) expect(seedDirectory.filter((c) => c.city === city).length).toBeGreaterThanOrEqual(4);
  });

  it("is the same on every build and seeds only once", async () => {
    expect(buildSeedClinics()).toEqual(seedDirectory);
    expect(await seedClinicsIfEmpty(db())).toBeNull();
    expect(await db().$count(clinics)).toBe(seedDirectory.length);
  });
});

describe("search", () => {
  it("by name: exact first, then prefix, then similar names", async () => {
    const exact = await search("name", "springfield animal hospital");
    expect(exact.results[0].name).toBe("Springfield Animal Hospital");
    const prefix = await search("name", "Springfield");
    expect(names(prefix.results).slice(0, 2).sort()).toEqual(["Springfield Animal Hospital", "Springfield Pet Clinic"]);
    expect(prefix.results[0].address).toEqual(expect.objectContaining({ countryCode: "US", city: "Springfield" }));
  });

  it("by name forgives typos (pg_trgm)", async () => {
    expect((await search("name", "Sprngfield Animl")).results[0].name).toBe("Springfield Animal Hospital");
    expect((await search("name", "cedr holow mobile")).results[0].name).toBe("Cedar Hollow Mobile Vets");
    expect(names((await search("name", "Nothfeld Colege of Veterinary")).results)).toContain("Northfield College of Veterinary Medicine");
  });

  it("by name finds nothing for nonsense, and treats LIKE characters literally", async () => {
    expect(await search("name", "qxzvwq")).toEqual({ results: [], total: 0, page: 1, pageSize: CLINIC_PAGE_SIZE });
    expect((await search("name", "%_")).total).toBe(0);
  });

  it("by city: case-insensitive exact city, then cities starting with the term; 'City, ST' narrows", async () => {
    const springfield = await search("city", "SPRINGFIELD");
    expect(springfield.total).toBe(seedDirectory.filter((c) => c.city === "Springfield").length);
    expect(new Set(springfield.results.map((r) => r.address.provinceCode))).toEqual(new Set(["IL", "MO", "MA", "OR"]));
    const mo = await search("city", "springfield, mo");
    expect(mo.results.every((r) => r.address.city === "Springfield" && r.address.provinceCode === "MO")).toBe(true);
    expect(mo.total).toBe(seedDirectory.filter((c) => c.city === "Springfield" && c.provinceCode === "MO").length);
    const den = await search("city", "den");
    expect(den.total).toBe(seedDirectory.filter((c) => c.city === "Denver").length);
    // A prefix reaches every city starting with it: Charleston (SC and WV) and Charlotte.
    expect(new Set((await search("city", "charl")).results.map((r) => r.address.city))).toEqual(new Set(["Charleston", "Charlotte"]));
  });

  it("by ZIP: the exact ZIP first, then the rest of its 3-digit prefix", async () => {
    const hospital = await clinic(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    const r = await search("zip", hospital.address.zip);
    expect(r.results[0].groupID).toBe(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(r.total).toBe(seedDirectory.filter((c) => c.zip.startsWith(hospital.address.zip.slice(0, 3))).length);
    expect(r.total).toBeGreaterThan(1);
    expect(r.results.every((c) => c.address.zip.startsWith("627"))).toBe(true);
    expect((await search("zip", "00000")).total).toBe(0);
    expect((await search("zip", "springfield")).total).toBe(0);
  });

  it("by groupId: exactly that group, whatever the case", async () => {
    const r = await search("groupId", SPRINGFIELD_PET_CLINIC_GROUP_ID.toLowerCase());
    expect(names(r.results)).toEqual(["Springfield Pet Clinic"]);
    expect(r.total).toBe(1);
    expect((await search("groupId", "G5000")).total).toBe(0);
    expect((await search("groupId", "G999999")).results).toEqual([]);
  });

  it("pages by 25 with the total of every page", async () => {
    const first = await search("name", "veterinary");
    expect(first.total).toBeGreaterThan(CLINIC_PAGE_SIZE);
    expect(first.results).toHaveLength(CLINIC_PAGE_SIZE);
    const pages = Math.ceil(first.total / CLINIC_PAGE_SIZE);
    const all = [...first.results];
    for (let p = 2; p <= pages; p++) {
      const page = await search("name", "veterinary", p);
      expect(page).toMatchObject({ page: p, total: first.total, pageSize: CLINIC_PAGE_SIZE });
      all.push(...page.results);
    }
    expect(new Set(all.map((c) => c.id)).size).toBe(first.total);
    const past = await search("name", "veterinary", pages + 1);
    expect(past).toEqual({ results: [], total: first.total, page: pages + 1, pageSize: CLINIC_PAGE_SIZE });
  });

  it("answers each search in at most 2 queries, whatever the page size (no N+1)", async () => {
    for (const [type, term] of [
      ["name", "Sprngfield Animl"],
      ["name", "animal"],
      ["city", "springfield"],
      ["zip", "62701"],
      ["groupId", "G500001"],
    ] as const) {
      expect((await counted(() => search(type, term))).count).toBe(1);
    }
    expect((await counted(() => search("name", "animal", 99))).count).toBe(2);
  });

  it("by name can use clinics_name_trgm_idx (EXPLAIN with sequential scans off)", async () => {
    const { last } = await counted(() => search("name", "Sprngfield Animl"));
    // The logged statement again, its $n placeholders bound to the logged parameters.
    const parts = last.query.split(/\$(\d+)/);
    const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${last.params[Number(part) - 1]}`));
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain ${sql.join(chunks)}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
    });
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("clinics_name_trgm_idx");
  });
});

describe("look-ups", () => {
  it("by clinic number, group id and ship-to; null for unknown ones", async () => {
    const hospital = await clinic(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(await clinicsService.byClinicNumber("CL100001")).toEqual(hospital);
    expect(await clinicsService.byShipTo(hospital.shipTo)).toEqual(hospital);
    expect(await db().transaction((tx) => clinicsService.byGroupId(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, tx))).toEqual(hospital);
    expect(await clinicsService.byClinicNumber("CL999999")).toBeNull();
    expect(await clinicsService.byGroupId("G999999")).toBeNull();
    expect(await clinicsService.byShipTo("T0000000")).toBeNull();
  });

  it("never shows an inactive clinic", async () => {
    await db().insert(clinics).values({
      clinicNumber: "CL999990",
      groupId: "G999990",
      name: "Springfield Closed Animal Hospital",
      soldTo: "S9999990",
      shipTo: "T9999990",
      address1: "1 Closed Road",
      city: "Springfield",
      provinceCode: "IL",
      zip: "62701",
      active: false,
    });
    expect(await clinicsService.byClinicNumber("CL999990")).toBeNull();
    expect(await clinicsService.byGroupId("G999990")).toBeNull();
    expect(await clinicsService.byShipTo("T9999990")).toBeNull();
    expect(names((await search("name", "Springfield Closed Animal Hospital")).results)).not.toContain("Springfield Closed Animal Hospital");
    expect((await search("groupId", "G999990")).total).toBe(0);
  });
});

describe("memberships", () => {
  it("joins, switches to an approval clinic, is approved, and keeps the history", async () => {
    const member = randomUUID();
    const open = await clinic(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    const approval = await clinic(SPRINGFIELD_PET_CLINIC_GROUP_ID);
    expect(await clinicsService.current(member)).toBeNull();

    const joined = await db().transaction(async (tx) => {
      await clinicsService.lockMember(tx, member);
      return clinicsService.start(tx, member, open.id, "active", "member");
    });
    expect(joined).toMatchObject({ customerId: member, clinicId: open.id, state: "active", endedReason: null });
    expect(await clinicsService.current(member)).toEqual({ membership: { id: joined.id, state: "active", createdAt: joined.createdAt }, clinic: open });

    const switched = await db().transaction(async (tx) => {
      await clinicsService.lockMember(tx, member);
      const ended = await clinicsService.endCurrent(tx, member, "switched", "member");
      const started = await clinicsService.start(tx, member, approval.id, "pending", "member");
      return { ended, started };
    });
    expect(switched.ended).toEqual({ membershipId: joined.id, clinic: open, previousState: "active" });
    expect((await clinicsService.current(member))?.membership).toMatchObject({ id: switched.started.id, state: "pending" });

    const pending = await clinicsService.pendingMemberships({ clinicId: approval.id });
    expect(pending.find((p) => p.customerId === member)).toMatchObject({ membershipId: switched.started.id, clinic: approval });
    const byAdmin = await clinicsService.pendingMemberships({ administratorEmail: approval.administratorEmail!.toUpperCase() });
    expect(byAdmin.map((p) => p.membershipId)).toContain(switched.started.id);
    expect(await clinicsService.pendingMemberships({ clinicId: open.id })).toEqual([]);

    const admin = approval.administratorEmail!;
    expect(await db().transaction((tx) => clinicsService.approve(tx, switched.started.id, admin))).toEqual({ customerId: member, clinic: approval });
    // Approving twice (or an unknown membership) changes nothing.
    expect(await db().transaction((tx) => clinicsService.approve(tx, switched.started.id, admin))).toBeNull();
    expect(await db().transaction((tx) => clinicsService.approve(tx, randomUUID(), admin))).toBeNull();
    expect(await clinicsService.membershipById(switched.started.id)).toMatchObject({
      customerId: member,
      state: "active",
      endedReason: null,
      clinic: approval,
    });
    expect(await clinicsService.membershipById(joined.id)).toMatchObject({ state: "revoked", endedReason: "switched", clinic: open });
    expect(await clinicsService.membershipById("not-a-uuid")).toBeNull();

    const history = await clinicsService.history(member);
    expect(history.map((h) => [h.kind, h.clinicName, h.actor])).toEqual([
      ["approved", "Springfield Pet Clinic", admin],
      ["requested", "Springfield Pet Clinic", "member"],
      ["switched", "Springfield Animal Hospital", "member"],
      ["joined", "Springfield Animal Hospital", "member"],
    ]);
    expect((await clinicsService.history(member, 2)).map((h) => h.kind)).toEqual(["approved", "requested"]);
  });

  it("allows one current membership: a second start throws a unique violation", async () => {
    const member = randomUUID();
    const open = await clinic(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    const other = await clinic(CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID);
    await db().transaction((tx) => clinicsService.start(tx, member, open.id, "active", "member"));
    const second = db().transaction((tx) => clinicsService.start(tx, member, other.id, "pending", "member"));
    await expect(second).rejects.toSatisfy((err) => pgCode(err) === "23505");
    expect((await clinicsService.current(member))?.clinic.id).toBe(open.id);
    // The failed transaction left no membership and no event behind.
    const rows = await db().select().from(clinicMemberships).where(eq(clinicMemberships.customerId, member));
    expect(rows).toHaveLength(1);
    expect((await clinicsService.history(member)).map((h) => h.kind)).toEqual(["joined"]);
  });

  it("ends a pending membership as rejected, and ends nothing when there is no current one", async () => {
    const member = randomUUID();
    const approval = await clinic(SPRINGFIELD_PET_CLINIC_GROUP_ID);
    await db().transaction((tx) => clinicsService.start(tx, member, approval.id, "pending", "member"));
    const rejected = await db().transaction((tx) => clinicsService.endCurrent(tx, member, "rejected", approval.administratorEmail!));
    expect(rejected).toMatchObject({ clinic: approval, previousState: "pending" });
    expect(await clinicsService.current(member)).toBeNull();
    expect(await db().transaction((tx) => clinicsService.endCurrent(tx, member, "left", "member"))).toBeNull();
    expect(await db().transaction((tx) => clinicsService.approve(tx, rejected!.membershipId, "operator"))).toBeNull();
    expect((await clinicsService.history(member)).map((h) => h.kind)).toEqual(["rejected", "requested"]);
  });

  it("10 concurrent switches of one member leave exactly one current membership", async () => {
    const member = randomUUID();
    const targets = (await search("city", "springfield")).results.filter((c) => c.verification === "open");
    expect(targets.length).toBeGreaterThanOrEqual(2);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db().transaction(async (tx) => {
          await clinicsService.lockMember(tx, member);
          // Widens the race on PostgreSQL: without the lock, the others would read the same current row meanwhile.
          await tx.execute(sql`select pg_sleep(0.01)`);
          await clinicsService.endCurrent(tx, member, "switched", "member");
          return clinicsService.start(tx, member, targets[i % targets.length].id, "active", "member");
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    const current = await db()
      .select()
      .from(clinicMemberships)
      .where(and(eq(clinicMemberships.customerId, member), inArray(clinicMemberships.state, ["pending", "active"])));
    expect(current).toHaveLength(1);
    const events = await db()
      .select({ kind: clinicMembershipEvents.kind })
      .from(clinicMembershipEvents)
      .innerJoin(clinicMemberships, eq(clinicMemberships.id, clinicMembershipEvents.membershipId))
      .where(eq(clinicMemberships.customerId, member));
    expect(events.filter((e) => e.kind === "joined")).toHaveLength(10);
    expect(events.filter((e) => e.kind === "switched")).toHaveLength(9);
    expect((await clinicsService.history(member, 1))[0]).toMatchObject({ kind: "joined", membershipId: current[0].id });
  });
});
