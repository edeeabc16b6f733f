import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { OperatorRole } from "../../rules/console/operator-roles";
import { PAWS_RESCUE_LEAGUE_ID, SEED_DONATION_STORE_ID } from "../../server/modules/donations";
import type { LedgerEntry } from "../../server/modules/donations";
import { operatorSession } from "../../server/testing/console";
import { testPages } from "../../server/testing/pages";

// The console's Donations pages through the whole HTTP stack: a refused form answers 400 with the
// message beside its field, a saved one says so, a role without donations.manage gets 403, and the
// report's CSV is the month's table.

const pages = testPages(
  async () => [
    { id: "routes/admin.donations", path: "admin/donations", module: await import("./admin.donations") },
    { id: "routes/admin.donations.causes.$id", path: "admin/donations/causes/:id", module: await import("./admin.donations.causes.$id") },
    { id: "routes/admin.donations.segments.$id", path: "admin/donations/segments/:id", module: await import("./admin.donations.segments.$id") },
    { id: "routes/admin.donations.report", path: "admin/donations/report", module: await import("./admin.donations.report") },
    { id: "routes/admin.donations.report.csv", path: "admin/donations/report/export.csv", module: await import("./admin.donations.report.csv") },
  ],
  { seed: true },
);
const { get, post } = pages;

/** A signed-in operator's cookie. */
const session = async (role: OperatorRole) => (await operatorSession(pages.deps.services, role)).cookie;

const storeFields = (change: Record<string, string | string[]> = {}) => ({
  name: "Kibble & Co. Gives",
  activeCampaigns: ["1", "4"],
  defaultDonationType: "0",
  defaultDonation: "5",
  defaultCauseId: PAWS_RESCUE_LEAGUE_ID,
  defaultCauseIds: PAWS_RESCUE_LEAGUE_ID,
  featuredCauseIds: PAWS_RESCUE_LEAGUE_ID,
  isActive: "yes",
  letShoppersChoose: "yes",
  searchEnabled: "yes",
  isExperienceActive: "yes",
  primaryCurrency: "USD",
  address1: "",
  city: "",
  state: "",
  zip: "",
  country: "",
  contactName: "",
  contactEmail: "",
  contactPhone: "",
  targetCssSelector: "[data-donation-widget]",
  ...change,
});

describe("store configuration page", () => {
  it("answers 400 with the message beside the field it is about, and saves a good form", async () => {
    const owner = await session("owner");
    const page = await get("/admin/donations", owner);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Custom CSS</strong> is not accepted");
    // The ids the store names are shown with their causes' names.
    expect(text).toContain("Now: Paws Rescue League (00-1000001).");

    const bad = await post("/admin/donations", owner, storeFields({ defaultDonation: "250" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    const input = /<input[^>]*name="defaultDonation"[^>]*>/.exec(html)![0];
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)![1];
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Enter a percentage from 0.01 to 100.00<`));

    const good = await post("/admin/donations", owner, storeFields());
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("Saved. The widget uses the new configuration from its next request.");
    const store = await pages.deps.services.donations.store(SEED_DONATION_STORE_ID);
    // Embedded confirmation is not in the form (README "Donation store settings not in the console"): the seeded value stays.
    expect(store).toMatchObject({ activeCampaigns: [1, 4], addressInformation: null, contactInformation: null, isEmbeddedConfirmation: true });
    expect(await (await get("/admin/donations", owner)).text()).not.toMatch(/name="(isEmbeddedConfirmation|targetCssSelector|primaryCurrency)"/);
  });

  it("refuses a role without donations.manage, pages and writes alike", async () => {
    for (const role of ["support", "content", "fulfilment"] as const) {
      const cookie = await session(role);
      expect((await get("/admin/donations", cookie)).status).toBe(403);
      expect((await get("/admin/donations/report/export.csv?month=2026-11", cookie)).status).toBe(403);
      expect((await post("/admin/donations", cookie, storeFields())).status).toBe(403);
      expect((await post(`/admin/donations/causes/${PAWS_RESCUE_LEAGUE_ID}`, cookie, { multiplier: "2", active: "yes" })).status).toBe(403);
    }
    expect((await pages.deps.services.donations.store(SEED_DONATION_STORE_ID))?.name).toBe("Kibble & Co. Gives");
  });

  it("a manager edits a cause; a bad multiplier comes back beside its field", async () => {
    const manager = await session("manager");
    const bad = await post("/admin/donations/causes/00-1000003", manager, { multiplier: "11", active: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a multiplier from 0.01 to 10.00");
    expect((await post("/admin/donations/causes/00-1000003", manager, { multiplier: "2", active: "yes" })).status).toBe(200);
    expect((await get("/admin/donations/causes/00-9999999", manager)).status).toBe(404);
  });

  it("creating a segment leads to its page", async () => {
    const owner = await session("owner");
    const res = await post("/admin/donations/segments/new", owner, {
      name: "Breeders",
      isActive: "yes",
      frontEndSource: "0",
      frontEndPropertyName: "kibble.accountType",
      valueCategory: "eq",
      specifiedValues: "breeder",
      priorityIndex: "500",
      donationAction: "flat",
      donationActionValue: "0.10",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/admin\/donations\/segments\/[0-9a-f-]{36}\?created=1$/);
    const page = await get(res.headers.get("location")!, owner);
    expect(await page.text()).toContain("Segment created.");
  });
});

describe("report", () => {
  it("shows the month and exports it as CSV; a bad month is a 400", async () => {
    const owner = await session("owner");
    const entry = {
      storeId: SEED_DONATION_STORE_ID,
      orderId: randomUUID(),
      orderLineId: randomUUID(),
      causeId: PAWS_RESCUE_LEAGUE_ID,
      rule: "percentage",
      amountCents: 215,
      fundedBy: "store",
      createdAt: new Date("2021-06-15T12:00:00Z"),
    };
    await pages.deps.services.donations.appendLedger([entry as LedgerEntry]);
    const page = await get("/admin/donations/report?month=2021-06", owner);
    const html = await page.text();
    expect(html).toContain("June 2021");
    expect(html).toContain("Paws Rescue League");
    expect(html).toContain("$2.15");

    const csv = await get("/admin/donations/report/export.csv?month=2021-06", owner);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="donations-2021-06.csv"');
    expect(await csv.text()).toBe(
      "month,cause_id,cause_name,store_funded_usd,customer_funded_usd,orders,reversed_usd,reversed_orders,net_usd\r\n2021-06,00-1000001,Paws Rescue League,2.15,0.00,1,0.00,0,2.15\r\n",
    );
    expect((await get("/admin/donations/report/export.csv?month=2021-13", owner)).status).toBe(400);
  });
});
