// `npm run worker`: the renewal engine on its own — a pass every
// AUTOSHIP_INTERVAL_SECONDS against DATABASE_URL (or the embedded database, only while the shop is
// stopped: PGlite is one process's). Run any number of these beside shops started with
// AUTOSHIP_SCHEDULER=off (or on: passes share the work, ARCHITECTURE §6). Stops cleanly on SIGTERM/SIGINT.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { ConfigError, parseConfig } = await import("../server/config");
const { openDatabase } = await import("../server/db/client");
const { createLogger } = await import("../server/log");
const { createServices } = await import("../server/wiring");
const { startAutoshipScheduler } = await import("../server/jobs/autoship-runner");

try {
  const config = parseConfig(process.env);
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config);
  await database.migrate();
  const services = createServices(database.db, config, log);
  const scheduler = startAutoshipScheduler(
    // The price guard's mail links are signed with the shops' secret (SESSION_SECRET); without it the mail points to My Autoships.
    { db: database.db, services, config, log, secret: config.sessionSecret, automations: { db: database.db, services, log } },
    { intervalMs: config.autoship.intervalSeconds * 1000, firstRunAfterMs: 0 },
  );
  log.info({ db: database.kind, intervalSeconds: config.autoship.intervalSeconds }, "autoship worker started");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await scheduler.stop();
      await services.mail.flush();
      await database.close();
      log.info("autoship worker stopped");
      process.exit(0);
    } catch (err) {
      log.error({ err }, "autoship worker did not stop cleanly");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
