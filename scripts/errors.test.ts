import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPglite } from "../server/db/client";
import { createErrorsService } from "../server/modules/errors";

// `npm run errors` against an embedded database holding recorded errors: last seen first by
// default, most frequent first with --frequent, each with its count; a bad argument exits 1.

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "errors-cmd-"));
  const database = await openPglite(path.join(dir, "pglite"));
  await database.migrate();
  let now = new Date("2026-03-01T10:00:00Z");
  const errors = createErrorsService(database.db, { clock: () => now });
  for (let i = 0; i < 4; i++)
    await errors.record({
      source: "browser",
      type: "TypeError",
      message: "Cannot read properties of null (reading 'quantity')",
      route: "/cart",
      release: "build-1",
    });
  now = new Date("2026-03-02T10:00:00Z");
  await errors.record({
    source: "server",
    type: "RangeError",
    message: "Invalid time value",
    stack: "RangeError: Invalid time value\n    at when (app/routes/account.tsx:3:4)",
    route: "/account",
    release: "build-2",
  });
  await database.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/errors.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: "", LOG_LEVEL: "silent" },
    timeout: 60_000,
  });

it("lists the errors last seen first, with their counts", () => {
  const r = run();
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  const lines = r.stdout.split("\n");
  expect(lines[0]).toBe("2 distinct errors (last seen first):");
  expect(r.stdout.indexOf("RangeError")).toBeLessThan(r.stdout.indexOf("TypeError"));
  expect(r.stdout).toContain("    4×  TypeError: Cannot read properties of null (reading 'quantity')");
  expect(r.stdout).toContain("browser · /cart · build build-1 · last 2026-03-01 10:00:00 · first 2026-03-01 10:00:00 (UTC)");
  expect(r.stdout).not.toContain("at when");
});

it("lists the most frequent first with --frequent, and the stacks with --stack", () => {
  const frequent = run("--frequent", "--limit", "1");
  expect(frequent.status).toBe(0);
  expect(frequent.stdout.split("\n")[0]).toBe("2 distinct errors (most frequent first, showing 1):");
  expect(frequent.stdout).toContain("4×  TypeError");
  expect(frequent.stdout).not.toContain("RangeError");
  const stacks = run("--stack", "--limit", "1");
  expect(stacks.stdout).toContain("RangeError: Invalid time value\n");
  expect(stacks.stdout).toContain("    at when (app/routes/account.tsx:3:4)");
});

it("exits 1 with the reason on a bad argument", () => {
  const r = run("--source", "mobile");
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('--source must be server or browser, not "mobile".');
});
