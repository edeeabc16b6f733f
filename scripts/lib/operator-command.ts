// The frame of the operators' one-shot commands (autoship:run, orders:advance): `.env`, the
// configuration, a logger on stderr (stdout carries only the outcome), the database — DATABASE_URL
// or the embedded one, only while the shop is stopped: PGlite is one process's — migrated, the
// services, and after the work: recorded mail delivered, the database closed, the exit code.
import { existsSync } from "node:fs";
import pino from "pino";

if (existsSync(".env")) process.loadEnvFile(".env");

// Imported after .env is loaded, so its settings count.
const { ConfigError, parseConfig } = await import("../../server/config");
const { openDatabase } = await import("../../server/db/client");
const { createLogger } = await import("../../server/log");
const { createServices } = await import("../../server/wiring");

type Config = import("../../server/config").Config;
type Shop = {
  config: Config;
  log: import("../../server/log").Logger;
  database: Awaited<ReturnType<typeof openDatabase>>;
  services: ReturnType<typeof createServices>;
};

/** Runs `work` against the shop's database and exits with the code it returns (1 on a bad configuration). */
export async function runOperatorCommand(work: (shop: Shop) => Promise<number>): Promise<never> {
  try {
    const config = parseConfig(process.env);
    const log = createLogger(config.logLevel, pino.destination(2));
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
    let code: number;
    try {
      await database.migrate();
      const services = createServices(database.db, config, log);
      code = await work({ config, log, database, services });
      await services.mail.flush();
    } finally {
      await database.close();
    }
    process.exit(code);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
}
