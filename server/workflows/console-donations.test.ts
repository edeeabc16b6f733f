import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthOf, parseReportMonth, reportTotals } from "../../rules/donations/monthly-report";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { donationReportQuery } from "../modules/donations";
import { PAWS_RESCUE_LEAGUE_ID, SEED_DONATION_STORE_ID, SEED_LOYALTY_SEGMENT_ID, SEED_PORTFOLIO_IDS } from "../modules/donations";
import type { LedgerEntry } from "../modules/donations";
import type { Operator } from "../modules/operators";
import type { Services } from "../wiring";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { changeDonationStore, storedSegment } from "../testing/donations";

// The console's Donations section: every write against every role (refusals audited), the store
// configuration saved with its audit entry and answered at once by the provider's API, fields named
// in every refusal, causes and segments with the rules only the database can check, and the monthly
// report from the ledger (store- and customer-funded apart, reversals, UTC month boundaries, the
// index it reads).

let database: Database;
let services: Services;
let app: ReturnType<typeof createApp>;
let owner: Operator;
const STORE = SEED_DONATION_STORE_ID;
const MISSING_STORE = "00000000000000000000000000000000";

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  services = deps.services;
  app = createApp(deps, { handler: async () => new Response("page") });
  owner = await operatorOf(services, "owner");
}, 60_000);
afterAll(() => database?.close());

/** The store form as the page posts it (checkboxes "yes", lists as typed). */
const storeForm = (change: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Kibble & Co. Gives",
  activeCampaigns: ["1"],
  defaultDonationType: "0",
  defaultDonation: "5",
  defaultCauseId: PAWS_RESCUE_LEAGUE_ID,
  defaultCauseIds: PAWS_RESCUE_LEAGUE_ID,
  featuredCauseIds: `${PAWS_RESCUE_LEAGUE_ID}, 00-1000002`,
  isActive: "yes",
  letShoppersChoose: "yes",
  searchEnabled: "yes",
  isEmbeddedConfirmation: "yes",
  isExperienceActive: "yes",
  primaryCurrency: "USD",
  address1: "1 Sample Way",
  city: "Aurora",
  state: "CO",
  zip: "80011",
  country: "US",
  contactName: "Giving Desk",
  contactEmail: "giving@kibble.example",
  contactPhone: "555-0100",
  targetCssSelector: "[data-donation-widget]",
  ...change,
});

const segmentForm = (change: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Newsletter readers",
  description: "",
  isActive: "yes",
  excludeSegment: "",
  frontEndSource: "2",
  frontEndPropertyName: "utm_source",
  backEndPropertyName: "",
  valueCategory: "eq",
  specifiedValues: "newsletter",
  priorityIndex: String(100 + Math.floor(Math.random() * 800)),
  donationAction: "percentage",
  donationActionValue: "7.5",
  ...change,
});

const storeConfiguration = async () => {
  const res = await app.request("http://localhost/api/donations/stores/cc-small/none", { headers: { host: "localhost", "x-store-id": STORE } });
  expect(res.status).toBe(200);
  return res.json();
};
const entriesOf = (op: Operator) => services.operators.auditEntries({ operatorEmail: op.email, limit: 50 });

describe("role matrix", () => {
  const c = () => services.consoleDonations;
  const writes: ConsoleWrite[] = [
    { name: "donation_store.update", permission: "donations.manage", run: (op) => c().updateStore(op, MISSING_STORE, storeForm()) },
    { name: "donation_cause.update", permission: "donations.manage", run: (op) => c().updateCause(op, "00-9999999", { multiplier: "1", active: "yes" }) },
    { name: "donation_segment.create", permission: "donations.manage", run: (op) => c().createSegment(op, MISSING_STORE, segmentForm()) },
    { name: "donation_segment.update", permission: "donations.manage", run: (op) => c().updateSegment(op, randomUUID(), segmentForm()) },
    { name: "donation_segment.activate", permission: "donations.manage", run: (op) => c().setSegmentActive(op, randomUUID(), true) },
    { name: "donation_segment.deactivate", permission: "donations.manage", run: (op) => c().setSegmentActive(op, randomUUID(), false) },
  ];
  roleMatrix(() => services, writes);
});

