import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { aDonationStore } from "../testing/donations";
import {
  PAWS_RESCUE_LEAGUE_ID,
  SEED_CHARITY_COUNT,
  SEED_DONATION_STORE_ID,
  SEED_EXCLUSION_SEGMENT_ID,
  SEED_LOYALTY_SEGMENT_ID,
  SEED_PORTFOLIO_IDS,
} from "../modules/donations";
import { DONATION_SESSION_COOKIE } from "./donations";

// The donation provider's API (SPEC §7) through the whole HTTP stack: the x-store-id check, every
// call's happy path, bad fields named, unknown ids, tracking bound to its browser session; and the
// ledger refusing updates and deletes.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;

const HOST = "localhost";
const STORE = SEED_DONATION_STORE_ID;
/** A second store: 10 % flat $0.25 per unit, an excluded and a direct-donation product, a cart donation. */
const FLAT_STORE = "f1a7f1a7f1a7f1a7f1a7f1a7f1a7f1a7";
const UNKNOWN_STORE = "0123456789abcdef0123456789abcdef";

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  await aDonationStore(database.db, {
    id: FLAT_STORE,
    name: "Flat test store",
    defaultCauseId: PAWS_RESCUE_LEAGUE_ID,
    defaultDonationHundredths: 25,
    defaultDonationType: 1,
    excludedCmsIds: ["gift-card"],
    directDonationCmsIds: ["donate-5"],
    cartDonationCents: 100,
    causeMultipliers: { [PAWS_RESCUE_LEAGUE_ID]: 200 },
    // The store's promise runs with its online-purchase campaign (what an order would record).
    activeCampaigns: [1],
  });
});
afterAll(() => database?.close());

