import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../../server/db/client";
import { BackupRefused, backupPglite, backupPostgres, restorePglite, restorePostgres } from "./db-backup";

// Backup, a change, restore: the change is gone, everything before it is back; a file that is not a
// backup and a database in use are refused with a message. Any table serves: customers here.

const tmp = mkdtempSync(path.join(os.tmpdir(), "db-backup-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const addCustomer = (database: Database, email: string) => database.db.execute(sql`insert into customers (email, password_hash) values (${email}, 'x')`);
async function emails(database: Database): Promise<string[]> {
  const result = (await database.db.execute(sql`select email from customers order by email`)) as unknown as { rows: { email: string }[] };
  return result.rows.map((r) => r.email);
}

describe("the embedded database", () => {
  const dir = path.join(tmp, "pglite");
  const file = path.join(tmp, "shop.backup");

  beforeAll(async () => {
    const database = await openPglite(dir);
    await database.migrate();
    await addCustomer(database, "before@example.test");
    await database.close();
  });

  it("is backed up and restored: what changed after the backup is gone, the replaced copy kept", async () => {
    await backupPglite(dir, file);
    const after = await openPglite(dir);
    await addCustomer(after, "after@example.test");
    await after.close();

    const { previous } = await restorePglite(file, dir);
    const restored = await openPglite(dir);
    expect(await emails(restored)).toEqual(["before@example.test"]);
    await restored.close();
    expect(previous && existsSync(path.join(previous, "PG_VERSION"))).toBe(true);
  });

  it("is neither backed up nor replaced while a process has it open", async () => {
    const open = await openPglite(dir);
    try {
      await expect(backupPglite(dir, path.join(tmp, "other.backup"))).rejects.toThrow(/is open: stop the shop/);
      await expect(restorePglite(file, dir)).rejects.toThrow(BackupRefused);
    } finally {
      await open.close();
    }
  });

  it("refuses a file that is not a backup, and leaves the database as it was", async () => {
    const text = path.join(tmp, "notes.txt");
    writeFileSync(text, "not a backup");
    await expect(restorePglite(text, dir)).rejects.toThrow(/is not a backup of the shop's embedded database/);
    const gz = path.join(tmp, "other.gz");
    writeFileSync(gz, gzipSync(Buffer.from("a gzipped file, but no data directory")));
    await expect(restorePglite(gz, dir)).rejects.toThrow(/is not a backup of the shop's embedded database/);
    await expect(restorePglite(path.join(tmp, "missing"), dir)).rejects.toThrow(/does not exist/);
    const database = await openPglite(dir);
    expect(await emails(database)).toEqual(["before@example.test"]);
    await database.close();
  });
});

// `npm run test:pg`: the same against a real server, through pg_dump and pg_restore.
describe.runIf(process.env.TEST_DATABASE_URL)("a PostgreSQL database", () => {
  const name = `backup_${randomBytes(6).toString("hex")}`;
  let url: string;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  const file = path.join(tmp, "shop.pgdump");

  beforeAll(async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    server.pathname = `/${name}`;
    url = server.toString();
    await admin(`create database ${name}`);
    const database = await openPostgres(url, 2);
    await database.migrate();
    await addCustomer(database, "before@example.test");
    await database.close();
  });
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it("is backed up while in use, and restored only once nothing else is connected", async () => {
    const running = await openPostgres(url, 2);
    backupPostgres(url, file);
    await addCustomer(running, "after@example.test");
    await expect(restorePostgres(file, url)).rejects.toThrow(/other connection\(s\) to the database are open/);
    await running.close();

    await restorePostgres(file, url);
    const restored = await openPostgres(url, 2);
    expect(await emails(restored)).toEqual(["before@example.test"]);
    await restored.close();
  });

  it("refuses a file that is not a PostgreSQL backup", async () => {
    const other = path.join(tmp, "embedded.backup");
    writeFileSync(other, gzipSync(Buffer.from("x")));
    await expect(restorePostgres(other, url)).rejects.toThrow(/is not a PostgreSQL backup/);
  });
});
