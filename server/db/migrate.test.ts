import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NewerDatabaseError, openPostgres, type Database } from "./client";
import { seedIfEmpty } from "./seed";
import { openTestDatabase } from "./test-database";

// Several builds meet one database during a rolling upgrade: an older build must not start on a
// database a newer one has migrated (it would not know the newest tables and columns).
describe("migrate", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it("is a no-op on a database this build migrated", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("refuses a database migrated by a newer build, saying so", async () => {
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) select 'from-a-newer-build', max(created_at) + 1000 from drizzle.__drizzle_migrations`,
    );
    const refused = await database.migrate().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(NewerDatabaseError);
    expect((refused as Error).message).toMatch(/^The database was migrated by a newer build of the shop .* Start that build or a newer one against it\.$/);
  });
});

// `npm run test:pg`: shop processes on several machines starting at once on an empty database.
describe.runIf(process.env.TEST_DATABASE_URL)("two processes starting together on an empty PostgreSQL database", () => {
  const name = `race_${randomBytes(6).toString("hex")}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it("run each migration once and the seed once", async () => {
    await admin(`create database ${name}`);
    const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
    const nodes = [await openPostgres(url, 3), await openPostgres(url, 3)];
    try {
      await Promise.all(nodes.map(async (node) => (await node.migrate(), await seedIfEmpty(node))));
      const rows = async (query: string) => ((await nodes[0].db.execute(sql.raw(query))) as unknown as { rows: Record<string, number>[] }).rows[0];
      const migrations = readMigrationFiles({ migrationsFolder: "drizzle" });
      expect(await rows("select count(*)::int as n, count(distinct created_at)::int as d from drizzle.__drizzle_migrations")).toEqual({
        n: migrations.length,
        d: migrations.length,
      });
      const products = await rows("select count(*)::int as n, count(distinct handle)::int as d from products");
      expect(products.n).toBeGreaterThan(0);
      expect(products.d).toBe(products.n);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });
});