type Opts = { store?: string | null; cookie?: string; body?: unknown };
function call(method: string, path: string, { store = STORE, cookie, body }: Opts = {}) {
  return app.request(`http://${HOST}/api/donations${path}`, {
    method,
    headers: {
      host: HOST,
      ...(store !== null ? { "x-store-id": store } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function expect400(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe("bad_request");
  expect(Object.keys(body.error.fields)).toContain(field);
}

/** A new tracking record and the cookie of the browser session that started it. */
async function startTracking(cookie?: string) {
  const res = await call("POST", "/tracking", { body: { storeId: STORE, isTestMode: false, isForceTestMode: false }, cookie });
  expect(res.status).toBe(201);
  const setCookie = res.headers.get("set-cookie");
  const session = cookie ?? setCookie!.split(";")[0];
  return { ...((await res.json()) as { trackingId: string; causeId: string }), cookie: session, setCookie };
}

describe("x-store-id (SPEC §5)", () => {
  it("accepts the id with spaces, dashes, braces and parentheses", async () => {
    const res = await call("GET", "/stores/cc-small/none", { store: "{5EED0D0A-7E5C-4A1B-9C3D-2E1F00C0FFEE}" });
    expect(res.status).toBe(200);
  });
  it.each([
    ["missing", null],
    ["too short", "5eed0d0a"],
    ["not hex", "5eed0d0a7e5c4a1b9c3d2e1f00c0ffzz"],
  ])("answers 400 Invalid StoreId when %s, on every call", async (_what, store) => {
    for (const [method, path] of [
      ["GET", "/stores/cc-small/none"],
      ["POST", "/tracking"],
      ["GET", "/charities/search"],
      ["POST", "/clickstream/events"],
      ["PUT", `/tracking/${randomUUID()}/set-cause`],
    ] as const) {
      const res = await call(method, path, { store, body: method === "GET" ? undefined : {} });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.message).toBe("Invalid StoreId");
      expect(body.error.fields).toEqual({ "x-store-id": "Invalid StoreId" });
    }
  });
  it("answers 404 for a well-formed id of no store", async () => {
    expect((await call("GET", "/stores/cc-small/none", { store: UNKNOWN_STORE })).status).toBe(404);
  });
});

describe("stores/cc-small/none", () => {
  it("gives every SPEC §3 store configuration field and the segments", async () => {
    const res = await call("GET", "/stores/cc-small/none");
    const store = await res.json();
    expect(store).toMatchObject({
      id: STORE,
      activeCampaigns: [1, 4],
      defaultCauseId: PAWS_RESCUE_LEAGUE_ID,
      defaultDonation: 5,
      defaultDonationType: 0,
      isActive: true,
      letShoppersChoose: true,
      searchEnabled: true,
      primaryCurrency: "USD",
    });
    for (const key of [
      "name",
      "addressInformation",
      "contactInformation",
      "customCSS",
      "defaultCauseIds",
      "featuredCauseIds",
      "isEmbeddedConfirmation",
      "isExperienceActive",
      "targetCssSelector",
      "causeMultipliers",
    ])
      expect(store).toHaveProperty(key);
    expect(store.segments).toHaveLength(2);
    expect(store.segments.filter((s: { excludeSegment: boolean }) => s.excludeSegment)).toHaveLength(1);
    for (const key of [
      "id",
      "isActive",
      "name",
      "excludeSegment",
      "frontEndPropertyName",
      "frontEndSource",
      "priorityIndex",
      "valueCategory",
      "specifiedValues",
      "backEndPropertyName",
      "description",
      "donationAction",
      "donationActionValue",
    ])
      expect(store.segments[0]).toHaveProperty(key);
  });
});

describe("tracking", () => {
  it("starts tracking, sets an httpOnly session cookie, then sets, reads and clears the cause", async () => {
    const t = await startTracking();
    expect(t.causeId).toBe("0");
    expect(t.setCookie).toMatch(new RegExp(`^${DONATION_SESSION_COOKIE}=[A-Za-z0-9_-]{43};.*HttpOnly`, "i"));
    // Only the donation calls see it: the shop's pages stay cacheable for the shopper.
    expect(t.setCookie).toMatch(/; Path=\/api\/donations(;|$)/i);
    // A second tracking from the same browser keeps its key (no new cookie).
    expect((await startTracking(t.cookie)).setCookie).toBeNull();

    const set = await call("PUT", `/tracking/${t.trackingId}/set-cause`, {
      cookie: t.cookie,
      body: { causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "anything the client says" },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "Paws Rescue League" });
    const read = await call("GET", `/tracking/${t.trackingId}/cause`, { cookie: t.cookie });
    expect(await read.json()).toEqual({ CauseId: PAWS_RESCUE_LEAGUE_ID, CauseName: "Paws Rescue League" });

    // A portfolio is a cause too.
    expect(
      (await call("PUT", `/tracking/${t.trackingId}/set-cause`, { cookie: t.cookie, body: { causeId: SEED_PORTFOLIO_IDS[1], causeName: "x" } })).status,
    ).toBe(200);
    // Clearing: cause id 0, name "0" (SPEC §4).
    expect((await call("PUT", `/tracking/${t.trackingId}/set-cause`, { cookie: t.cookie, body: { causeId: 0, causeName: "0" } })).status).toBe(200);
    expect(await (await call("GET", `/tracking/${t.trackingId}/cause`, { cookie: t.cookie })).json()).toEqual({ CauseId: "0", CauseName: "0" });
  });

  it("refuses a body store id that is not the header's", async () => {
    await expect400(await call("POST", "/tracking", { body: { storeId: FLAT_STORE } }), "storeId");
    await expect400(await call("POST", "/tracking", { body: { isTestMode: "yes" } }), "isTestMode");
  });

  it("names the bad field", async () => {
    const t = await startTracking();
    await expect400(await call("PUT", `/tracking/${t.trackingId}/set-cause`, { cookie: t.cookie, body: { causeId: "not-an-id!", causeName: "x" } }), "causeId");
    await expect400(await call("PUT", `/tracking/${t.trackingId}/set-cause`, { cookie: t.cookie, body: { causeId: PAWS_RESCUE_LEAGUE_ID } }), "causeName");
    // Well-formed but unknown cause.
    await expect400(await call("PUT", `/tracking/${t.trackingId}/set-cause`, { cookie: t.cookie, body: { causeId: "00-9999999", causeName: "x" } }), "causeId");
    await expect400(await call("PUT", `/tracking/${t.trackingId}/add-integration-info`, { cookie: t.cookie, body: { info: "x" } }), "integrationType");
    await expect400(
      await call("PUT", `/tracking/${t.trackingId}/add-integration-info`, { cookie: t.cookie, body: { integrationType: "email", info: { _kx: "\ud800" } } }),
      "info",
    );
    await expect400(
      await call("PUT", `/tracking/${t.trackingId}/set-confirmation-data`, {
        cookie: t.cookie,
        body: { confirmationData: { totalDonationAmount: "2.1", causes: "[]" } },
      }),
      "confirmationData.totalDonationAmount",
    );
    await expect400(
      await call("PUT", `/tracking/${t.trackingId}/set-confirmation-data`, {
        cookie: t.cookie,
        body: { confirmationData: { totalDonationAmount: "2.15", causes: "{not json" } },
      }),
      "confirmationData.causes",
    );
  });

  it("answers 404 for an unknown tracking id", async () => {
    const t = await startTracking();
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect((await call("GET", `/tracking/${id}/cause`, { cookie: t.cookie })).status).toBe(404);
      expect((await call("PUT", `/tracking/${id}/set-cause`, { cookie: t.cookie, body: { causeId: 0, causeName: "0" } })).status).toBe(404);
    }
  });

  it("is bound to the browser session that started it: another session or none gets 404", async () => {
    const mine = await startTracking();
    const other = await startTracking();
    expect(other.cookie).not.toBe(mine.cookie);
    const path = `/tracking/${mine.trackingId}`;
    for (const cookie of [other.cookie, undefined, `${DONATION_SESSION_COOKIE}=forged`]) {
      expect((await call("PUT", `${path}/set-cause`, { cookie, body: { causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "x" } })).status).toBe(404);
      expect(
        (await call("PUT", `${path}/set-confirmation-data`, { cookie, body: { confirmationData: { totalDonationAmount: "1.00", causes: "[]" } } })).status,
      ).toBe(404);
      expect((await call("PUT", `${path}/add-integration-info`, { cookie, body: { integrationType: "email", info: "x" } })).status).toBe(404);
      expect((await call("GET", `${path}/cause`, { cookie })).status).toBe(404);
    }
    // Another store with the same browser session does not see it either.
    expect((await call("GET", `${path}/cause`, { cookie: mine.cookie, store: FLAT_STORE })).status).toBe(404);
    // The owner still can.
    expect((await call("GET", `${path}/cause`, { cookie: mine.cookie })).status).toBe(200);
  });

  it("stores integration info once per type, and confirmation data once", async () => {
    const t = await startTracking();
    const info = { _kx: "abc", utm_campaign: "spring" };
    const first = await call("PUT", `/tracking/${t.trackingId}/add-integration-info`, { cookie: t.cookie, body: { integrationType: "email-marketing", info } });
    expect(await first.json()).toMatchObject({ stored: true });
    const again = await call("PUT", `/tracking/${t.trackingId}/add-integration-info`, {
      cookie: t.cookie,
      body: { integrationType: "email-marketing", info: { _kx: "other" } },
    });
    expect(await again.json()).toMatchObject({ stored: false });

    const causes = JSON.stringify([{ causeId: PAWS_RESCUE_LEAGUE_ID, amount: 2.15 }]);
    const confirm = await call("PUT", `/tracking/${t.trackingId}/set-confirmation-data`, {
      cookie: t.cookie,
      body: { confirmationData: { totalDonationAmount: "2.15", causes } },
    });
    expect(confirm.status).toBe(200);
    // Confirmed: nothing changes any more.
    expect((await call("PUT", `/tracking/${t.trackingId}/set-cause`, { cookie: t.cookie, body: { causeId: 0, causeName: "0" } })).status).toBe(409);
    expect(
      (
        await call("PUT", `/tracking/${t.trackingId}/set-confirmation-data`, {
          cookie: t.cookie,
          body: { confirmationData: { totalDonationAmount: "9.99", causes } },
        })
      ).status,
    ).toBe(409);
  });
});

describe("products/donation-by-cms-id", () => {
  const q = (params: Record<string, string>, store = STORE) => call("GET", `/products/donation-by-cms-id?${new URLSearchParams(params)}`, { store });

  it("gives 5 % of the price to the default cause", async () => {
    const res = await q({ cmsId: "kibble-1", realPrice: "42.99" });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ totalDonationValue: 2.15, totalDonationValueCents: 215, excluded: false, donationType: 0, portfolioId: null });
    expect(result.donations).toEqual([{ causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "Paws Rescue League", amount: 2.15, amountCents: 215 }]);
  });

  it("applies a provided portfolio (split among its charities, its multiplier) and a segment's action", async () => {
    const { result } = await (await q({ cmsId: "k", realPrice: "20.00", providedCauseId: SEED_PORTFOLIO_IDS[1] })).json();
    expect(result.portfolioId).toBe(SEED_PORTFOLIO_IDS[1]);
    expect(result.totalDonationValueCents).toBe(200); // 5 % × 2
    expect(result.donations.reduce((s: number, d: { amountCents: number }) => s + d.amountCents, 0)).toBe(200);
    // A guest's page naming the loyalty segment changes nothing: only a customer's own record proves
    // a segment that changes the amount (donation-parity.test.ts: with the record, 10 %).
    const loyal = await (await q({ cmsId: "k", realPrice: "20.00", customerSegmentId: SEED_LOYALTY_SEGMENT_ID })).json();
    expect(loyal.result.totalDonationValueCents).toBe(100); // the store's 5 %
    const wholesale = await (await q({ cmsId: "k", realPrice: "20.00", customerSegmentId: SEED_EXCLUSION_SEGMENT_ID })).json();
    expect(wholesale.result).toMatchObject({ excluded: true, totalDonationValue: 0 });
  });

  it("flat stores: excluded products, multipliers and a foreign currency", async () => {
    expect((await (await q({ cmsId: "gift-card", realPrice: "50" }, FLAT_STORE)).json()).result).toMatchObject({ excluded: true, totalDonationValueCents: 0 });
    // $0.25 × store multiplier 2 for Paws Rescue League.
    expect((await (await q({ cmsId: "k", realPrice: "50" }, FLAT_STORE)).json()).result).toMatchObject({ totalDonationValueCents: 50, donationType: 1 });
    // 1.35 CAD per USD: 0.25 → 0.34 CAD, × 2.
    expect((await (await q({ cmsId: "k", realPrice: "50", currency: "cad", exchangeRate: "1.35" }, FLAT_STORE)).json()).result).toMatchObject({
      totalDonationValueCents: 68,
      currency: "CAD",
    });
  });

  it("names bad fields and unknown ids", async () => {
    await expect400(await q({ realPrice: "1" }), "cmsId");
    await expect400(await q({ cmsId: "k", realPrice: "-1" }), "realPrice");
    await expect400(await q({ cmsId: "k", realPrice: "abc" }), "realPrice");
    await expect400(await q({ cmsId: "k", realPrice: "1", providedCauseId: "nope" }), "providedCauseId");
    await expect400(await q({ cmsId: "k", realPrice: "1", providedCauseId: "00-9999999" }), "providedCauseId");
    await expect400(await q({ cmsId: "k", realPrice: "1", customerSegmentId: randomUUID() }), "customerSegmentId");
    await expect400(await q({ cmsId: "k", realPrice: "1", currency: "EUR" }), "exchangeRate");
  });
});

describe("products/get-multiple-donation", () => {
  const post = (body: unknown, store = STORE) => call("POST", "/products/get-multiple-donation", { body, store });

  it("gives each line's donation after its share of the cart discount, in the SPEC §3 result shape", async () => {
    const res = await post({
      cmsIds: [
        { id: "a", price: 30, quantity: 1, discount: 10 },
        { id: "b", price: 20, quantity: 1 },
      ],
      cartDiscount: 10,
    });
    expect(res.status).toBe(200);
    const r = await res.json();
    expect(r.lineItems.map((l: { totalDonationValueCents: number }) => l.totalDonationValueCents)).toEqual([75, 75]);
    expect(r).toMatchObject({ totalDonationAmount: 1.5, cartDonation: 0, showWidget: true, excluded: false });
    expect(r.donationRecipients).toEqual([{ causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "Paws Rescue League", amount: 1.5, amountCents: 150 }]);
    for (const key of ["donations", "totalDonationValue", "donationType", "directDonation"]) expect(r.lineItems[0]).toHaveProperty(key);
  });

  it("flat store: per unit, excluded and direct donation lines, the cart donation", async () => {
    const r = await (
      await post(
        {
          cmsIds: [
            { id: "k", price: 10, quantity: 3 },
            { id: "gift-card", price: 25, quantity: 1 },
            { id: "donate-5", price: 5, quantity: 1 },
          ],
        },
        FLAT_STORE,
      )
    ).json();
    // 3 × $0.25 × 2 = 150; excluded 0; direct 500; cart donation 100 → 750.
    expect(r.lineItems.map((l: { totalDonationValueCents: number }) => l.totalDonationValueCents)).toEqual([150, 0, 500]);
    expect(r.lineItems[1].excluded).toBe(true);
    expect(r.lineItems[2].directDonation).toBe(true);
    expect(r).toMatchObject({ cartDonationCents: 100, totalDonationAmountCents: 750 });
    const ignored = await (await post({ cmsIds: [{ id: "donate-5", price: 5, quantity: 1 }], ignoreDirectDonations: true }, FLAT_STORE)).json();
    expect(ignored.totalDonationAmountCents).toBe(0);
  });

  it("an exclusion segment hides the widget and gives nothing", async () => {
    const r = await (await post({ cmsIds: [{ id: "a", price: 30, quantity: 1 }], customerSegmentId: SEED_EXCLUSION_SEGMENT_ID })).json();
    expect(r).toMatchObject({ excluded: true, showWidget: false, totalDonationAmount: 0 });
  });

  it("names bad fields", async () => {
    await expect400(await post({}), "cmsIds");
    await expect400(await post({ cmsIds: [{ id: "a", price: 1, quantity: 0 }] }), "cmsIds.0.quantity");
    await expect400(await post({ cmsIds: [{ price: 1, quantity: 1 }] }), "cmsIds.0.id");
    await expect400(await post({ cmsIds: [], cartDiscount: -1 }), "cartDiscount");
    await expect400(await post({ cmsIds: [], providedCauseId: "00-9999999" }), "providedCauseId");
    expect((await post("{bad json")).status).toBe(400);
  });
});

describe("charities and portfolios", () => {
  const search = (params: Record<string, string>) => call("GET", `/charities/search?${new URLSearchParams(params)}`);

  it("searches by name (typos too), pages with skip and take (25 by default)", async () => {
    const all = await (await search({})).json();
    expect(all.totalCount).toBe(SEED_CHARITY_COUNT);
    expect(all.charities).toHaveLength(25);
    const page3 = await (await search({ skip: "50" })).json();
    expect(page3.charities).toHaveLength(SEED_CHARITY_COUNT - 50);
    const paws = await (await search({ q: "paws rescue" })).json();
    expect(paws.charities[0].name).toBe("Paws Rescue League");
    const typo = await (await search({ q: "Paws Resuce League" })).json();
    expect(typo.charities.map((c: { id: string }) => c.id)).toContain(PAWS_RESCUE_LEAGUE_ID);
    expect(paws.charities[0]).toMatchObject({ nteeCode: "D20", nteeMain: "D", nteeSub: "20", categoryId: 3, kind: "charity" });
  });

  it("filters by city, state, zip and category; a charity without a logo names its category icon", async () => {
    const denver = await (await search({ city: "denver" })).json();
    expect(denver.totalCount).toBeGreaterThan(0);
    expect(denver.charities.every((c: { city: string }) => c.city === "Denver")).toBe(true);
    const co = await (await search({ state: "co", categoryId: "3" })).json();
    expect(co.charities.every((c: { state: string; categoryId: number }) => c.state === "CO" && c.categoryId === 3)).toBe(true);
    const zip = await (await search({ zip: "80202" })).json();
    expect(zip.charities.every((c: { zip: string }) => c.zip === "80202")).toBe(true);
    const all = await (await search({ take: "25", skip: "0" })).json();
    const noLogo = all.charities.find((c: { logoUrl: string | null }) => c.logoUrl === null);
    expect(noLogo.categoryIconId).toBeGreaterThanOrEqual(0);
    expect(noLogo.categoryIconId).toBeLessThanOrEqual(25);
  });

  it("names bad search fields", async () => {
    await expect400(await search({ take: "26" }), "take");
    await expect400(await search({ skip: "-1" }), "skip");
    await expect400(await search({ zip: "ab" }), "zip");
    await expect400(await search({ state: "Colorado" }), "state");
    await expect400(await search({ categoryId: "x" }), "categoryId");
    await expect400(await search({ q: "paws\u0000" }), "q");
  });

  it("finds charities by EINs, in the order asked, leaving out unknown ones", async () => {
    const r = await (await call("GET", `/charities/search-by-eins?eins=00-1000002,00-9999999,${PAWS_RESCUE_LEAGUE_ID}`)).json();
    expect(r.charities.map((c: { id: string }) => c.id)).toEqual(["00-1000002", PAWS_RESCUE_LEAGUE_ID]);
    await expect400(await call("GET", "/charities/search-by-eins"), "eins");
    await expect400(await call("GET", "/charities/search-by-eins?eins=abc"), "eins.0");
  });

  it("gives portfolios with their charities; unknown ones are left out", async () => {
    const r = await (await call("GET", `/portfolios/cc-query-with-charities?id=${SEED_PORTFOLIO_IDS.join(",")},ffffffffffffffffffffffffffffffff`)).json();
    expect(r.portfolios).toHaveLength(3);
    for (const p of r.portfolios) expect(p.portfolioCharities.length).toBeGreaterThan(0);
    expect(r.portfolios[1].multiplier).toBe(2);
    await expect400(await call("GET", "/portfolios/cc-query-with-charities?id=00-1000001"), "id.0");
    await expect400(await call("GET", "/portfolios/cc-query-with-charities"), "id");
  });
});

describe("clickstream/events", () => {
  const envelope = (over: Record<string, unknown> = {}, event: Record<string, unknown> = {}) => ({
    client_properties: {
      user_agent: "test",
      url: "http://localhost/cart",
      device_type: "desktop",
      browser_type: "chromium",
      browser_version: "130",
      platform: "linux",
      referrer: "",
    },
    store_id: STORE,
    tracking_id: null,
    metadata: { widget: "cart" },
    customer: { id: null, email: null },
    event: { time_stamp: "2026-11-02T10:00:00.000Z", event_type: "widget_rendered", event_version: "0.1.15", payload: { total: 2.15 }, ...event },
    ...over,
  });
  const post = (body: unknown) => call("POST", "/clickstream/events", { body });

  it("stores one envelope or a batch", async () => {
    const one = await post(envelope());
    expect(one.status).toBe(202);
    expect(await one.json()).toEqual({ accepted: 1 });
    const batch = await post([envelope(), envelope({}, { event_type: "cause_set" })]);
    expect(await batch.json()).toEqual({ accepted: 2 });
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from donation_clickstream_events where store_id = ${STORE}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0].n).toBe(3);
  });

  it("names bad fields: version, type, time, store", async () => {
    await expect400(await post(envelope({}, { event_version: "0.1.14" })), "event.event_version");
    await expect400(await post(envelope({}, { event_type: "" })), "event.event_type");
    await expect400(await post(envelope({}, { time_stamp: "yesterday" })), "event.time_stamp");
    await expect400(await post(envelope({ store_id: FLAT_STORE })), "store_id");
    await expect400(await post([envelope(), envelope({ tracking_id: "x" })]), "1.tracking_id");
    await expect400(await post({}), "client_properties");
    await expect400(await post([]), "body");
    // Values PostgreSQL cannot store are refused up front (400, not 500).
    await expect400(await post(envelope({}, { payload: { note: "a\u0000b" } })), "event.payload");
    await expect400(await post(envelope({}, { time_stamp: "0000-01-01T00:00:00Z" })), "event.time_stamp");
  });
});

