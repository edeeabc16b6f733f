import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type Logger as QueryLogger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: services never know which PostgreSQL they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** The connection pool's counts (PostgreSQL); undefined for the embedded database, which has one connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (delivered after the notifying
   * transaction commits).
   * `onLive(false)` when notifications may have been missed (connection lost; it reconnects),
   * `onLive(true)` once listening. Returns the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database's files as one tarball (test snapshots: server/db/test-database.ts). */
  dumpDataDir?(): Promise<Blob>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

// Any constant works; it only has to be the same in every process of the shop.
const MIGRATION_LOCK_ID = 727_001;

/**
 * The database was migrated by a newer build than this one: this build does not know its newest
 * tables or columns, and its older code could write rows the newer schema no longer expects.
 * Starting is refused with a message for the operator (server/main.ts prints it); schema changes
 * are expand-then-contract, so the newer build keeps working on a database an older one used.
 */
export class NewerDatabaseError extends Error {}

/** Refuses a database whose last applied migration is newer than this build's last one. */
function refuseNewerDatabase(lastAppliedAt: number | null) {
  const migrations = readMigrationFiles({ migrationsFolder });
  const newest = migrations[migrations.length - 1]?.folderMillis ?? 0;
  if (lastAppliedAt !== null && lastAppliedAt > newest)
    throw new NewerDatabaseError(
      `The database was migrated by a newer build of the shop (its last migration is from ${new Date(lastAppliedAt).toISOString()}, ` +
        `this build's from ${new Date(newest).toISOString()}). Start that build or a newer one against it.`,
    );
}

/** Options of both drivers. `logger` sees every query (tests count them: server/modules/catalog/listing.test.ts). */
export type OpenOptions = { logger?: QueryLogger };
/** `loadDataDir`: start from a tarball of another embedded database (dumpDataDir) instead of an empty one. */
export type PgliteOptions = OpenOptions & { loadDataDir?: Blob };

/**
 * `dataDir` undefined or "memory://" gives an in-memory PGlite (tests). pg_trgm is loaded for the
 * typo-tolerant search (drizzle/0001_search.sql creates the extension).
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  if (dataDir && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger: options.logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      const known = await client.query<{ t: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as t");
      const applied = known.rows[0]?.t
        ? await client.query<{ at: string | null }>("select max(created_at)::text as at from drizzle.__drizzle_migrations")
        : null;
      const at = applied?.rows[0]?.at;
      refuseNewerDatabase(at == null ? null : Number(at));
      await migratePglite(drizzlePglite({ client, schema, casing: "snake_case" }), { migrationsFolder });
    },
    ping: async () => {
      await client.query("select 1");
      return true;
    },
    listen: async (channel, onNotify, onLive) => {
      // One process, one in-memory connection: nothing can be missed.
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      onLive(true);
      return async () => {
        onLive(false);
        await stop();
      };
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** `listenUrl`: a direct connection for LISTEN when `url` is a pooler in transaction mode (it would not carry notices). */
export async function openPostgres(url: string, poolSize = 10, options: OpenOptions & { listenUrl?: string } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection lost while idle in the pool, or while a request holds it between two queries (the
  // database or the pooler restarting), emits "error" with nobody listening, which would end the
  // process. The pool drops such a connection (idle) or the query under way fails and its request
  // answers an error (held); the shop goes on and opens new connections once the database is back.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case", logger: options.logger }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotify, onLive) => listenPg(options.listenUrl ?? url, channel, onNotify, onLive),
    close: async () => {
      // pool.end() resolves once every client is told to end, not when their connections are closed:
      // wait for each one's "remove", so that nothing is still connected when close() returns
      // (a test database is dropped right after, and would kill a still-open connection).
      let open = pool.totalCount;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) return resolve();
        pool.on("remove", () => {
          if (--open === 0) resolve();
        });
      });
      await pool.end();
      await closed;
    },
  };
}

/**
 * Drizzle's migrator, in one transaction under a transaction-scoped lock. Several shop processes may
 * start together: one migrates, the others wait for it. A session lock would not do: through
 * PgBouncer in transaction mode its lock and unlock may reach two different server connections, and
 * the lock would stay held by a pooled connection for good (ARCHITECTURE §6: no session state).
 * Same bookkeeping table as drizzle's own migrator, so existing databases carry on.
 */
async function migratePostgres(pool: pg.Pool) {
  const migrations = readMigrationFiles({ migrationsFolder });
  const conn = await pool.connect();
  try {
    await conn.query("begin");
    await conn.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await conn.query("create schema if not exists drizzle");
    await conn.query("create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)");
    const last = await conn.query<{ created_at: string }>("select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1");
    const lastAt = last.rows[0] ? Number(last.rows[0].created_at) : -Infinity;
    refuseNewerDatabase(last.rows[0] ? lastAt : null);
    for (const migration of migrations) {
      if (migration.folderMillis <= lastAt) continue;
      for (const statement of migration.sql) await conn.query(statement);
      await conn.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [migration.hash, migration.folderMillis]);
    }
    await conn.query("commit");
  } catch (error) {
    await conn.query("rollback").catch(() => {});
    throw error;
  } finally {
    conn.release();
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be shared and, through PgBouncer in
 * transaction mode, not stay ours), reconnecting after a second when it is lost.
 */
async function listenPg(url: string, channel: string, onNotify: (payload: string) => void, onLive: (live: boolean) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      onLive(false);
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    c.on("error", lost);
    c.on("end", lost);
    c.on("notification", (n) => {
      if (n.channel === channel) onNotify(n.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === c) onLive(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    onLive(false);
    await c?.end().catch(() => {});
  };
}

export function openDatabase(opts: { databaseUrl?: string; databaseListenUrl?: string; pgliteDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, 10, { listenUrl: opts.databaseListenUrl }) : openPglite(opts.pgliteDir);
}
