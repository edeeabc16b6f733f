import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { SEED_DONATION_STORE_ID } from "../modules/donations";
import { RATE_LIMITS } from "../modules/rate-limit";
import { aClickstreamEvent, clickstreamEventIds } from "../testing/donations";
import { CLICKSTREAM_RETENTION_DAYS } from "../modules/donations";
import { CLICKSTREAM_BODY_BYTES, buildClickstreamEvent, clientPropertiesOf } from "../../rules/donations/widget";
import { startRetentionPurge } from "../jobs/retention-purge";

// POST /api/donations/tracking adds a row per call: it is rate-limited per browser donation session
// and per client IP (TRUST_PROXY here, so each test names its address in X-Forwarded-For). The
// clickstream, open to anyone too, is rate-limited per client IP, its body capped at 16 KB, and its
// old events purged by the retention job.

let database: Database;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createDeps>;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({ TRUST_PROXY: "true" }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
});
afterAll(() => database?.close());

function start(ip: string, cookie?: string) {
  return app.request("http://localhost/api/donations/tracking", {
    method: "POST",
    headers: {
      host: "localhost",
      origin: "http://localhost",
      "content-type": "application/json",
      "x-store-id": SEED_DONATION_STORE_ID,
      "x-forwarded-for": ip,
      ...(cookie ? { cookie } : {}),
    },
    body: "{}",
  });
}

describe("starting donation trackings is rate-limited", () => {
  const limits = RATE_LIMITS.donation_tracking;

  it("per browser donation session: past its limit 429 with the wait; another session from the same address goes on", async () => {
    const first = await start("198.51.100.10");
    expect(first.status).toBe(201);
    const session = first.headers.get("set-cookie")!.split(";")[0]!;
    for (let i = 1; i < limits.perKey; i++) expect((await start("198.51.100.10", session)).status).toBe(201);
    const refused = await start("198.51.100.10", session);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many attempts, try again in \d+ minutes?\.$/),
    });
    expect((await start("198.51.100.10")).status).toBe(201);
  });

  it("per client IP, also for a client that drops the cookie every time", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= limits.perIp; i++) statuses.push((await start("203.0.113.20")).status);
    expect(statuses.slice(0, limits.perIp).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await start("203.0.113.21")).status).toBe(201);
  });
});

describe("the clickstream cannot fill the disk", () => {
  const event = (note = "") =>
    buildClickstreamEvent({
      storeId: SEED_DONATION_STORE_ID,
      trackingId: null,
      client: clientPropertiesOf({ userAgent: "test", href: "http://localhost/cart", referrer: "" }),
      place: "cart",
      type: "widget_rendered",
      payload: note ? { note } : {},
      now: new Date(),
    });
  function post(ip: string, body: string) {
    return app.request("http://localhost/api/donations/clickstream/events", {
      method: "POST",
      headers: {
        host: "localhost",
        origin: "http://localhost",
        "content-type": "application/json",
        "x-store-id": SEED_DONATION_STORE_ID,
        "x-forwarded-for": ip,
      },
      body,
    });
  }
  const stored = async () => (await clickstreamEventIds(database.db)).length;

  it("refuses a body over 16 KB with 413 and stores nothing of it", async () => {
    const before = await stored();
    const big = JSON.stringify([event("x".repeat(CLICKSTREAM_BODY_BYTES))]);
    const res = await post("192.0.2.40", big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(await stored()).toBe(before);
    // Just under the limit is taken.
    const many = JSON.stringify(Array.from({ length: 30 }, () => event()));
    expect(many.length).toBeLessThan(CLICKSTREAM_BODY_BYTES);
    expect((await post("192.0.2.40", many)).status).toBe(202);
  });

  it("takes 30 requests per client IP in 10 minutes, then 429; another address goes on", async () => {
    const limits = RATE_LIMITS.donation_events;
    expect(limits).toMatchObject({ windowMs: 10 * 60_000, perIp: 30 });
    const statuses: number[] = [];
    for (let i = 0; i <= limits.perIp; i++) statuses.push((await post("192.0.2.41", JSON.stringify(event()))).status);
    expect(statuses.slice(0, limits.perIp).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await post("192.0.2.42", JSON.stringify(event()))).status).toBe(202);
  });

  it("the retention job deletes events older than the retention window and keeps newer ones", async () => {
    const now = new Date();
    const day = 24 * 3600 * 1000;
    const row = (ageDays: number) => ({
      storeId: SEED_DONATION_STORE_ID,
      eventType: "widget_rendered",
      eventVersion: "0.1.15",
      occurredAt: now,
      envelope: {},
      receivedAt: new Date(now.getTime() - ageDays * day),
    });
    const old = await aClickstreamEvent(database.db, row(CLICKSTREAM_RETENTION_DAYS + 1));
    const recent = await aClickstreamEvent(database.db, row(CLICKSTREAM_RETENTION_DAYS - 1));
    const purge = startRetentionPurge(
      { consent: deps.services.consent, errors: deps.services.errorReports, donations: deps.services.donations, log: createLogger("silent") },
      { firstRunAfterMs: 0, intervalMs: 60 * 60_000, clock: () => now },
    );
    try {
      await expect
        .poll(async () => (await clickstreamEventIds(database.db)).includes(old.id), {
          timeout: 5000,
        })
        .toBe(false);
    } finally {
      await purge.stop();
    }
    const left = await clickstreamEventIds(database.db);
    expect(left).toContain(recent.id);
  });
});