describe("store configuration", () => {
  it("saves every setting in one audited write, and the provider's API answers the new configuration at once", async () => {
    const before = await storeConfiguration();
    expect(before.defaultDonationType).toBe(0);
    const r = await services.consoleDonations.updateStore(
      owner,
      STORE,
      storeForm({
        name: "Kibble Gives Back",
        activeCampaigns: ["4", "1", "3"],
        defaultDonationType: "1",
        defaultDonation: "0.25",
        featuredCauseIds: `${PAWS_RESCUE_LEAGUE_ID}\n${SEED_PORTFOLIO_IDS[0]}`,
        searchEnabled: "",
        primaryCurrency: "cad",
        targetCssSelector: "#cart .donation > div",
        isEmbeddedConfirmation: "",
      }),
    );
    expect(r).toEqual({ ok: true });
    const after = await storeConfiguration();
    expect(after).toMatchObject({
      name: "Kibble Gives Back",
      activeCampaigns: [1, 3, 4],
      defaultDonationType: 1,
      defaultDonation: 0.25,
      featuredCauseIds: [PAWS_RESCUE_LEAGUE_ID, SEED_PORTFOLIO_IDS[0]],
      searchEnabled: false,
      letShoppersChoose: true,
      // Not in the form (they would do nothing in this shop): what a post names is ignored, the
      // seeded values stay.
      primaryCurrency: "USD",
      targetCssSelector: "[data-donation-widget]",
      isEmbeddedConfirmation: true,
      customCSS: "",
      addressInformation: { address1: "1 Sample Way", city: "Aurora", state: "CO", zip: "80011", country: "US" },
      contactInformation: { name: "Giving Desk", email: "giving@kibble.example", phone: "555-0100" },
    });
    const [entry] = await entriesOf(owner);
    expect(entry).toMatchObject({ action: "donation_store.update", targetType: "donation_store", targetId: STORE, outcome: "ok" });
    expect(entry.before).toMatchObject({ name: before.name, defaultDonationType: 0, defaultDonationHundredths: 500, searchEnabled: true });
    expect(entry.after).toMatchObject({
      name: "Kibble Gives Back",
      defaultDonationType: 1,
      defaultDonationHundredths: 25,
      searchEnabled: false,
      activeCampaigns: [1, 3, 4],
    });

    // Back to the seed's percentage, so the report tests below read the shop as seeded.
    expect(await services.consoleDonations.updateStore(owner, STORE, storeForm())).toEqual({ ok: true });
    expect((await storeConfiguration()).defaultDonation).toBe(5);
  });

  it.each([
    ["name", { name: "  " }],
    ["defaultDonation", { defaultDonation: "150" }],
    ["defaultDonation", { defaultDonationType: "1", defaultDonation: "2.555" }],
    ["defaultDonation", { defaultDonation: "0" }],
    ["defaultDonationType", { defaultDonationType: "2" }],
    ["activeCampaigns.0", { activeCampaigns: ["9"] }],
    ["defaultCauseIds", { defaultCauseIds: "not-a-cause!" }],
    ["defaultCauseId", { defaultCauseId: "", letShoppersChoose: "" }],
    ["zip", { zip: "" }],
    ["zip", { zip: "8001" }],
    ["contactEmail", { contactEmail: "giving at kibble" }],
    ["customCSS", { customCSS: ".donation{display:none}" }],
  ])("refuses a bad %s with the field named, writing nothing", async (field, change) => {
    const before = await entriesOf(owner);
    const r = await services.consoleDonations.updateStore(owner, STORE, storeForm(change));
    expect(r).toMatchObject({ ok: false, code: "INVALID" });
    expect(Object.keys((r as { errors: Record<string, string> }).errors)).toContain(field);
    expect((await entriesOf(owner)).length).toBe(before.length);
  });

  it("names every wrong field at once", async () => {
    const r = await services.consoleDonations.updateStore(owner, STORE, storeForm({ name: "", defaultDonation: "x", contactEmail: "nope" }));
    expect(Object.keys((r as { errors: Record<string, string> }).errors).sort()).toEqual(["contactEmail", "defaultDonation", "name"]);
  });

  it("refuses causes that do not exist or are hidden, naming the list that holds them", async () => {
    const r = await services.consoleDonations.updateStore(
      owner,
      STORE,
      storeForm({ defaultCauseIds: `${PAWS_RESCUE_LEAGUE_ID} 00-9999999`, featuredCauseIds: "ffffffffffffffffffffffffffffffff" }),
    );
    expect(r).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { defaultCauseIds: "No shown cause with the id 00-9999999", featuredCauseIds: expect.stringContaining("ffffffff") },
    });
  });

  it("keeps custom CSS empty even when the row had some", async () => {
    await changeDonationStore(database.db, STORE, { customCss: ".x{}" });
    expect(await services.consoleDonations.updateStore(owner, STORE, storeForm())).toEqual({ ok: true });
    expect((await storeConfiguration()).customCSS).toBe("");
  });

  it("answers NOT_FOUND for an unknown store, audited", async () => {
    const r = await services.consoleDonations.updateStore(owner, MISSING_STORE, storeForm());
    expect(r).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((await entriesOf(owner))[0]).toMatchObject({ action: "donation_store.update", outcome: "failed" });
  });
});

