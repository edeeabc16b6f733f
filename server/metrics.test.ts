import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { register } from "prom-client";
import { parseConfig } from "./config";
import type { Database } from "./db/client";
import { openTestDatabase } from "./db/test-database";
import { runRenewalPass } from "./jobs/autoship-runner";
import { carriesMetricsToken, statusClass } from "./metrics";
import { CARDS, renewalKit, type RenewalKit } from "./testing/renewals";

// The events the shop counts where they happen: an Autoship renewal is one renewal outcome, one
// order placed (source renewal) and one mail recorded; a declined one counts as such.

let database: Database;
let kit: RenewalKit;
const config = parseConfig({ AUTOSHIP_REMINDER_DAYS: "0" });

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
});
afterAll(() => database.close());

async function count(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await register.getMetricsAsJSON()).find((m) => m.name === name);
  const values = (metric as { values?: { labels: Record<string, string | number>; value: number }[] } | undefined)?.values ?? [];
  return values.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want))?.value ?? 0;
}

describe("metrics", () => {
  it("count renewals by outcome, the orders they place and the mail they record", async () => {
    const before = {
      renewed: await count("shop_autoship_renewals_total", { result: "renewed" }),
      declined: await count("shop_autoship_renewals_total", { result: "paymentFailed" }),
      orders: await count("shop_orders_placed_total", { site: "d2c", source: "renewal" }),
      mail: await count("shop_mail_total", { result: "recorded" }),
    };
    await kit.setAvailable(kit.first.id, 50);
    await kit.subscription({ nextOrderDate: "2031-03-02" });
    await kit.subscription({ nextOrderDate: "2031-03-02", cardNumber: CARDS.declined });
    const result = await runRenewalPass({ db: database.db, services: kit.services, config }, { now: new Date("2031-03-02T08:00:00Z") });
    await kit.services.mail.flush();
    expect(result).toMatchObject({ renewed: 1, paymentFailed: 1 });
    expect(await count("shop_autoship_renewals_total", { result: "renewed" })).toBe(before.renewed + 1);
    expect(await count("shop_autoship_renewals_total", { result: "paymentFailed" })).toBe(before.declined + 1);
    expect(await count("shop_orders_placed_total", { site: "d2c", source: "renewal" })).toBe(before.orders + 1);
    expect(await count("shop_mail_total", { result: "recorded" })).toBeGreaterThan(before.mail);
  });

  it("label statuses by class and take only the exact bearer token", () => {
    expect([101, 200, 204, 302, 404, 500, 503].map(statusClass)).toEqual(["1xx", "2xx", "2xx", "3xx", "4xx", "5xx", "5xx"]);
    expect(carriesMetricsToken("Bearer 0123456789abcdef", "0123456789abcdef")).toBe(true);
    for (const header of [undefined, "", "Bearer ", "bearer 0123456789abcdef", "Bearer 0123456789abcde", "Bearer 0123456789abcdefg", "Token 0123456789abcdef"])
      expect(carriesMetricsToken(header, "0123456789abcdef"), String(header)).toBe(false);
  });
});
