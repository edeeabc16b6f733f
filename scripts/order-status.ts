// `npm run orders:advance -- KC-100001 shipped [--tracking 1Z999]`: the operator moves an order on
// (issue 6 item 5) through the advance-order workflow — fulfilled, shipped, delivered, cancelled or
// refunded — against DATABASE_URL or the embedded database (only while the shop is stopped: PGlite
// is one process's). Prints the order's new status, or why it was not changed; exit code 0 or 1.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import pino from "pino";

if (existsSync(".env")) process.loadEnvFile(".env");

const { ConfigError, parseConfig } = await import("../server/config");
const { openDatabase } = await import("../server/db/client");
const { createLogger } = await import("../server/log");
const { createServices } = await import("../server/services");
const { ADVANCE_TARGETS, advanceOrder } = await import("../server/workflows/advance-order");
type AdvanceTarget = import("../server/workflows/advance-order").AdvanceTarget;

const USAGE = `usage: npm run orders:advance -- <order number or id> <${ADVANCE_TARGETS.join("|")}> [--tracking <number>]`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { tracking: { type: "string" } } });
  const [orderRef, to] = positionals;
  if (positionals.length !== 2 || !ADVANCE_TARGETS.includes(to as AdvanceTarget)) {
    console.error(USAGE);
    return 1;
  }
  const config = parseConfig(process.env);
  // Logs to stderr, so that stdout carries only the outcome.
  const log = createLogger(config.logLevel, pino.destination(2));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await database.migrate();
    const services = createServices(database.db, config, log);
    const r = await advanceOrder({ db: database.db, services, config, log }, { orderRef, to: to as AdvanceTarget, trackingNumber: values.tracking });
    // The customer's mail is recorded already; let its delivery (mail drop folder, SMTP) finish.
    await services.mail.flush();
    if (!r.ok) {
      console.error(`${orderRef}: not changed (${r.code}${"status" in r ? `, still ${r.status}` : ""}): ${r.message}`);
      return 1;
    }
    const tracking = r.order.status === "shipped" && r.order.trackingNumber ? ` (tracking ${r.order.trackingNumber})` : "";
    console.log(`${r.order.number}: ${r.from} → ${r.order.status}${tracking}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exit(await main());
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
