import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { openTestDatabase } from "./db/test-database";
import { createLogger } from "./log";

// A failed query is logged by its SQLSTATE and message: never its parameters (password hashes,
// processor tokens, e-mail addresses), which the database driver repeats in the error's message.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger("info", sink), lines };
}

const SECRET = "$argon2id$v=19$secret-hash";

describe("database errors in the log", () => {
  it("logs the SQLSTATE and message of a failed query, not its parameters", async () => {
    const err = await database.db.execute(sql`select ${SECRET}::text from no_such_table`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const { log, lines } = capture();
    log.error({ err, path: "/api/x" }, "unhandled error");
    const line = JSON.parse(lines[0]);
    expect(lines[0]).not.toContain("secret-hash");
    expect(line.err).toMatchObject({ type: "DatabaseError", code: "42P01", message: 'relation "no_such_table" does not exist' });
    expect(line.err.stack).toMatch(/^\s+at /);
  });

  it("redacts a rejected input value that PostgreSQL quotes in its message", async () => {
    const err = await database.db.execute(sql`select ${SECRET}::uuid`).then(
      () => null,
      (e: unknown) => e,
    );
    const { log, lines } = capture();
    log.error({ err }, "unhandled error");
    expect(lines[0]).not.toContain("secret-hash");
    expect(JSON.parse(lines[0]).err).toMatchObject({ code: "22P02", message: 'invalid input syntax for type uuid: "[redacted]"' });
  });

  it("logs a wrapped query failure the same way", async () => {
    const cause = await database.db.execute(sql`select ${SECRET}::text from no_such_table`).then(
      () => null,
      (e: unknown) => e,
    );
    const { log, lines } = capture();
    log.error({ err: new Error("placing the order failed", { cause }) }, "x");
    expect(lines[0]).not.toContain("secret-hash");
    expect(JSON.parse(lines[0]).err).toMatchObject({ type: "DatabaseError", code: "42P01" });
  });

  it("logs other errors as usual", () => {
    const { log, lines } = capture();
    log.error({ err: new TypeError("boom") }, "x");
    expect(JSON.parse(lines[0]).err).toMatchObject({ type: "TypeError", message: "boom" });
  });
});