describe("causes", () => {
  it("lists charities and portfolios, searched, filtered, sorted and paged in one query", async () => {
    const c = services.consoleDonations;
    const all = await c.causeList({ q: "", kind: null, shown: null, sort: "name", dir: "asc", page: 1, pageSize: 25 });
    expect(all.total).toBe(63);
    expect(all.rows).toHaveLength(25);
    expect(all.rows.map((r) => r.name)).toEqual([...all.rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const portfolios = await c.causeList({ q: "", kind: "portfolio", shown: null, sort: "id", dir: "desc", page: 1, pageSize: 25 });
    expect(portfolios.rows.map((r) => r.id)).toEqual([...SEED_PORTFOLIO_IDS].reverse());
    expect(portfolios.rows.every((r) => r.charities > 0)).toBe(true);
    const byId = await c.causeList({ q: PAWS_RESCUE_LEAGUE_ID, kind: null, shown: null, sort: "name", dir: "asc", page: 1, pageSize: 25 });
    expect(byId.rows.map((r) => r.id)).toEqual([PAWS_RESCUE_LEAGUE_ID]);
    const page3 = await c.causeList({ q: "", kind: null, shown: null, sort: "name", dir: "asc", page: 3, pageSize: 25 });
    expect(page3.rows).toHaveLength(13);
  });

  it("sets a multiplier, the default flag and hides a cause: audited, and the provider's search leaves a hidden charity out", async () => {
    const id = "00-1000007";
    const r = await services.consoleDonations.updateCause(owner, id, { multiplier: "1.5", isDefault: "yes", active: "" });
    expect(r).toEqual({ ok: true });
    const found = await services.consoleDonations.cause(id);
    expect(found?.cause).toMatchObject({ multiplierHundredths: 150, isDefault: true, active: false });
    const [entry] = await entriesOf(owner);
    expect(entry).toMatchObject({
      action: "donation_cause.update",
      targetId: id,
      before: { multiplierHundredths: 100, active: true },
      after: { multiplierHundredths: 150, isDefault: true, active: false },
    });
    const search = await services.donations.searchCharities({ q: found!.cause.name, skip: 0, take: 25 });
    expect(search.charities.map((c) => c.id)).not.toContain(id);
    expect(await services.consoleDonations.updateCause(owner, id, { multiplier: "1", active: "yes" })).toEqual({ ok: true });
  });

  it("refuses to hide a store's default cause, and a bad multiplier, naming the field", async () => {
    expect(await services.consoleDonations.updateCause(owner, PAWS_RESCUE_LEAGUE_ID, { multiplier: "1", active: "" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { active: expect.stringContaining("default cause") },
    });
    for (const multiplier of ["0", "10.01", "abc", "1.234"])
      expect(await services.consoleDonations.updateCause(owner, "00-1000008", { multiplier, active: "yes" })).toMatchObject({
        ok: false,
        code: "INVALID",
        errors: { multiplier: expect.any(String) },
      });
    expect((await services.consoleDonations.cause(PAWS_RESCUE_LEAGUE_ID))?.cause.active).toBe(true);
  });
});

describe("segments", () => {
  it("creates, edits, deactivates and activates a segment, each audited, and the store configuration shows it", async () => {
    const c = services.consoleDonations;
    const created = await c.createSegment(owner, STORE, segmentForm({ priorityIndex: "40" }));
    expect(created).toMatchObject({ ok: true });
    const id = (created as { segmentId: string }).segmentId;
    expect((await entriesOf(owner))[0]).toMatchObject({
      action: "donation_segment.create",
      targetType: "donation_segment",
      targetId: id,
      after: { storeId: STORE, priorityIndex: 40, donationActionValue: 750 },
    });
    let config = await storeConfiguration();
    expect(config.segments.find((s: { id: string }) => s.id === id)).toMatchObject({
      name: "Newsletter readers",
      frontEndSource: 2,
      valueCategory: null,
      specifiedValues: ["newsletter"],
      donationAction: "percentage",
      donationActionValue: 7.5,
      isActive: true,
    });

    expect(
      await c.updateSegment(
        owner,
        id,
        segmentForm({
          priorityIndex: "41",
          valueCategory: "2",
          specifiedValues: "gold\nplatinum\ngold",
          frontEndSource: "1",
          donationAction: "flat",
          donationActionValue: "0.50",
        }),
      ),
    ).toEqual({ ok: true });
    expect((await entriesOf(owner))[0]).toMatchObject({
      action: "donation_segment.update",
      targetId: id,
      before: { priorityIndex: 40 },
      after: { priorityIndex: 41, specifiedValues: ["gold", "platinum"], donationActionValue: 50 },
    });

    expect(await c.setSegmentActive(owner, id, false)).toEqual({ ok: true });
    config = await storeConfiguration();
    expect(config.segments.find((s: { id: string }) => s.id === id).isActive).toBe(false);
    expect((await entriesOf(owner))[0]).toMatchObject({ action: "donation_segment.deactivate", before: { isActive: true }, after: { isActive: false } });
    expect(await c.setSegmentActive(owner, id, true)).toEqual({ ok: true });
  });

  it("refuses a second active segment at one priority, on create, edit and activation", async () => {
    const c = services.consoleDonations;
    const loyalty = await storedSegment(database.db, SEED_LOYALTY_SEGMENT_ID);
    const clash = await c.createSegment(owner, STORE, segmentForm({ priorityIndex: String(loyalty.priorityIndex) }));
    expect(clash).toMatchObject({ ok: false, code: "INVALID", errors: { priorityIndex: expect.stringContaining(loyalty.name) } });
    // An inactive one may share it, but cannot be turned on while the other is.
    const idle = await c.createSegment(owner, STORE, segmentForm({ priorityIndex: String(loyalty.priorityIndex), isActive: "" }));
    expect(idle).toMatchObject({ ok: true });
    const idleId = (idle as { segmentId: string }).segmentId;
    expect(await c.setSegmentActive(owner, idleId, true)).toMatchObject({ ok: false, code: "INVALID", errors: { isActive: expect.any(String) } });
    expect(await c.updateSegment(owner, idleId, segmentForm({ priorityIndex: String(loyalty.priorityIndex) }))).toMatchObject({
      ok: false,
      errors: { priorityIndex: expect.any(String) },
    });
  });

  it.each([
    ["name", { name: "" }],
    ["frontEndSource", { frontEndSource: "3" }],
    ["frontEndPropertyName", { frontEndPropertyName: "9lives" }],
    ["frontEndPropertyName", { frontEndPropertyName: "" }],
    ["valueCategory", { valueCategory: "4" }],
    ["specifiedValues", { valueCategory: "2", specifiedValues: "" }],
    ["specifiedValues", { valueCategory: "0", specifiedValues: "x" }],
    ["priorityIndex", { priorityIndex: "-1" }],
    ["priorityIndex", { priorityIndex: "1.5" }],
    ["donationAction", { donationAction: "double" }],
    ["donationAction", { excludeSegment: "yes", donationAction: "flat" }],
    ["donationActionValue", { donationAction: "percentage", donationActionValue: "101" }],
    ["donationActionValue", { donationAction: "flat", donationActionValue: "" }],
  ])("refuses a bad %s with the field named", async (field, change) => {
    const r = await services.consoleDonations.createSegment(owner, STORE, segmentForm(change));
    expect(r).toMatchObject({ ok: false, code: "INVALID" });
    expect(Object.keys((r as { errors: Record<string, string> }).errors)).toContain(field);
  });

  it("answers NOT_FOUND for an id that is not a segment (not a 500 for a malformed one)", async () => {
    expect(await services.consoleDonations.updateSegment(owner, "not-a-uuid", segmentForm())).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await services.consoleDonations.setSegmentActive(owner, randomUUID(), true)).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});

describe("at the same moment (PostgreSQL under npm run test:pg)", () => {
  // Open the pool's connections first: otherwise the first transaction runs whole while the others still connect.
  const warmPool = () => Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));

  it("two segments created at once at one priority: exactly one is made", async () => {
    const priority = "777";
    await warmPool();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => services.consoleDonations.createSegment(owner, STORE, segmentForm({ name: `Race ${i}`, priorityIndex: priority }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r as { code: string }).code)).toEqual(["INVALID", "INVALID", "INVALID"]);
    const active = (await services.consoleDonations.segments(STORE)).filter((s) => s.isActive && s.priorityIndex === 777);
    expect(active).toHaveLength(1);
  });

  it("a cause hidden while a store makes it its default: never both", async () => {
    for (const id of Array.from({ length: 12 }, (_, i) => `00-10000${String(11 + i)}`)) {
      await warmPool();
      const [save, hide] = await Promise.all([
        services.consoleDonations.updateStore(owner, STORE, storeForm({ defaultCauseId: id, defaultCauseIds: id })),
        services.consoleDonations.updateCause(owner, id, { multiplier: "1", active: "" }),
      ]);
      const store = await services.donations.store(STORE);
      const cause = (await services.consoleDonations.cause(id))!.cause;
      // Whichever came second saw the first: the store defaults to a shown cause, or the cause was hidden and the save refused.
      expect(save.ok !== hide.ok).toBe(true);
      if (save.ok) expect(cause.active && store!.defaultCauseId === id).toBe(true);
      else expect(!cause.active && store!.defaultCauseId !== id).toBe(true);
      expect(await services.consoleDonations.updateCause(owner, id, { multiplier: "1", active: "yes" })).toEqual({ ok: true });
    }
    expect(await services.consoleDonations.updateStore(owner, STORE, storeForm())).toEqual({ ok: true });
  });
});

describe("donation report", () => {
  const causeA = PAWS_RESCUE_LEAGUE_ID;
  const causeB = "00-1000002";
  const entry = (
    store: string,
    causeId: string,
    amountCents: number,
    fundedBy: "store" | "customer",
    at: string,
    orderId: string = randomUUID(),
    rule = "percentage",
  ) => ({ storeId: store, orderId, orderLineId: randomUUID(), causeId, rule, amountCents, fundedBy, createdAt: new Date(at) }) as LedgerEntry;

  it("sums one month per cause: store- and customer-funded apart, orders, reversals and net, within the month's UTC bounds", async () => {
    const store = "a11ce000000000000000000000000001";
    const orderOne = randomUUID();
    const lines = [
      entry(store, causeA, 500, "store", "2020-03-01T00:00:00.000Z", orderOne),
      entry(store, causeA, 300, "store", "2020-03-15T12:00:00.000Z", orderOne),
      entry(store, causeA, 300, "customer", "2020-03-31T23:59:59.999Z", undefined, "add-on"),
      entry(store, causeB, 200, "store", "2020-03-20T08:00:00.000Z"),
      // Outside the month on each side, and another store's row.
      entry(store, causeA, 999, "store", "2020-02-29T23:59:59.999Z"),
      entry(store, causeA, 777, "store", "2020-04-01T00:00:00.000Z"),
      entry("b0b00000000000000000000000000002", causeA, 555, "store", "2020-03-10T00:00:00.000Z"),
    ];
    await services.donations.appendLedger(lines);

    const march = await services.consoleDonations.report(store, parseReportMonth("2020-03")!);
    expect(march).toEqual([
      {
        causeId: causeA,
        causeName: "Paws Rescue League",
        storeFundedCents: 800,
        customerFundedCents: 300,
        orders: 2,
        reversedCents: 0,
        reversedOrders: 0,
        netCents: 1100,
      },
      {
        causeId: causeB,
        causeName: expect.any(String),
        storeFundedCents: 200,
        customerFundedCents: 0,
        orders: 1,
        reversedCents: 0,
        reversedOrders: 0,
        netCents: 200,
      },
    ]);
    expect(reportTotals(march)).toMatchObject({ storeFundedCents: 1000, customerFundedCents: 300, netCents: 1300 });
    expect((await services.consoleDonations.report(store, parseReportMonth("2020-02")!)).map((r) => r.netCents)).toEqual([999]);
    expect((await services.consoleDonations.report(store, parseReportMonth("2020-04")!)).map((r) => r.netCents)).toEqual([777]);
  });

  it("counts a reversal in the month it was recorded, negative, once however often the line is reversed", async () => {
    const store = "a11ce000000000000000000000000002";
    const given = entry(store, causeB, 450, "store", "2020-05-10T10:00:00.000Z");
    const addOn = entry(store, causeB, 300, "customer", "2020-05-10T10:00:00.000Z", given.orderId, "add-on");
    await services.donations.appendLedger([given, addOn]);
    const reversed = await services.donations.reverseLedgerLine(given.orderLineId);
    expect(reversed.map((r) => r.amountCents)).toEqual([-450]);
    expect(await services.donations.reverseLedgerLine(given.orderLineId)).toEqual([]);

    // May keeps what was given; the reversal lands in the month it happened (now).
    expect(await services.consoleDonations.report(store, parseReportMonth("2020-05")!)).toMatchObject([
      { storeFundedCents: 450, customerFundedCents: 300, orders: 1, reversedCents: 0, netCents: 750 },
    ]);
    const now = await services.consoleDonations.report(store, parseReportMonth(monthOf(reversed[0].createdAt))!);
    expect(now).toEqual([
      {
        causeId: causeB,
        causeName: expect.any(String),
        storeFundedCents: 0,
        customerFundedCents: 0,
        orders: 0,
        reversedCents: -450,
        reversedOrders: 1,
        netCents: -450,
      },
    ]);
  });

  it("an empty month is an empty report", async () => {
    expect(await services.consoleDonations.report(STORE, parseReportMonth("2001-01")!)).toEqual([]);
  });

  it("reads the month through the ledger's (store, created_at) index", async () => {
    const month = parseReportMonth("2020-03")!;
    const plan = await database.db.transaction(async (tx) => {
      // The test table is tiny, so the planner would scan it whole; forbid that to see whether the index serves the query.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = donationReportQuery(tx, "a11ce000000000000000000000000001", month.start, month.end).toSQL();
      const literal = (p: unknown) => `'${String(p).replace(/'/g, "''")}'`;
      const text = query.sql.replace(/\$(\d+)/g, (_m, n) => literal(query.params[Number(n) - 1]));
      const { rows } = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as { rows: Record<string, string>[] };
      return rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("donation_ledger_store_month_idx");
  });
});
