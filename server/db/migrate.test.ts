import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NewerDatabaseError, type Database } from "./client";
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
