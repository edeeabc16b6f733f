import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { openTestDatabase } from "./test-database";

describe("openTestDatabase", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it("talks to real PostgreSQL under test:pg and to in-memory PGlite otherwise", () => {
    expect(database.kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("answers SQL through Drizzle", async () => {
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(result.rows).toEqual([{ one: 1 }]);
  });

  it("is migrated", async () => {
    const result = (await database.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows).toEqual([{ n: 68 }]); // the tables of drizzle/ migrations
    expect(await database.ping()).toBe(true);
  });
});
