// Process entry: `npm start` (production build) or `npm run dev` (Vite, hot reload).
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
const dev = process.argv.includes("--dev");
// Before anything imports React: it picks its build from NODE_ENV when first loaded.
process.env.NODE_ENV ??= dev ? "development" : "production";

const { runPrimary, workerCount } = await import("./cluster");

// On PostgreSQL, one process per core (server/cluster.ts); the primary only supervises them.
if (!runPrimary(workerCount(process.env, { dev }))) await startOne();

async function startOne() {
  // Before the modules it instruments (http, pg) are imported.
  const stopTracing = await (await import("./telemetry")).startTracing();
  const { ConfigError, parseConfig } = await import("./config");
  const { startShop } = await import("./server");
  const { NewerDatabaseError } = await import("./db/client");

  try {
    const config = parseConfig(process.env);
    const shop = await startShop(config, { dev });
    const stop = () =>
      shop
        .close()
        .then(stopTracing)
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof NewerDatabaseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