describe("donation ledger", () => {
  it("appends rows, reverses a line with a new negative row once, and refuses UPDATE and DELETE", async () => {
    const donations = deps.services.donations;
    const orderId = randomUUID();
    const lineId = randomUUID();
    const [row] = await donations.appendLedger([
      { storeId: STORE, orderId, orderLineId: lineId, causeId: PAWS_RESCUE_LEAGUE_ID, rule: "percentage", amountCents: 215, fundedBy: "store" },
    ]);
    expect(row.amountCents).toBe(215);
    // One row per line, cause and rule.
    await expect(
      donations.appendLedger([
        { storeId: STORE, orderId, orderLineId: lineId, causeId: PAWS_RESCUE_LEAGUE_ID, rule: "percentage", amountCents: 1, fundedBy: "store" },
      ]),
    ).rejects.toThrow();

    const reversed = await donations.reverseLedgerLine(lineId);
    expect(reversed).toMatchObject([{ amountCents: -215, rule: "reversal", reversesId: row.id }]);
    expect(await donations.reverseLedgerLine(lineId)).toEqual([]);
    const rows = await donations.ledgerForOrder(orderId);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(0);

    await expect(database.db.execute(sql`update donation_ledger set amount_cents = 1 where id = ${row.id}`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from donation_ledger where id = ${row.id}`)).rejects.toThrow();
    expect((await donations.ledgerForOrder(orderId)).map((r) => r.amountCents)).toEqual([215, -215]);
  });
});
