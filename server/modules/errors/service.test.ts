import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { errorReports } from "./schema";
import { createErrorsService, type ErrorReport } from "./service";

// The errors table: one row per distinct error, counted; what is kept carries no personal data;
// concurrent reports of one error make one row with the exact count (on PostgreSQL under
// `npm run test:pg`, where the reports really run on separate connections).

let database: Database;
let errors: ReturnType<typeof createErrorsService>;
let now = new Date("2026-03-01T10:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  errors = createErrorsService(database.db, { clock: () => now });
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(errorReports);
  now = new Date("2026-03-01T10:00:00Z");
});

const report = (change: Partial<ErrorReport> = {}): ErrorReport => ({
  source: "server",
  type: "TypeError",
  message: "Cannot read properties of undefined (reading 'price')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'price')\n    at productPrice (/srv/shop/app/features/catalog/price.ts:10:5)\n    at loader (/srv/shop/app/routes/product.tsx:20:3)",
  route: "/products/salmon-kibble",
  release: "build-1",
  ...change,
});

describe("errors.record", () => {
  it("keeps a new error with count 1 and its first and last sighting", async () => {
    const r = await errors.record(report());
    expect(r.count).toBe(1);
    const [row] = await database.db.select().from(errorReports);
    expect(row).toMatchObject({
      source: "server",
      type: "TypeError",
      route: "/products/salmon-kibble",
      release: "build-1",
      firstRelease: "build-1",
      count: 1,
      firstSeen: now,
      lastSeen: now,
    });
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("counts a repeat of the same error on its row: last seen, route and release move on, first seen stays", async () => {
    const first = await errors.record(report());
    const firstSeen = now;
    now = new Date("2026-03-02T08:00:00Z");
    const again = await errors.record(
      report({ route: "/products/duck-kibble", release: "build-2", message: "Cannot read properties of undefined (reading 'price')" }),
    );
    expect(again).toMatchObject({ id: first.id, count: 2, fingerprint: first.fingerprint });
    const rows = await database.db.select().from(errorReports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 2, firstSeen, lastSeen: now, route: "/products/duck-kibble", release: "build-2", firstRelease: "build-1" });
  });

  it("keeps different errors apart", async () => {
    await errors.record(report());
    await errors.record(report({ type: "RangeError" }));
    await errors.record(report({ source: "browser" }));
    expect(await database.db.select().from(errorReports)).toHaveLength(3);
  });

  it("keeps no query string, e-mail address, token or card number, and cuts long text", async () => {
    await errors.record(
      report({
        message: `No customer jane@pets.example with token ${"ab12".repeat(10)} for card 4242424242424242 ${"x".repeat(5000)}`,
        stack: "Error: x\n    at f (http://localhost:3000/assets/a.js?session=abc:1:2)",
        route: "/shelter/reset-password?token=s3cr3t&email=jane%40pets.example",
      }),
    );
    const [row] = await database.db.select().from(errorReports);
    const kept = JSON.stringify(row);
    for (const secret of ["jane", "ab12ab12", "4242424242424242", "s3cr3t", "session=abc", "?"]) expect(kept).not.toContain(secret);
    expect(row.route).toBe("/shelter/reset-password");
    expect(row.message.length).toBeLessThanOrEqual(1000);
    expect(row.stack).toContain("http://localhost:3000/assets/a.js:1:2");
  });

  it("makes one row with the exact count when the same error is reported many times at once", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => errors.record(report())));
    const rows = await database.db.select().from(errorReports);
    expect(rows).toHaveLength(1);
    expect(rows[0].count).toBe(40);
    // Every report saw its own increment: 1..40, each once.
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});

describe("errors.list", () => {
  it("lists newest sighting first by default, most frequent first on request, and pages", async () => {
    now = new Date("2026-03-01T10:00:00Z");
    await errors.record(report({ type: "OldError" }));
    await errors.record(report({ type: "OldError" }));
    await errors.record(report({ type: "OldError" }));
    now = new Date("2026-03-03T10:00:00Z");
    await errors.record(report({ type: "NewError" }));
    now = new Date("2026-03-02T10:00:00Z");
    await errors.record(report({ type: "MiddleError", source: "browser" }));
    await errors.record(report({ type: "MiddleError", source: "browser" }));

    expect((await errors.list()).rows.map((r) => [r.type, r.count])).toEqual([
      ["NewError", 1],
      ["MiddleError", 2],
      ["OldError", 3],
    ]);
    expect((await errors.list({ sort: "frequent" })).rows.map((r) => r.type)).toEqual(["OldError", "MiddleError", "NewError"]);
    expect((await errors.list({ source: "browser" })).rows.map((r) => r.type)).toEqual(["MiddleError"]);
    const second = await errors.list({ sort: "frequent", perPage: 2, page: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(second.rows.map((r) => r.type)).toEqual(["NewError"]);
    // A page past the end is the last page.
    expect((await errors.list({ perPage: 2, page: 99 })).page).toBe(2);
  });
});

describe("errors.purge", () => {
  it("drops errors last seen before the retention period and keeps the rest", async () => {
    now = new Date("2026-01-01T00:00:00Z");
    await errors.record(report({ message: "seen long ago only" }));
    await errors.record(report({ message: "seen long ago and lately" }));
    now = new Date("2026-03-31T00:00:00Z");
    await errors.record(report({ message: "seen long ago and lately" }));
    await errors.record(report({ message: "seen lately" }));

    // 90 days before 2026-04-01T12:00 is 2026-01-01T12:00: the first sighting is older, the others newer.
    expect(await errors.purge(new Date("2026-04-01T12:00:00Z"))).toBe(1);
    const { rows } = await errors.list();
    expect(rows.map((r) => r.message).sort()).toEqual(["seen lately", "seen long ago and lately"]);
    expect(await errors.purge(new Date("2026-04-01T12:00:00Z"))).toBe(0);
  });

  it("keeps only the most recently seen errors beyond the row cap", async () => {
    for (let i = 0; i < 5; i++) {
      now = new Date(Date.UTC(2026, 2, 1 + i));
      await errors.record(report({ message: `error number ${"x".repeat(i + 1)}` }));
    }
    expect(await errors.purge(new Date("2026-03-10T00:00:00Z"), { rows: 3 })).toBe(2);
    const { rows } = await errors.list();
    expect(rows.map((r) => r.message)).toEqual(["error number xxxxx", "error number xxxx", "error number xxx"]);
  });
});
