import os from "node:os";
import { describe, expect, it } from "vitest";
import { workerCount } from "./cluster";

describe("workerCount", () => {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  it("one process per core on PostgreSQL by default, WEB_CONCURRENCY when set", () => {
    expect(workerCount({ DATABASE_URL: "postgres://x/y" }, { dev: false })).toBe(Math.min(cores, 64));
    expect(workerCount({ DATABASE_URL: "postgres://x/y", WEB_CONCURRENCY: "3" }, { dev: false })).toBe(3);
    expect(workerCount({ DATABASE_URL: "postgres://x/y", WEB_CONCURRENCY: "zero" }, { dev: false })).toBe(Math.min(cores, 64));
  });
  it("one process on the embedded PGlite and in development", () => {
    expect(workerCount({ WEB_CONCURRENCY: "4" }, { dev: false })).toBe(1);
    expect(workerCount({ DATABASE_URL: "postgres://x/y", WEB_CONCURRENCY: "4" }, { dev: true })).toBe(1);
  });
});
