import { describe, expect, it } from "vitest";
import { parseSegment, type Segment } from "../../rules/marketing/segment";
import { eraseSubscriber } from "../modules/marketing";
import { aSubscriptionEventAt, anAutoshipStartedAt } from "../testing/autoship";
import { seededVariants } from "../testing/catalog";
import { testDeps } from "../testing/deps";
import { aStaffProfile, aStoredCustomer } from "../testing/identity";
import { markMailFailed } from "../testing/mail";
import { anOrderPlacedAt, changeOrderLine, linesOf } from "../testing/orders";
import { parseConfig } from "../config";
import { runRenewalPass } from "../jobs/autoship-runner";
import { audienceOf } from "./campaign-audience";
import { sendDueCampaigns } from "./send-campaigns";

// Segments and campaigns on the database (PGlite; PostgreSQL under test:pg): a segment narrows the
// list by orders, species bought, Autoship and spend through the modules' doors, and its count is
// live; a campaign goes once to each confirmed, unpaused, unsuppressed subscriber of its segment —
// looked at again when sent — with the marketing headers and footer, picked products at their live
// price; a sender that throws mid-batch leaves nothing half-sent; clicks count once per delivery.

const t = testDeps({ seed: true, env: { PUBLIC_URL: "https://shop.example" } });
const NOW = new Date("2026-11-29T10:00:00Z");
const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
let n = 0;
const address = (who: string) => `${who}.${++n}.${Date.now().toString(36)}@example.test`;

const services = () => t.deps.services;

