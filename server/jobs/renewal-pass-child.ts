// Test fixture of autoship-runner.pg.test.ts (not a test itself): ONE renewal pass in its own
// process, as a worker of a multi-process deployment runs it. Test wiring, so it reads its knobs
// from the environment directly: DATABASE_URL, RENEWAL_NOW (ISO), START_AT (epoch ms: every worker
// starts its pass at the same moment), BATCH_SIZE, and CRASH_AFTER_ORDER=1, which SIGKILLs the
// process right after its first renewal order is paid — before the renewal is recorded.
import { parseConfig } from "../config";
import { openPostgres } from "../db/client";
import { createServices } from "../wiring";
import { runRenewalPass } from "./autoship-runner";

const env = process.env;
const config = parseConfig({ ...env, LOG_LEVEL: "silent" });
if (!config.databaseUrl) throw new Error("DATABASE_URL is required");
const database = await openPostgres(config.databaseUrl, 4);
const services = createServices(database.db, config);
const startAt = Number(env.START_AT ?? 0);
if (startAt > Date.now()) await new Promise((r) => setTimeout(r, startAt - Date.now()));
const result = await runRenewalPass(
  {
    db: database.db,
    services,
    config,
    afterOrderPaid: env.CRASH_AFTER_ORDER === "1" ? () => void process.kill(process.pid, "SIGKILL") : undefined,
  },
  { now: new Date(env.RENEWAL_NOW ?? Date.now()), batchSize: Number(env.BATCH_SIZE ?? 5) },
);
await services.mail.flush();
await database.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
