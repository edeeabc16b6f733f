import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

// The command itself: a bad --month stops it before it opens any database, with the reason on
// stderr and exit code 1 (the arguments' rules are in rules/donations/monthly-report.test.ts).

it("exits 1 with the reason and the usage on a bad --month", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/donations-report.ts", "--month", "2026-13"], {
    encoding: "utf8",
    // A database directory that must not be created: the command stops before opening one.
    env: { ...process.env, PGLITE_DIR: "/nonexistent/donations-report-test", DATABASE_URL: "" },
    timeout: 60_000,
  });
  expect(r.status).toBe(1);
  expect(r.stdout).toBe("");
  expect(r.stderr).toContain('--month must be a month as YYYY-MM (e.g. 2026-11), not "2026-13".');
  expect(r.stderr).toContain("usage: npm run donations:report");
});
