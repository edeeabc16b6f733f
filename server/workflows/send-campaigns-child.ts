// Test fixture of send-campaigns.pg.test.ts (not a test itself): ONE campaign sender in its own
// process, as a worker of a multi-process deployment runs it. Test wiring, so it reads its knobs from
// the environment directly: DATABASE_URL, SEND_NOW (ISO), WAIT_FOR_GO=1 (says "ready" on stdout once
// loaded, then starts on a line on stdin: the test starts both senders at the same moment however
// long each took to load), BATCH_SIZE, MAIL_PAUSE_MS (per mail, so that the senders' batches
// interleave) and KILL_AFTER_MAILS=N, which SIGKILLs the process inside a batch's transaction once
// it has recorded N mails (the batch is open: its rows and mails go back). It counts mails over all
// its passes.
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
if (env.WAIT_FOR_GO === "1") {
  process.stdout.write("ready\n");
  await new Promise((go) => process.stdin.once("data", go));
  process.stdin.pause();
}
const pauseMs = Number(env.MAIL_PAUSE_MS ?? 5);
const killAfter = Number(env.KILL_AFTER_MAILS ?? 0);
const now = new Date(env.SEND_NOW ?? Date.now());
let recorded = 0;
const options = {
  now,
  limit: 1000,
  batchSize: Number(env.BATCH_SIZE ?? 4),
  afterMail: async () => {
    recorded++;
    await sleep(pauseMs);
    if (killAfter && recorded >= killAfter) process.kill(process.pid, "SIGKILL");
  },
};
// Passes as a worker makes them, until nothing is due or being sent: a pass that found the campaign
// being started by the other sender (its row locked: skipped) sends in the next one.
let mailed = 0;
for (let pass = 0; pass < 200; pass++) {
  mailed += await sendDueCampaigns({ db: database.db, campaigns: services.campaigns }, options);
  const [due, sending] = await Promise.all([services.campaigns.due(now), services.campaigns.sending()]);
  if (due.length === 0 && sending.length === 0) break;
  await sleep(20);
}
await services.mail.flush();
await database.close();
process.stdout.write(`${JSON.stringify({ mailed })}\n`);
