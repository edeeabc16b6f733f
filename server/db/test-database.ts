import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type Database, type OpenOptions } from "./client";
import { seedIfEmpty } from "./seed";

/** What a test file's database starts as: empty tables, or the seed shop as `npm start` loads it. */
type Start = "migrated" | "seeded";
const STARTS: readonly Start[] = ["migrated", "seeded"];

/**
 * A fresh, migrated (and, with `seeded`, seeded) database for one test file. In-memory PGlite by
 * default; a real PostgreSQL when TEST_DATABASE_URL is set (`npm run test:pg`): then a new database
 * `test_<random>` is created on that server and dropped again by close(), so test files never see
 * each other's rows. Open it once per file (beforeAll), never per test.
 *
 * Migrating and seeding cost seconds per file, so a test run on PGlite does them once
 * (prepareTestDatabases) and each file starts from a copy of that database's files. Without a copy
 * (PostgreSQL, or a script calling this outside vitest) each file migrates and seeds its own.
 */
export async function openTestDatabase(options: OpenOptions & { seeded?: boolean } = {}): Promise<Database> {
  // Tests are the exception to "config.ts is the only reader of process.env": this is test wiring.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const start: Start = options.seeded ? "seeded" : "migrated";
  const copy = process.env[copyVariable(start)];
  const database = serverUrl
    ? await createPostgresDatabase(serverUrl, options)
    : await openPglite(undefined, { ...options, loadDataDir: copy ? new Blob([readFileSync(copy)]) : undefined });
  try {
    // On a copy this finds nothing to do; it still refuses a copy older than the migrations.
    await database.migrate();
    if (options.seeded) await seedIfEmpty(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

const copyVariable = (start: Start) => `TEST_DATABASE_${start.toUpperCase()}_COPY`;

/**
 * Once per test run (vitest's globalSetup): the migrated and the seeded embedded database each file
 * copies, as files named in environment variables the test workers inherit. Returns what removes them.
 */
export async function prepareTestDatabases(): Promise<() => Promise<void>> {
  // PostgreSQL (test:pg) keeps a fresh database per file, migrated and seeded there: a copy of a
  // template carries the template's planner statistics, and the tests' query plans would then
  // differ from those of the database the shop starts with.
  if (process.env.TEST_DATABASE_URL) return async () => {};
  const dir = path.join(os.tmpdir(), `shop-test-databases-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const database = await openPglite();
  try {
    await database.migrate();
    for (const start of STARTS) {
      if (start === "seeded") await seedIfEmpty(database);
      const file = path.join(dir, `${start}.tar`);
      writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      process.env[copyVariable(start)] = file;
    }
  } finally {
    await database.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function createPostgresDatabase(serverUrl: string, options: OpenOptions): Promise<Database> {
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openPostgres(scratch.url, 5, options);
  let closing: Promise<void> | undefined;
  return {
    ...database,
    close: () =>
      (closing ??= (async () => {
        await database.close();
        await scratch.drop();
      })()),
  };
}

/**
 * An empty database of its own on the test server, for a test that hands its URL to child
 * processes (worker races): its URL, and drop() — FORCE (PostgreSQL 13+) ends what is still connected.
 */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
