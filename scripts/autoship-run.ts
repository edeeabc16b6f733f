// `npm run autoship:run [-- --now 2031-03-04T08:00:00Z] [--limit 200] [--batch-size 5] [--json]`:
// one renewal pass by hand for operators: due reminders, then due renewals, against
// DATABASE_URL or the embedded database (only while the shop is stopped: PGlite is one process's).
// Prints what it did; exit code 0 when every renewal was handled, 1 otherwise.
import { parseArgs } from "node:util";
import { runOperatorCommand } from "./lib/operator-command";

const { runRenewalPass } = await import("../server/jobs/autoship-runner");

const { values } = parseArgs({
  options: {
    now: { type: "string" },
    limit: { type: "string", default: "200" },
    "batch-size": { type: "string", default: "5" },
    json: { type: "boolean", default: false },
  },
});
const now = values.now ? new Date(values.now) : new Date();
const limit = Number(values.limit);
const batchSize = Number(values["batch-size"]);
if (Number.isNaN(now.getTime()) || !Number.isInteger(limit) || limit < 1 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error("usage: npm run autoship:run -- [--now <ISO time>] [--limit <n>] [--batch-size <n>] [--json]");
  process.exit(1);
}

await runOperatorCommand(async ({ config, log, database, services }) => {
  const result = await runRenewalPass({ db: database.db, services, config, log, secret: config.sessionSecret }, { now, limit, batchSize });
  if (values.json) console.log(JSON.stringify({ now: now.toISOString(), ...result }));
  else {
    console.log(`autoship pass at ${now.toISOString()} (${database.kind})`);
    for (const [k, v] of Object.entries(result)) console.log(`  ${k.padEnd(18)} ${v}`);
  }
  return result.errors > 0 ? 1 : 0;
});
