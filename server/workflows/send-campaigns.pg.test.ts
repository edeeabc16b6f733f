import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSegment } from "../../rules/marketing/segment";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { eraseSubscriber } from "../modules/marketing";
import { createServices } from "../wiring";
import { sendDueCampaigns } from "./send-campaigns";

// One campaign sent by two senders at once on a real PostgreSQL (each batch its own connection
// and transaction), one of them dying mid-batch (its transaction throws after some mails are
// recorded): every subscriber still receiving marketing gets exactly one mail, and unconfirmed,
// unsubscribed, suppressed and erased addresses get none. Runs under `npm run test:pg`; skipped on
// PGlite, which has one connection (the same guarantees on it: send-campaigns.test.ts).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOW = new Date("2026-11-29T10:00:00Z");
const tag = Date.now().toString(36);
const at = (who: string, i: number) => `${who}${i}.${tag}@example.test`;

let database: Database;
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  services = createServices(database.db, parseConfig({ PUBLIC_URL: "https://shop.example", LOG_LEVEL: "silent" }));
}, 60_000);
afterAll(async () => {
  await services?.mail.flush();
  await database?.close();
});

async function confirmed(email: string) {
  await services.marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
  const [m] = await services.mail.latest({ to: email });
  const token = new URL(/https?:\/\/\S+\/email\/confirm\?token=\S+/.exec(m.text)![0]).searchParams.get("token");
  expect(await services.marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
}

const campaignMails = async (email: string) => (await services.mail.latest({ to: email, limit: 20 })).filter((m) => m.template === "marketing.campaign");

describe.skipIf(!onPostgres)("a campaign sent by two senders at once, one dying mid-batch", () => {
  it("mails each receiving subscriber exactly once and nobody else", async () => {
    const receiving = Array.from({ length: 30 }, (_, i) => at("reader", i));
    const unsubscribed = Array.from({ length: 3 }, (_, i) => at("left", i));
    const suppressed = Array.from({ length: 3 }, (_, i) => at("bounced", i));
    const erased = Array.from({ length: 3 }, (_, i) => at("erased", i));
    const pending = Array.from({ length: 3 }, (_, i) => at("pending", i));
    for (const e of [...receiving, ...unsubscribed, ...suppressed, ...erased]) await confirmed(e);
    for (const e of pending) await services.marketing.subscribe({ site: "d2c", email: e, source: "footer" }, { ip: null });

    const segment = parseSegment({ site: "d2c", topic: "offers" });
    if (!segment.ok) throw new Error("segment refused");
    const c = await services.campaigns.create({
      content: { name: "Race", subject: "Race", preheader: "", blocks: [{ type: "text", text: "Hello" }] },
      segment: segment.segment,
      createdBy: "owner@example.test",
    });
    await services.campaigns.schedule(c.id, NOW);
    // Listed first (the whole list), then some leave before the senders reach them: checked at send time.
    await services.campaigns.start(c.id, null, NOW);
    for (const e of unsubscribed) {
      const [welcome] = (await services.mail.latest({ to: e })).filter((m) => m.template === "marketing.welcome");
      const url = /<(\S+)>/.exec((welcome.headers as Record<string, string>)["List-Unsubscribe"])![1];
      await services.marketing.unsubscribe(new URL(url).searchParams.get("token"), { ip: null, via: "one_click" });
    }
    for (const e of suppressed) await services.marketing.suppress(e, "hard_bounce");
    for (const e of erased) await eraseSubscriber(database.db, "00000000-0000-4000-8000-000000000000", e);

    const deps = { db: database.db, campaigns: services.campaigns };
    let dyingMails = 0;
    const [dying, steady] = await Promise.allSettled([
      sendDueCampaigns(deps, {
        now: NOW,
        limit: 100,
        batchSize: 4,
        afterMail: async () => {
          await sleep(5);
          if (++dyingMails === 7) throw new Error("sender killed mid-batch");
        },
      }),
      sendDueCampaigns(deps, { now: NOW, limit: 100, batchSize: 4, afterMail: () => sleep(5) }),
    ]);
    expect(dying).toMatchObject({ status: "rejected", reason: expect.objectContaining({ message: "sender killed mid-batch" }) });
    expect(steady.status).toBe("fulfilled");
    // Whatever the dying sender's last batch held is queued again; a later pass finishes the campaign.
    await sendDueCampaigns(deps, { now: NOW, limit: 100, batchSize: 4 });
    await services.mail.flush();

    for (const e of receiving) expect(await campaignMails(e), e).toHaveLength(1);
    for (const e of [...unsubscribed, ...suppressed, ...erased, ...pending]) expect(await campaignMails(e), e).toHaveLength(0);
    const report = await services.campaigns.report(c.id);
    expect(report).toMatchObject({ listed: 36, sent: 30, skipped: 6, queued: 0, failed: 0 });
    expect((await services.campaigns.get(c.id))!.state).toBe("sent");
  }, 120_000);
});
