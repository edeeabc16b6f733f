import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Clock } from "../clock";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { createConsentService } from "../modules/consent";
import { createRateLimitService } from "../modules/rate-limit";
import { CONSENT_REVISION } from "../../rules/consent/categories-and-cookie";

// POST /api/consent (proof of consent) and POST /api/analytics/config through the whole HTTP stack:
// validation naming the field, the body cap, the per-IP limit, no personal data kept; the purge
// after 13 months with an injected clock; the analytics configuration rule of SPEC §5/§8.

let database: Database;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createDeps>;

beforeAll(async () => {
  database = await openTestDatabase();
  deps = createDeps(parseConfig({ GTM_ID: "GTM-TEST123", TRUST_PROXY: "true" }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
});
afterAll(() => database?.close());

let ipCounter = 0;
/** A fresh client address per test unless one is given (the limits count per IP). */
function post(path: string, body: unknown, opts: { ip?: string; host?: string; raw?: string } = {}) {
  const ip = opts.ip ?? `198.51.100.${++ipCounter}`;
  const host = opts.host ?? "localhost";
  return app.request(`http://${host}/api${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", origin: `http://${host}`, "x-forwarded-for": ip },
    body: opts.raw ?? JSON.stringify(body),
  });
}

const decision = (over: Record<string, unknown> = {}) => ({
  anonymousId: "AbCdEfGhIjKlMnOpQrStUv",
  revision: CONSENT_REVISION,
  categories: { required: true, functional: true, advertising: false },
  decidedAt: new Date().toISOString(),
  source: "banner",
  ...over,
});

describe("POST /api/consent", () => {
  it("records a decision with the browser's id, revision, categories, source, site and only the address's network", async () => {
    const id = "record-test-browser-0001";
    const res = await post("/consent", decision({ anonymousId: id, source: "dialog" }), { ip: "203.0.113.77", host: "pro.localhost" });
    expect(res.status).toBe(201);
    const [row] = await deps.services.consent.history(id);
    expect(row).toMatchObject({
      anonymousId: id,
      site: "hpsf",
      revision: CONSENT_REVISION,
      functional: true,
      advertising: false,
      source: "dialog",
      ipPrefix: "203.0.113.0",
    });
    // Nothing else about the shopper: no e-mail, no full address, no customer.
    expect(Object.keys(row).sort()).toEqual([
      "advertising",
      "anonymousId",
      "decidedAt",
      "functional",
      "id",
      "ipPrefix",
      "recordedAt",
      "revision",
      "site",
      "source",
    ]);
  });

  it.each([
    [{ anonymousId: "short" }, "anonymousId"],
    [{ anonymousId: "has spaces in it, 1234567" }, "anonymousId"],
    [{ revision: "1" }, "revision"],
    [{ revision: 0 }, "revision"],
    [{ categories: { required: false, functional: true, advertising: true } }, "categories.required"],
    [{ categories: { required: true, functional: "yes", advertising: true } }, "categories.functional"],
    [{ categories: { required: true, functional: true } }, "categories.advertising"],
    [{ decidedAt: "yesterday" }, "decidedAt"],
    [{ source: "api" }, "source"],
    [{ email: "someone@example.test" }, "email"],
  ])("refuses %j with 400 naming %s, and keeps nothing", async (over, field) => {
    const before = await deps.services.consent.total();
    const res = await post("/consent", decision(over));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.message).toContain(field);
    expect(JSON.stringify(body.error.fields)).toContain(field);
    expect(await deps.services.consent.total()).toBe(before);
  });

  it("refuses a body over the cap with 413 before reading it", async () => {
    const res = await post("/consent", null, { raw: JSON.stringify(decision({ padding: "x".repeat(3000) })) });
    expect(res.status).toBe(413);
  });

  it("limits the decisions per client IP", async () => {
    const ip = "192.0.2.9";
    const statuses: number[] = [];
    for (let i = 0; i < 201; i++) {
      statuses.push((await post("/consent", decision({ anonymousId: `ip-limit-browser-${String(i).padStart(4, "0")}` }), { ip })).status);
    }
    expect(statuses.slice(0, 200).every((s) => s === 201)).toBe(true);
    expect(statuses[200]).toBe(429);
    // Another address is not affected.
    expect((await post("/consent", decision({ anonymousId: "ip-limit-other-browser" }))).status).toBe(201);
  });

  it("limits the decisions of one browser id", async () => {
    const anonymousId = "one-browser-many-times-01";
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post("/consent", decision({ anonymousId }))).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });

  it("decisions sent at once never pass the browser's limit together", async () => {
    const anonymousId = "concurrent-browser-000001";
    const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await post("/consent", decision({ anonymousId }))).status));
    const recorded = statuses.filter((s) => s === 201).length;
    // The limiter counts before it admits: a burst may be refused whole (PostgreSQL), never over-admitted.
    expect(recorded).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
    expect(await deps.services.consent.history(anonymousId)).toHaveLength(recorded);
  });

  it("a browser's claimed time far from the server's is replaced by the server's", async () => {
    const id = "skewed-clock-browser-001";
    await post("/consent", decision({ anonymousId: id, decidedAt: "2001-01-01T00:00:00Z" }));
    const [row] = await deps.services.consent.history(id);
    expect(Math.abs(row.decidedAt.getTime() - row.recordedAt.getTime())).toBeLessThan(1000);
  });
});

