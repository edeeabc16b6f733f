import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "../../rules/shared/calendar-days";
import { isCycleDue, isRenewalDue, waitsForRetry, type RenewalTiming } from "../../rules/autoship/renewal-schedule";
import type { SubscriptionHold, SubscriptionStatus } from "../../rules/autoship/subscription-states";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createRenewalStore } from "../modules/autoship";
import { changeSubscriptions, storeSubscriptions } from "../testing/autoship";
import { renewSubscription } from "../workflows/renew-subscription";
import { address, renewalKit, type RenewalKit } from "../testing/renewals";

// When a renewal is due has one definition (rules/autoship/renewal-schedule.ts) and one SQL twin (the
// runner's batch claim, server/modules/autoship/renewals.ts). One table of subscription states —
// status, cycle date, hold, retry time, and whether a held item is back — goes through both; they
// must agree row for row. PGlite here, PostgreSQL under `npm run test:pg`.

const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900" });
let database: Database;
let kit: RenewalKit;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
}, 120_000);
afterAll(() => database.close());

const NOW = new Date("2031-03-10T12:00:00Z");
const TODAY = dayOf(NOW);
const HOUR = 3_600_000;

const STATUSES: SubscriptionStatus[] = ["active", "paused", "cancelled"];
const DATES = { yesterday: addDays(TODAY, -1), today: TODAY, tomorrow: addDays(TODAY, 1) };
const HOLDS: (SubscriptionHold | null)[] = [null, "out_of_stock", "payment_failed", "quota_reached", "price_rise"];
const RETRIES = { none: null, past: new Date(NOW.getTime() - HOUR), now: NOW, future: new Date(NOW.getTime() + HOUR) };

type Case = RenewalTiming & { restocked: boolean; label: string };

function table(): Case[] {
  const cases: Case[] = [];
  for (const status of STATUSES)
    for (const [day, nextOrderDate] of Object.entries(DATES))
      for (const hold of HOLDS)
        for (const [when, retryAt] of Object.entries(RETRIES))
          for (const restocked of [false, true])
            cases.push({
              status,
              nextOrderDate,
              hold,
              retryAt,
              restocked,
              label: `${status} ${day} hold=${hold} retry=${when}${restocked ? " restocked" : ""}`,
            });
  return cases;
}

/** One subscription row per case, all of one customer and the kit's first variant. */
function insertCases(customer: Awaited<ReturnType<RenewalKit["customer"]>>, cases: readonly Case[]) {
  return storeSubscriptions(
    database.db,
    cases.map((c) => ({
      site: "d2c" as const,
      customerId: customer.id,
      email: customer.email,
      productId: kit.first.productId,
      variantId: kit.first.id,
      quantity: 1,
      frequencyWeeks: 4,
      startDate: addDays(TODAY, -28),
      nextOrderDate: c.nextOrderDate,
      status: c.status,
      hold: c.hold,
      retryAt: c.retryAt,
      shippingAddress: address(),
      paymentMethodId: null,
    })),
  );
}

describe("renewal due: the rule and the runner's SQL claim agree", () => {
  it("on every combination of status, date, hold, retry time and a held item back in stock", async () => {
    const customer = await kit.customer();
    const cases = table();
    const store = createRenewalStore(database.db);
    const countsBefore = await store.dashboardCounts(TODAY);
    const rows = await insertCases(customer, cases);
    const ids = rows.map((r) => r.id);
    const byId = new Map(ids.map((id, i) => [id, cases[i]]));
    const restocked = ids.filter((id) => byId.get(id)!.restocked);

    try {
      // The console dashboard's count of renewals due: the cycles the rule calls due.
      const counts = await store.dashboardCounts(TODAY);
      expect(counts.due - countsBefore.due).toBe(cases.filter((c) => isCycleDue(c, TODAY)).length);
      expect(counts.held - countsBefore.held).toBe(cases.filter((c) => c.status === "active" && c.hold !== null).length);
      // The SQL, in the order a pass asks: the holds to look at for stock, then one claim big enough
      // for the whole table (none of these rows is leased before it).
      const held = new Set((await store.heldForStock(NOW, 10_000)).map((h) => h.id));
      const claimed = new Set((await store.claimDue(NOW, new Date(NOW.getTime() + 5 * 60_000), 10_000, [], restocked)).flat());
      const disagreements = ids.flatMap((id) => {
        const c = byId.get(id)!;
        const wrong: string[] = [];
        if (claimed.has(id) !== isRenewalDue(c, NOW, c.restocked))
          wrong.push(`${c.label}: rule ${isRenewalDue(c, NOW, c.restocked)}, claim ${claimed.has(id)}`);
        // The holds a pass asks the catalog about: due cycles held out of stock, still before their retry time.
        const heldRule = isCycleDue(c, TODAY) && c.hold === "out_of_stock" && waitsForRetry(c, NOW);
        if (held.has(id) !== heldRule) wrong.push(`${c.label}: held for stock by rule ${heldRule}, by SQL ${held.has(id)}`);
        return wrong;
      });
      expect(disagreements).toEqual([]);
      // The table covers both answers, and the claim did take rows (not a vacuous agreement).
      expect(claimed.size).toBeGreaterThan(0);
      expect(claimed.size).toBeLessThan(ids.length);
      // The early retry is the restocked out-of-stock hold's alone.
      const early = cases.filter((c) => isRenewalDue(c, NOW, c.restocked) && waitsForRetry(c, NOW));
      expect(early.length).toBeGreaterThan(0);
      expect(early.every((c) => c.hold === "out_of_stock" && c.restocked)).toBe(true);
    } finally {
      await changeSubscriptions(database.db, ids, { status: "cancelled", renewalClaimedUntil: null });
    }
  });

  it("the renewal workflow refuses a scheduled run of a cycle the rule says is not due, and changes nothing", async () => {
    const customer = await kit.customer();
    const notDue = table().filter((c) => !c.restocked && !isCycleDue(c, TODAY));
    const rows = await insertCases(customer, notDue);
    const deps = { db: database.db, services: kit.services, config };
    try {
      for (const [i, row] of rows.entries()) {
        const outcome = await renewSubscription(deps, row.id, { now: NOW, trigger: "schedule" });
        expect(outcome, notDue[i].label).toMatchObject({ ok: false, code: row.status === "active" ? "NOT_DUE" : "NOT_ACTIVE" });
        const after = await kit.reload(row.id);
        expect({ ...after, updatedAt: null }, notDue[i].label).toEqual({ ...row, updatedAt: null });
      }
    } finally {
      await changeSubscriptions(
        database.db,
        rows.map((r) => r.id),
        { status: "cancelled" },
      );
    }
  });
});
