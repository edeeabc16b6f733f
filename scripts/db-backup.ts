import path from "node:path";
import { ConfigError, parseConfig } from "../server/config";
import { MissingSystemDependency } from "./ensure-system-deps";
import { BackupRefused, backupPglite, backupPostgres, restorePglite, restorePostgres } from "./lib/db-backup";

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: the shop's database, the embedded
 * one (PGLITE_DIR; the shop stopped) or PostgreSQL (DATABASE_URL; a backup while the shop runs, a
 * restore with it stopped). Scheduled backups and point-in-time recovery: docs/deploy.md.
 */
const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error(`usage: npm run db:${command === "restore" ? "restore" : "backup"} -- FILE`);
  process.exit(2);
}

try {
  const config = parseConfig(process.env);
  const target = path.resolve(file);
  if (command === "backup") {
    if (config.databaseUrl) backupPostgres(config.databaseUrl, target);
    else await backupPglite(path.resolve(config.pgliteDir), target);
    console.log(`Backed up the ${config.databaseUrl ? "PostgreSQL" : "embedded"} database to ${target}`);
  } else {
    if (config.databaseUrl) await restorePostgres(target, config.databaseUrl);
    else {
      const { previous } = await restorePglite(target, path.resolve(config.pgliteDir));
      if (previous) console.log(`The database it replaced is kept in ${previous}`);
    }
    console.log(`Restored the ${config.databaseUrl ? "PostgreSQL" : "embedded"} database from ${target}`);
  }
} catch (err) {
  if (err instanceof BackupRefused || err instanceof ConfigError || err instanceof MissingSystemDependency) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
