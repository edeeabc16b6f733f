// `npm run db:backup` / `db:restore` (scripts/db-backup.ts): the embedded database as a gzipped copy
// of its data directory (PGlite's own dump), PostgreSQL through pg_dump's custom format and
// pg_restore. Both refuse rather than guess: a database in use, a file that is not a backup.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { ensurePgClientProgram } from "../ensure-system-deps";

/** A backup or restore that would be unsafe or is asked of the wrong file: the message says why. */
export class BackupRefused extends Error {}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** The first bytes of a pg_dump custom-format archive. */
const PGDMP_MAGIC = Buffer.from("PGDMP");

function startsWith(file: string, magic: Buffer): boolean {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist.`);
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(magic.length);
    return readSync(fd, head, 0, magic.length, 0) === magic.length && head.equals(magic);
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// The embedded database

// PGlite keeps postmaster.pid in its data directory while a process has it open and removes it on
// a clean close. Two processes on one directory would corrupt it, so a copy is taken only when
// nothing has it open.
function refuseOpen(dir: string) {
  if (existsSync(path.join(dir, "postmaster.pid")))
    throw new BackupRefused(
      `The embedded database in ${dir} is open: stop the shop (and any script using it) first, then run this again. ` +
        `If nothing is running, the shop was stopped abruptly: start it and stop it once with Ctrl-C.`,
    );
}

const openPglite = (dir: string, loadDataDir?: Blob) => PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir });

export async function backupPglite(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new BackupRefused(`There is no embedded database in ${dir} (PGLITE_DIR).`);
  refuseOpen(dir);
  const db = await openPglite(dir);
  try {
    const dump = await db.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
}

/**
 * Restores into `dir`: the backup is opened and checked in a directory of its own first; only then
 * does the current database move aside (kept as `<dir>.before-restore-<time>`, returned) and the
 * restored one take its place.
 */
export async function restorePglite(file: string, dir: string, now = new Date()): Promise<{ previous: string | null }> {
  const notABackup = (why: string) => new BackupRefused(`${file} is not a backup of the shop's embedded database (${why}).`);
  if (!startsWith(file, GZIP_MAGIC)) throw notABackup("not a gzipped data directory");
  if (existsSync(dir)) refuseOpen(dir);
  const incoming = `${dir}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  try {
    const db = await openPglite(incoming, new Blob([readFileSync(file)]));
    try {
      await db.query("select count(*) from drizzle.__drizzle_migrations");
    } finally {
      await db.close();
    }
  } catch (err) {
    rmSync(incoming, { recursive: true, force: true });
    throw notABackup(err instanceof Error ? err.message : String(err));
  }
  const previous = existsSync(dir) ? `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}` : null;
  if (previous) renameSync(dir, previous);
  renameSync(incoming, dir);
  return { previous };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The URL without its password, which goes to the client program through PGPASSWORD (not its argv). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv, what: string) {
  const result = spawnSync(ensurePgClientProgram(program), args, { env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${what} failed: ${(result.stderr || result.error?.message || "").trim()}`);
}

/** pg_dump takes a consistent snapshot itself: safe while the shop runs. */
export function backupPostgres(url: string, file: string): void {
  const { dbname, env } = connection(url);
  run("pg_dump", ["--format=custom", "--no-owner", "--file", file, "--dbname", dbname], env, "pg_dump");
}

/**
 * pg_restore in one transaction (all or nothing), dropping and recreating what the backup holds.
 * Refused while other sessions use the database: a running shop would keep serving from caches of
 * the data being replaced, and its writes would interleave with the restore.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  if (!startsWith(file, PGDMP_MAGIC)) throw new BackupRefused(`${file} is not a PostgreSQL backup (pg_dump's custom format, as npm run db:backup writes it).`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    if (rows[0]!.n > 0)
      throw new BackupRefused(
        `${rows[0]!.n} other connection(s) to the database are open: stop the shop and the renewal worker first ` +
          `(behind PgBouncer, also PAUSE or stop its pool for this database).`,
      );
  } finally {
    await client.end();
  }
  const { dbname, env } = connection(url);
  run(
    "pg_restore",
    ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", "--dbname", dbname, file],
    env,
    "pg_restore (nothing was changed)",
  );
}
