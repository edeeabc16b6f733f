import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ConfigError, parseConfig } from "../server/config";
import { openPglite } from "../server/db/client";
import { seedIfEmpty } from "../server/db/seed";

/**
 * `npm run db:reset`: deletes the embedded database (PGLITE_DIR, default ./data/pglite) and builds
 * it again: migrations, then the seed data. Stop the shop first; it holds the database open.
 * It never touches a real PostgreSQL: with DATABASE_URL set it refuses.
 */

let config;
try {
  config = parseConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

if (config.databaseUrl) {
  console.error(
    "db:reset only rebuilds the embedded database. DATABASE_URL is set, so it refuses to touch that server;\n" +
      "unset DATABASE_URL to reset the embedded database (PGLITE_DIR).",
  );
  process.exit(1);
}

const dir = path.resolve(config.pgliteDir);
console.log(`Deleting ${dir}`);
rmSync(dir, { recursive: true, force: true });

const database = await openPglite(dir);
try {
  await database.migrate();
  await seedIfEmpty(database);

  const { rows: tables } = (await database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  console.log("Rows per table:");
  for (const { table_name: table } of tables) {
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] };
    console.log(`  ${table.padEnd(32)} ${rows[0]?.n ?? 0}`);
  }
  console.log(`Embedded database rebuilt at ${dir}`);
} finally {
  await database.close();
}