describe("consent records are purged after 13 months", () => {
  it("deletes what was recorded before the cut-off and keeps the rest", async () => {
    let now = new Date("2020-01-31T12:00:00Z");
    const clock: Clock = () => now;
    const consent = createConsentService(database.db, createRateLimitService(database.db, { clock }), { clock });
    const input = (anonymousId: string) => ({ ...decision({ anonymousId }), decidedAt: now.toISOString() }) as Parameters<typeof consent.record>[0];
    await consent.record(input("purge-old-browser-000001"), { site: "d2c", ip: null });
    now = new Date("2020-02-28T12:00:00Z");
    await consent.record(input("purge-edge-browser-00001"), { site: "d2c", ip: null });
    now = new Date("2020-06-01T00:00:00Z");
    await consent.record(input("purge-new-browser-000001"), { site: "d2c", ip: null });

    // Kept at least 13 months: on 28 February 2021 the cut-off is 28 January 2020, on 1 March it is 1 February.
    expect(await consent.purge(new Date("2021-02-28T12:00:01Z"))).toBe(0);
    expect(await consent.purge(new Date("2021-03-01T00:00:00Z"))).toBe(1);
    expect(await consent.history("purge-old-browser-000001")).toHaveLength(0);
    expect(await consent.history("purge-edge-browser-00001")).toHaveLength(1);
    // Exactly 13 months old is still kept; a second later it goes.
    expect(await consent.purge(new Date("2021-07-01T00:00:00Z"))).toBe(1);
    expect(await consent.history("purge-new-browser-000001")).toHaveLength(1);
    expect(await consent.purge(new Date("2021-07-01T00:00:01Z"))).toBe(1);
    expect(await consent.history("purge-new-browser-000001")).toHaveLength(0);
  });
});

describe("POST /api/analytics/config", () => {
  type ErrorBody = { error: { code: string; message: string; fields: Record<string, string> } };

  it("accepts gtm and says what the shop has configured", async () => {
    const res = await post("/analytics/config", { integrations: ["gtm"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true, integrations: [{ key: "gtm", configured: true, containerId: "GTM-TEST123" }] });
    const keyed = await post("/analytics/config", { integrations: { gtm: { containerId: "GTM-OTHER1" } } });
    expect(keyed.status).toBe(200);
  });

  it.each([
    [{ integrations: [42] }, "keys must be strings"],
    [{ integrations: [null] }, "keys must be strings"],
    [{ integrations: ["gtm", { name: "gtm" }] }, "keys must be strings"],
    [{}, "no integration key found"],
    [{ integrations: [] }, "no integration key found"],
    [{ integrations: {} }, "no integration key found"],
    [{ integrations: [""] }, "no integration key found"],
    [{ integrations: "gtm" }, "no integration key found"],
    [[], "no integration key found"],
  ])('refuses %j with 400, "Invalid analytics integration." and the hint %s', async (body, hint) => {
    const res = await post("/analytics/config", body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as ErrorBody;
    expect(json.error.code).toBe("invalid_analytics_integration");
    expect(json.error.message).toContain("Invalid analytics integration.");
    expect(json.error.message).toContain(hint);
    expect(json.error.fields.integrations).toBe(hint);
  });

  it("refuses an integration other than gtm", async () => {
    const res = await post("/analytics/config", { integrations: ["segment"] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/^Invalid analytics integration\. .*segment/);
  });

  it("refuses a body over the cap with 413", async () => {
    const res = await post("/analytics/config", null, { raw: JSON.stringify({ integrations: ["gtm"], padding: "x".repeat(5000) }) });
    expect(res.status).toBe(413);
  });

  it("is rate-limited per client IP", async () => {
    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await post("/analytics/config", { integrations: ["gtm"] }, { ip })).status;
    expect(last).toBe(429);
  });
});

describe("the Content-Security-Policy and the tag manager", () => {
  it("allows the GTM origin only when GTM_ID is set", async () => {
    const withGtm = (await app.request("http://localhost/", { headers: { host: "localhost" } })).headers.get("content-security-policy") ?? "";
    expect(withGtm).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com/);

    const plainDeps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
    const plain = createApp(plainDeps, { handler: async () => new Response("page") });
    const without = (await plain.request("http://localhost/", { headers: { host: "localhost" } })).headers.get("content-security-policy") ?? "";
    expect(without).toContain("script-src 'self' 'nonce-");
    expect(without).not.toContain("googletagmanager");
  });

  it("names the tag manager's script to the shop's pages only, not the staff site's", async () => {
    const { publicConfigFor } = await import("../request-context");
    const { siteFor } = await import("../../rules/shared/site");
    expect(publicConfigFor(deps, siteFor("d2c", "Kibble & Co.")).gtmScriptUrl).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");
    expect(publicConfigFor(deps, siteFor("hpsf", "Kibble & Co.")).gtmScriptUrl).toBeNull();
  });
});

describe("GTM_ID", () => {
  it("must be a container id; empty means no tag manager; the script URL is configurable", () => {
    expect(() => parseConfig({ GTM_ID: "UA-12345" })).toThrow(/GTM_ID/);
    expect(parseConfig({ GTM_ID: "" }).gtm).toBeNull();
    expect(parseConfig({ GTM_ID: "GTM-AB12CD3", GTM_SCRIPT_URL: "https://tags.example.test/gtm.js" }).gtm).toEqual({
      id: "GTM-AB12CD3",
      scriptUrl: "https://tags.example.test/gtm.js?id=GTM-AB12CD3",
    });
    expect(() => parseConfig({ GTM_SCRIPT_URL: "javascript:alert(1)" })).toThrow(/GTM_SCRIPT_URL/);
  });
});
