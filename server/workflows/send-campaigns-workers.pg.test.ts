import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSegment } from "../../rules/marketing/segment";
import { parseConfig } from "../config";
import { openPostgres, type Database } from "../db/client";
import { createScratchDatabase } from "../db/test-database";
import { createServices } from "../wiring";

// One campaign sent by two sender PROCESSES at once on a real PostgreSQL, one of them SIGKILLed in
// the middle of a batch's transaction (server/workflows/send-campaigns-child.ts): the batch it held
// goes back, a later pass sends it, and every subscriber receiving marketing has exactly one mail;
// unconfirmed and suppressed addresses none. Runs under `npm run test:pg` (TEST_DATABASE_URL);
// skipped on PGlite, which is a single process's database. The in-process variant with unsubscribes
// and erasures during the send: send-campaigns.pg.test.ts.

const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, "../..");
const child = path.join(root, "server/workflows/send-campaigns-child.ts");
const NOW = "2026-11-29T10:00:00Z";
const tag = Date.now().toString(36);
const at = (who: string, i: number) => `${who}${i}.${tag}@example.test`;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let databaseUrl: string;
let database: Database;
let services: ReturnType<typeof createServices>;

type Run = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

type Sender = { ready: Promise<void>; go(): void; done: Promise<Run> };

/**
 * One sender in a child process: node itself with tsx's loader, so the kill reaches the sender.
 * With `waitForGo` it loads, says so (`ready`) and starts on `go()`: on a busy machine one child may
 * take seconds longer to load than the other, and a sender started late would find nothing left.
 */
function sender(env: { waitForGo?: boolean; KILL_AFTER_MAILS?: number; MAIL_PAUSE_MS?: number }): Sender {
  const p = spawn(process.execPath, ["--import", "tsx", child], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: "https://shop.example",
      SEND_NOW: NOW,
      WAIT_FOR_GO: env.waitForGo ? "1" : "0",
      BATCH_SIZE: "4",
      MAIL_PAUSE_MS: String(env.MAIL_PAUSE_MS ?? 5),
      KILL_AFTER_MAILS: String(env.KILL_AFTER_MAILS ?? 0),
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let err = "";
  p.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const ready = new Promise<void>((resolve) => {
    let out = "";
    p.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready\n")) resolve();
    });
  });
  const done = new Promise<Run>((resolve, reject) => {
    p.once("error", reject);
    p.once("exit", (code, signal) => resolve({ code, signal, stderr: err }));
  });
  return { ready, go: () => p.stdin.end("go\n"), done };
}

async function confirmed(email: string) {
  await services.marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
  const [m] = await services.mail.latest({ to: email });
  const token = new URL(/https?:\/\/\S+\/email\/confirm\?token=\S+/.exec(m!.text)![0]).searchParams.get("token");
  expect(await services.marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
}

const campaignMails = async (email: string) => (await services.mail.latest({ to: email, limit: 20 })).filter((m) => m.template === "marketing.campaign");

describe.skipIf(!serverUrl)("a campaign sent by two sender processes, one killed mid-batch", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    databaseUrl = scratch.url;
    database = await openPostgres(databaseUrl, 5);
    await database.migrate();
    services = createServices(database.db, parseConfig({ PUBLIC_URL: "https://shop.example", LOG_LEVEL: "silent" }));
  }, 120_000);
  afterAll(async () => {
    await services?.mail.flush();
    await database?.close();
    await scratch?.drop();
  });

  it("mails each receiving subscriber exactly once and nobody else", async () => {
    const receiving = Array.from({ length: 30 }, (_, i) => at("reader", i));
    const suppressed = Array.from({ length: 3 }, (_, i) => at("bounced", i));
    const pending = Array.from({ length: 3 }, (_, i) => at("pending", i));
    for (const e of [...receiving, ...suppressed]) await confirmed(e);
    for (const e of suppressed) await services.marketing.suppress(e, "hard_bounce");
    for (const e of pending) await services.marketing.subscribe({ site: "d2c", email: e, source: "footer" }, { ip: null });
    const segment = parseSegment({ site: "d2c", topic: "offers" });
    if (!segment.ok) throw new Error("segment refused");
    const c = await services.campaigns.create({
      content: { name: "Two senders", subject: "Two senders", preheader: "", blocks: [{ type: "text", text: "Hello" }] },
      segment: segment.segment,
      createdBy: "owner@example.test",
    });
    // Due now: the senders start it themselves (one lists the recipients, under the campaign's lock).
    await services.campaigns.schedule(c.id, new Date(NOW));

    // Both loaded, then both at once; the one to be killed pauses less per mail, so it is sure to
    // reach its sixth mail (inside its second batch) while the other is still sending.
    const senders = [sender({ waitForGo: true, KILL_AFTER_MAILS: 6, MAIL_PAUSE_MS: 2 }), sender({ waitForGo: true, MAIL_PAUSE_MS: 15 })];
    await Promise.all(senders.map((s) => s.ready));
    for (const s of senders) s.go();
    const [killed, steady] = await Promise.all(senders.map((s) => s.done));
    expect(killed.signal, killed.stderr).toBe("SIGKILL");
    expect(steady, steady.stderr).toMatchObject({ code: 0 });
    // The killed sender's open batch went back with its connection; the next pass sends it.
    expect(await sender({}).done, "the next pass").toMatchObject({ code: 0 });

    for (const e of receiving) expect(await campaignMails(e), e).toHaveLength(1);
    for (const e of [...suppressed, ...pending]) expect(await campaignMails(e), e).toHaveLength(0);
    expect(await services.campaigns.report(c.id)).toMatchObject({ sent: 30, queued: 0, failed: 0 });
    expect((await services.campaigns.get(c.id))!.state).toBe("sent");
  }, 120_000);
});