/** A subscriber confirmed through the link of their confirmation mail. */
async function confirmed(email: string, customerId: string | null = null, site: "d2c" | "hpsf" = "d2c") {
  const { marketing, mail } = services();
  await marketing.subscribe({ site, email, source: customerId ? "registration" : "footer", customerId }, { ip: null });
  const [m] = await mail.latest({ to: email });
  const token = new URL(/https?:\/\/\S+\/email\/confirm\?token=\S+/.exec(m.text)![0]).searchParams.get("token");
  expect(await marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
  return (await marketing.byAddress(email))[0].id;
}

const segment = (raw: Record<string, unknown>): Segment => {
  const parsed = parseSegment({ site: "d2c", topic: "offers", ...raw });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.segment;
};
const count = async (raw: Record<string, unknown>) => {
  const s = segment(raw);
  return services().campaigns.countAudience(s, await audienceOf({ db: t.database.db }, s, NOW));
};

const content = (name: string, handle?: string) => ({
  name,
  subject: `${name} subject`,
  preheader: "Fresh offers inside",
  blocks: [
    { type: "heading" as const, text: "This week" },
    { type: "text" as const, text: "Good food for good pets." },
    ...(handle ? [{ type: "product" as const, handle }] : []),
    // The shop's own puppy promotion (content/home/promotion-puppy.json), and one no longer published: left out.
    { type: "content" as const, key: "home-puppy" },
    { type: "content" as const, key: "no-such-promotion" },
    { type: "button" as const, label: "Shop now", path: "/products" },
  ],
});

const send = (opts: { limit?: number; batchSize?: number; afterMail?: (n: number) => void } = {}) =>
  sendDueCampaigns(
    { db: t.database.db, campaigns: services().campaigns },
    { now: NOW, limit: opts.limit ?? 100, batchSize: opts.batchSize ?? 2, afterMail: opts.afterMail },
  );

const campaignMailsTo = async (email: string) => (await services().mail.latest({ to: email, limit: 20 })).filter((m) => m.template === "marketing.campaign");

describe("segments", () => {
  it("narrows the confirmed list by orders, species, spend and Autoship, matched by account or address", async () => {
    const db = t.database.db;
    const variants = await seededVariants(db);
    const dogFood = variants.find((v) => v.species === "dog" && v.sites.includes("d2c"))!;
    const catFood = variants.find((v) => v.species === "cat" && v.sites.includes("d2c"))!;

    const dogEmail = address("dog");
    const dogOwner = await aStoredCustomer(db, dogEmail);
    const dogOrder = await anOrderPlacedAt(db, { at: ago(100), variantId: dogFood.id, customerId: dogOwner, totalCents: 12_000 });
    await changeOrderLine(db, (await linesOf(db, dogOrder))[0].id, { sku: dogFood.sku });
    await anAutoshipStartedAt(db, { at: ago(100), customerId: dogOwner, variantId: dogFood.id, productId: dogFood.productId, nextOrderDate: "2026-12-20" });
    // Signed up in the footer with the account's address: matched by address.
    await confirmed(dogEmail);

    const catEmail = address("cat");
    const catOwner = await aStoredCustomer(db, catEmail);
    const catOrder = await anOrderPlacedAt(db, { at: ago(5), variantId: catFood.id, customerId: catOwner, totalCents: 2_000 });
    await changeOrderLine(db, (await linesOf(db, catOrder))[0].id, { sku: catFood.sku });
    const catSub = await anAutoshipStartedAt(db, {
      at: ago(60),
      customerId: catOwner,
      variantId: catFood.id,
      productId: catFood.productId,
      nextOrderDate: "2026-12-20",
      status: "cancelled",
    });
    await aSubscriptionEventAt(db, catSub, "cancelled", ago(10));
    await confirmed(address("cat-other"), catOwner);

    await confirmed(address("reader")); // no account: only the whole list reaches them
    await services().marketing.subscribe({ site: "d2c", email: address("unconfirmed"), source: "footer" }, { ip: null });

    expect(await count({})).toBe(3);
    expect(await count({ species: "dog" })).toBe(1);
    expect(await count({ species: "cat" })).toBe(1);
    expect(await count({ lastOrder: "newer", lastOrderDays: "30" })).toBe(1);
    expect(await count({ lastOrder: "older", lastOrderDays: "30" })).toBe(1);
    expect(await count({ minSpend: "100" })).toBe(1);
    expect(await count({ minSpend: "10", lastOrder: "newer", lastOrderDays: "30" })).toBe(1);
    expect(await count({ autoship: "active" })).toBe(1);
    expect(await count({ autoship: "cancelled", autoshipDays: "30" })).toBe(1);
    expect(await count({ autoship: "cancelled", autoshipDays: "7" })).toBe(0);
    expect(await count({ species: "dog", autoship: "cancelled", autoshipDays: "30" })).toBe(0);
    expect(await count({ topic: "donation_news" })).toBe(3);

    // The staff site: members of an account group.
    const vet = await aStoredCustomer(db, address("vet"));
    await aStaffProfile(db, vet, "SF_DVM");
    await confirmed(address("vet-list"), vet, "hpsf");
    await confirmed(address("student-list"), null, "hpsf");
    const staff = { site: "hpsf", topic: "program_news" };
    expect(await count(staff)).toBe(2);
    expect(await count({ ...staff, accountGroup: "SF_DVM" })).toBe(1);
    expect(await count({ ...staff, accountGroup: "SF_TECH" })).toBe(0);

    // Cleared so the campaigns below see their own subscribers only.
    for (const e of [dogEmail]) await services().marketing.suppress(e, "operator");
  });
});

describe("campaigns", () => {
  it("sends once to each subscriber still receiving marketing when sent, with the marketing headers, footer and live product", async () => {
    const { campaigns, marketing } = services();
    const emails = [address("a"), address("b"), address("c")];
    for (const e of emails) await confirmed(e);
    const leaving = address("leaving");
    await confirmed(leaving);
    const suppressed = address("suppressed");
    await confirmed(suppressed);
    const pausing = address("pausing");
    await confirmed(pausing);
    const erased = address("erased");
    const erasedId = await confirmed(erased);
    const pending = address("pending");
    await marketing.subscribe({ site: "d2c", email: pending, source: "footer" }, { ip: null });

    const [product] = (await seededVariants(t.database.db)).filter((v) => v.sites.includes("d2c") && v.published);
    const c = await campaigns.create({
      content: content("Spring", product.handle),
      segment: segment({ topic: "new_products" }),
      createdBy: "owner@example.test",
    });
    expect(await campaigns.schedule(c.id, NOW)).toMatchObject({ ok: true, from: "draft", to: "scheduled" });

    // Listed, not yet sent: one unsubscribes, one is suppressed, one pauses, one is erased (looked at again at send time).
    const [welcome] = (await services().mail.latest({ to: leaving })).filter((m) => m.template === "marketing.welcome");
    const unsubscribeUrl = /<(\S+)>/.exec((welcome.headers as Record<string, string>)["List-Unsubscribe"])![1];
    await campaigns.start(c.id, null, NOW);
    await marketing.unsubscribe(new URL(unsubscribeUrl).searchParams.get("token"), { ip: null, via: "one_click" });
    await marketing.suppress(suppressed, "complaint");
    const [pausingWelcome] = (await services().mail.latest({ to: pausing })).filter((m) => m.template === "marketing.welcome");
    const pauseToken = new URL(/Choose topics or pause: (\S+)/.exec(pausingWelcome.text)![1]).searchParams.get("token");
    expect(await marketing.updatePreferences(pauseToken, { intent: "pause", days: 30 }, { ip: null })).toMatchObject({ ok: true });
    await eraseSubscriber(t.database.db, "00000000-0000-4000-8000-000000000000", erased);

    const mailed = await send();
    expect(mailed).toBeGreaterThanOrEqual(3);
    for (const email of emails) {
      const got = await campaignMailsTo(email);
      expect(got).toHaveLength(1);
      const [m] = got;
      expect(m.subject).toBe("Spring subject");
      expect(m.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect((m.headers as Record<string, string>)["List-Unsubscribe"]).toMatch(/^<https:\/\/shop\.example\/api\/marketing\/unsubscribe\?token=/);
      expect(m.text).toContain("1550 Wewatta Street");
      expect(m.text).toMatch(/Choose topics or pause: https:\/\/shop\.example\/email\/preferences\?token=/);
      expect(m.text).toContain(product.title);
      expect(m.text).toMatch(/\$\d+\.\d\d, (in stock|out of stock for now): https:\/\/shop\.example\/email\/c\//);
      expect(m.html).toContain("Fresh offers inside");
      expect(m.text).toContain("NEW PUPPY IN THE HOUSE?\n\nComplete nutrition for growing dogs, from small breeds to large.");
      expect(m.text).toMatch(/Shop Puppy Food: https:\/\/shop\.example\/email\/c\//);
    }
    for (const none of [leaving, suppressed, pausing, erased, pending]) expect(await campaignMailsTo(none)).toHaveLength(0);
    expect(erasedId).toBeTruthy();

    expect((await campaigns.get(c.id))!.state).toBe("sent");
    const report = await campaigns.report(c.id);
    expect(report).toMatchObject({ queued: 0, failed: 0, clicked: 0 });
    expect(report.sent).toBe(mailed);
    expect(report.skipped).toBe(3); // the unsubscribed, the suppressed and the paused; the erased one's row went with them
    expect(await send()).toBe(0);
    for (const email of emails) expect(await campaignMailsTo(email)).toHaveLength(1);

    // A click: counted once per delivery, leads to the path it was signed for only.
    const [m] = await campaignMailsTo(emails[0]);
    const link = /https:\/\/shop\.example\/email\/c\/(\S+)/.exec(m.text)![1];
    expect(await campaigns.click(link)).toEqual({ ok: true, path: expect.stringMatching(/^\/products\//) });
    expect(await campaigns.click(link)).toMatchObject({ ok: true });
    expect(await campaigns.click(`${link.slice(0, -2)}xx`)).toMatchObject({ ok: false, code: "LINK_INVALID" });
    expect((await campaigns.report(c.id)).clicked).toBe(1);

    // Failed: a mail the transport refused after it was recorded.
    await markMailFailed(t.database.db, (await campaignMailsTo(emails[1]))[0].id);
    expect((await campaigns.report(c.id)).failed).toBe(1);

    // Unsubscribed after it: one reader leaves through the campaign mail's own header.
    const url = /<(\S+)>/.exec((m.headers as Record<string, string>)["List-Unsubscribe"])![1];
    await marketing.unsubscribe(new URL(url).searchParams.get("token"), { ip: null, via: "one_click" });
    expect((await campaigns.report(c.id)).unsubscribed).toBe(1);
  });

  it("a sender that throws mid-batch rolls the batch back; the next pass mails each subscriber exactly once", async () => {
    const { campaigns } = services();
    const emails = [address("x"), address("y"), address("z"), address("w"), address("v")];
    for (const e of emails) await confirmed(e);
    const c = await campaigns.create({ content: content("Crash"), segment: segment({ topic: "autoship_tips" }), createdBy: "owner@example.test" });
    await campaigns.schedule(c.id, NOW);
    let recorded = 0;
    await expect(
      send({
        batchSize: 2,
        afterMail: () => {
          if (++recorded === 3) throw new Error("killed mid-batch");
        },
      }),
    ).rejects.toThrow("killed mid-batch");
    const afterCrash = await campaigns.report(c.id);
    expect(afterCrash.sent).toBe(2); // the first batch committed; the second rolled back
    expect((await campaigns.get(c.id))!.state).toBe("sending");

    await send({ batchSize: 2 });
    const report = await campaigns.report(c.id);
    expect(report.queued).toBe(0);
    expect(report.sent).toBe(report.listed);
    for (const e of emails) expect((await campaignMailsTo(e)).filter((m) => m.subject === "Crash subject")).toHaveLength(1);
  });

  it("a pause stops before the next batch, resuming goes on; a cancelled campaign sends nothing more", async () => {
    const { campaigns } = services();
    for (let i = 0; i < 3; i++) await confirmed(address("p"));
    const c = await campaigns.create({ content: content("Paused"), segment: segment({ topic: "donation_news" }), createdBy: "owner@example.test" });
    expect(await campaigns.pause(c.id)).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    await campaigns.schedule(c.id, NOW);
    await send({ limit: 2, batchSize: 2 });
    expect(await campaigns.pause(c.id)).toMatchObject({ ok: true, from: "sending", to: "paused" });
    const paused = await campaigns.report(c.id);
    expect(await send()).toBe(0);
    expect(await campaigns.update(c.id, { content: content("Edited"), segment: segment({}) })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(await campaigns.resume(c.id)).toMatchObject({ ok: true, to: "sending" });
    expect(await send({ limit: 1, batchSize: 1 })).toBe(1);
    expect(await campaigns.cancel(c.id)).toMatchObject({ ok: true, to: "cancelled" });
    expect(await send()).toBe(0);
    expect((await campaigns.report(c.id)).sent).toBe(paused.sent + 1);
  });

  it("the renewal pass sends at the configured rate: MARKETING_SEND_PER_MINUTE over the pass's interval", async () => {
    const { campaigns } = services();
    const emails = [address("r"), address("s"), address("t")];
    for (const e of emails) await confirmed(e);
    const c = await campaigns.create({ content: content("Rated"), segment: segment({ topic: "offers" }), createdBy: "owner@example.test" });
    await campaigns.schedule(c.id, NOW);
    const config = parseConfig({
      PUBLIC_URL: "https://shop.example",
      MARKETING_SEND_PER_MINUTE: "2",
      MARKETING_SEND_BATCH: "2",
      AUTOSHIP_INTERVAL_SECONDS: "60",
    });
    const pass = () => runRenewalPass({ db: t.database.db, services: services(), config }, { now: NOW });
    expect((await pass()).campaignMails).toBe(2);
    expect((await campaigns.report(c.id)).sent).toBe(2);
    const { listed } = await campaigns.report(c.id);
    let passes = 1;
    while ((await campaigns.get(c.id))!.state === "sending" && passes < 20) {
      expect((await pass()).campaignMails).toBeLessThanOrEqual(2);
      passes++;
    }
    expect(passes).toBe(Math.ceil(listed / 2));
    expect((await campaigns.report(c.id)).sent).toBe(listed);
  });
});
