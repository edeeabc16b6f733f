import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createMailService, type MailService } from "../mail";
import { createRateLimitService } from "../rate-limit";
import { createMarketingService, outsideServiceFor, type MarketingEvent, type MarketingService } from ".";
import { pushLater, webhookOutsideService } from "./outside-service";

// The adapter to an outside e-mail service: none by default (nothing leaves the shop), chosen by
// MARKETING_ADAPTER; the list tells it of a confirmed subscription (with the _kx/utm integration
// info kept at sign-up), an unsubscribe and a suppression; a webhook that fails never fails the shop.

let database: Database;
let mail: MailService;
let marketing: MarketingService;
const pushed: MarketingEvent[] = [];
const ORIGIN = "https://shop.example";

beforeAll(async () => {
  database = await openTestDatabase();
  mail = createMailService(database.db, parseConfig({}));
  marketing = createMarketingService({
    db: database.db,
    rateLimit: createRateLimitService(database.db),
    mail,
    config: { storeName: "Kibble & Co.", postalAddress: "1550 Wewatta Street, Denver, CO 80202, USA" },
    secret: "x".repeat(32),
    origin: () => ORIGIN,
    outside: { kind: "capture", push: async (e) => void pushed.push(e) },
  });
}, 60_000);
afterAll(() => database?.close());

const tokenAfter = (text: string, path: string) => new URL(new RegExp(`${ORIGIN}${path}\\?token=\\S+`).exec(text)![0]).searchParams.get("token");

describe("the outside e-mail service", () => {
  it("is told of a confirmed subscription with its integration info, an unsubscribe and a suppression — not of a pending one", async () => {
    const email = `outside.${Date.now()}@example.test`;
    await marketing.subscribe({ site: "d2c", email, source: "footer", integrationInfo: { _kx: "kx-1", utm_campaign: "spring" } }, { ip: null });
    expect(pushed.filter((e) => e.email === email)).toEqual([]);
    const [confirmation] = await mail.latest({ to: email });
    await marketing.confirm(tokenAfter(confirmation.text, "/email/confirm"), { ip: null });
    const [welcome] = await mail.latest({ to: email });
    await marketing.unsubscribe(tokenAfter(welcome.text, "/api/marketing/unsubscribe"), { ip: null, via: "one_click" });
    await marketing.suppress(email, "complaint", ["d2c"]);
    expect(pushed.filter((e) => e.email === email)).toMatchObject([
      {
        type: "subscribed",
        site: "d2c",
        topics: ["offers", "new_products", "autoship_tips", "donation_news"],
        integrationInfo: { _kx: "kx-1", utm_campaign: "spring" },
      },
      { type: "unsubscribed", site: "d2c" },
      { type: "suppressed", site: "d2c", reason: "complaint" },
    ]);
  });

  it("none by default; a webhook POSTs each event as JSON, and its failure is logged, not thrown", async () => {
    expect(outsideServiceFor(parseConfig({}).marketingAdapter).kind).toBe("none");
    expect(() => parseConfig({ MARKETING_ADAPTER: "webhook" })).toThrow(ConfigError);
    expect(outsideServiceFor(parseConfig({ MARKETING_ADAPTER: "webhook", MARKETING_WEBHOOK_URL: "https://hooks.example/m" }).marketingAdapter).kind).toBe(
      "webhook",
    );
    const calls: { url: string; body: unknown }[] = [];
    const hook = webhookOutsideService("https://hooks.example/m", (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      return new Response(null, { status: calls.length === 1 ? 204 : 500 });
    }) as typeof fetch);
    const event: MarketingEvent = { type: "unsubscribed", site: "d2c", email: "a@example.test", at: "2026-11-29T00:00:00.000Z" };
    await hook.push(event);
    expect(calls).toEqual([{ url: "https://hooks.example/m", body: event }]);
    await expect(hook.push(event)).rejects.toThrow("marketing webhook answered 500");
    const warnings: unknown[] = [];
    pushLater(hook, event, { warn: (o: unknown) => warnings.push(o) } as never);
    await expect.poll(() => warnings.length).toBe(1);
  });
});
