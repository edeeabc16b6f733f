import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { seedIfEmpty } from "../db/seed";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { SEED_DONATION_STORE_ID } from "../modules/donations/seed-data";
import { RATE_LIMITS } from "../modules/rate-limit/service";

// POST /api/donations/tracking adds a row per call: it is rate-limited per browser donation session
// and per client IP (TRUST_PROXY here, so each test names its address in X-Forwarded-For).

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedIfEmpty(database);
  const deps = createDeps(parseConfig({ TRUST_PROXY: "true" }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
});
afterAll(() => database?.close());

function start(ip: string, cookie?: string) {
  return app.request("http://localhost/api/donations/tracking", {
    method: "POST",
    headers: { host: "localhost", origin: "http://localhost", "content-type": "application/json", "x-store-id": SEED_DONATION_STORE_ID, "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
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
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/^Too many attempts, try again in \d+ minutes?\.$/) });
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
