// Test fixture of send-campaigns.pg.test.ts (not a test itself): ONE campaign sender in its own
// process, as a worker of a multi-process deployment runs it. Test wiring, so it reads its knobs from
// the environment directly: DATABASE_URL, SEND_NOW (ISO), START_AT (epoch ms: both senders start at
// the same moment), BATCH_SIZE, and KILL_AFTER_MAILS=N, which SIGKILLs the process inside a batch's
// transaction once it has recorded N mails (the batch is open: its rows and mails go back).
import { setTimeout as sleep } from "node:timers/promises";
import { parseConfig } from "../config";
import { openPostgres } from "../db/client";
import { createServices } from "../wiring";
import { sendDueCampaigns } from "./send-campaigns";

const env = process.env;
const config = parseConfig({ ...env, LOG_LEVEL: "silent" });
if (!config.databaseUrl) throw new Error("DATABASE_URL is required");
const database = await openPostgres(config.databaseUrl, 4);
const services = createServices(database.db, config);
const startAt = Number(env.START_AT ?? 0);
if (startAt > Date.now()) await sleep(startAt - Date.now());
const killAfter = Number(env.KILL_AFTER_MAILS ?? 0);
const mailed = await sendDueCampaigns(
  { db: database.db, campaigns: services.campaigns },
  {
    now: new Date(env.SEND_NOW ?? Date.now()),
    limit: 1000,
    batchSize: Number(env.BATCH_SIZE ?? 4),
    // A few milliseconds per mail, so that the two senders' batches interleave.
    afterMail: async (n) => {
      await sleep(5);
      if (killAfter && n >= killAfter) process.kill(process.pid, "SIGKILL");
    },
  },
);
await services.mail.flush();
await database.close();
process.stdout.write(`${JSON.stringify({ mailed })}\n`);
