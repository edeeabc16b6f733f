import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type Database, type OpenOptions } from "./client";

/**
 * A fresh, migrated database for one test file. In-memory PGlite by default; a real PostgreSQL
 * when TEST_DATABASE_URL is set (`npm run test:pg`): then a new database `test_<random>` is created
 * on that server and dropped again by close(), so test files never see each other's rows.
 * Open it once per file (beforeAll), never per test: each one costs a second or more.
 */
export async function openTestDatabase(options: OpenOptions = {}): Promise<Database> {
  // Tests are the exception to "config.ts is the only reader of process.env": this is test wiring.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createPostgresDatabase(serverUrl, options) : await openPglite(undefined, options);
  try {
    await database.migrate();
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

async function createPostgresDatabase(serverUrl: string, options: OpenOptions): Promise<Database> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5, options);

  let closing: Promise<void> | undefined;
  return {
    ...database,
    close: () =>
      (closing ??= (async () => {
        await database.close();
        await withAdminClient(serverUrl, async (client) => {
          // FORCE (PostgreSQL 13+) ends connections a test may have leaked.
          await client.query(`drop database if exists ${name} with (force)`);
        });
      })()),
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
