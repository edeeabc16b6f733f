import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESEND_AFTER_MS } from "../../../rules/marketing/subscriber";
import { parseConfig } from "../../config";
import type { Database, Db } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createMailService, type MailService } from "../mail";
import { createRateLimitService } from "../rate-limit";
import { createMarketingService, eraseSubscriber, type MarketingService } from ".";

// The marketing list against a real database (PGlite; PostgreSQL under `npm run test:pg`): double
// opt-in with single-use links, the welcome mail's one-click headers and footer, the consent log,
// the preference centre, suppression, erasure, who receives marketing, and two sign-ups at once.

let database: Database;
let mail: MailService;
let marketing: MarketingService;
let now = new Date("2026-11-28T12:00:00Z");
const clock = () => now;
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const ORIGIN = "https://shop.example";
let n = 0;
const address = () => `list${++n}.${Date.now().toString(36)}@example.test`;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = parseConfig({});
  mail = createMailService(database.db, config, undefined, { clock });
  marketing = createMarketingService({
    db: database.db,
    rateLimit: createRateLimitService(database.db, { clock }),
    mail,
    config: { storeName: "Kibble & Co.", postalAddress: "1550 Wewatta Street, Denver, CO 80202, USA" },
    secret: "x".repeat(32),
    origin: () => ORIGIN,
    clock,
  });
}, 60_000);
afterAll(() => database?.close());

const mailsTo = async (to: string) => (await mail.latest({ to, limit: 50 })).reverse();
const linkIn = (text: string, path: string) => new URL(new RegExp(`${ORIGIN}${path}\\?token=\\S+`).exec(text)![0]);
const tokenIn = (text: string, path: string) => linkIn(text, path).searchParams.get("token")!;

async function confirmed(email: string, site: "d2c" | "hpsf" = "d2c") {
  await marketing.subscribe({ site, email, source: "footer" }, { ip: "203.0.113.9" });
  const [confirmation] = await mailsTo(email);
  const done = await marketing.confirm(tokenIn(confirmation.text, "/email/confirm"), { ip: "203.0.113.9" });
  if (!done.ok) throw new Error(done.message);
  const welcome = (await mailsTo(email)).at(-1)!;
  return { welcome, preferencesToken: tokenIn(welcome.text, "/api/marketing/unsubscribe") };
}

describe("double opt-in", () => {
  it("a sign-up is pending and mailed a confirmation link; only the link makes it subscribed, once", async () => {
    const email = address();
    expect(
      await marketing.subscribe({ site: "d2c", email: ` ${email.toUpperCase()} `, source: "footer", integrationInfo: { _kx: "k1" } }, { ip: "203.0.113.77" }),
    ).toEqual({
      ok: true,
      mailed: true,
    });
    const [row] = await marketing.byAddress(email);
    expect(row).toMatchObject({ site: "d2c", email, state: "pending", source: "footer", integrationInfo: { _kx: "k1" }, confirmedAt: null });
    expect(row.topics).toEqual(["offers", "new_products", "autoship_tips", "donation_news"]);
    expect(await marketing.recipients("d2c", "offers")).not.toContainEqual(expect.objectContaining({ email }));

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "marketing.confirm", subject: "Confirm your subscription to Kibble & Co. emails", headers: null });
    const token = tokenIn(mails[0].text, "/email/confirm");

    advance(1000);
    expect(await marketing.confirm(token, { ip: "203.0.113.77" })).toEqual({ ok: true, alreadyConfirmed: false, site: "d2c" });
    const [after] = await marketing.byAddress(email);
    expect(after).toMatchObject({ state: "subscribed", confirmNonce: null, policyVersion: "2026-11" });
    expect(after.confirmedAt).toEqual(now);
    expect(await marketing.recipients("d2c", "offers")).toContainEqual({ subscriberId: row.id, email });
    // The link works once: a second use changes nothing and mails nothing.
    expect(await marketing.confirm(token, { ip: null })).toMatchObject({ ok: true, alreadyConfirmed: true });
    expect((await mailsTo(email)).map((m) => m.template)).toEqual(["marketing.confirm", "marketing.welcome"]);
    // The consent log: when, how, under which policy, the address's network only.
    expect(await marketing.consentLog(row.id)).toMatchObject([
      { event: "requested", source: "footer", policyVersion: "2026-11", ipPrefix: "203.0.113.0" },
      { event: "confirmed", source: "footer", policyVersion: "2026-11", ipPrefix: "203.0.113.0" },
    ]);
  });

  it("the welcome mail (the first marketing mail) carries RFC 8058 headers and the footer", async () => {
    const email = address();
    const { welcome } = await confirmed(email);
    const unsubscribe = linkIn(welcome.text, "/api/marketing/unsubscribe");
    expect(welcome.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(welcome.text).toContain("1550 Wewatta Street, Denver, CO 80202, USA");
    expect(welcome.text).toContain(`${ORIGIN}/email/preferences?token=`);
    expect(welcome.html).toContain(">Unsubscribe</a>");
  });

  it("asking again: a pending address is mailed again only after an hour, and only the newest link works", async () => {
    const email = address();
    await marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
    const first = tokenIn((await mailsTo(email))[0].text, "/email/confirm");
    expect(await marketing.subscribe({ site: "d2c", email, source: "registration" }, { ip: null })).toEqual({ ok: true, mailed: false });
    expect(await mailsTo(email)).toHaveLength(1);
    advance(RESEND_AFTER_MS);
    expect(await marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null })).toEqual({ ok: true, mailed: true });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(await marketing.confirm(first, { ip: null })).toMatchObject({ ok: false, code: "LINK_INVALID" });
    expect(await marketing.confirm(tokenIn(mails[1].text, "/email/confirm"), { ip: null })).toMatchObject({ ok: true, alreadyConfirmed: false });
  });

  it("a changed, expired or foreign token confirms nothing", async () => {
    const email = address();
    await marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
    const token = tokenIn((await mailsTo(email))[0].text, "/email/confirm");
    const last = token.at(-1) === "A" ? "Q" : "A";
    expect(await marketing.confirm(token.slice(0, -1) + last, { ip: null })).toMatchObject({ ok: false, code: "LINK_INVALID" });
    expect(await marketing.confirm("junk", { ip: null })).toMatchObject({ ok: false, code: "LINK_INVALID" });
    // A preferences token is not a confirmation token (another purpose, another key).
    const other = await confirmed(address());
    expect(await marketing.confirm(other.preferencesToken, { ip: null })).toMatchObject({ ok: false, code: "LINK_INVALID" });
    advance(8 * 24 * 60 * 60_000);
    expect(await marketing.confirm(token, { ip: null })).toMatchObject({ ok: false, code: "LINK_INVALID", message: "This link has expired." });
    expect((await marketing.byAddress(email))[0].state).toBe("pending");
  });

  it("the answer is the same for a new, pending, subscribed or suppressed address, and the footer's sign-ups are rate-limited", async () => {
    const known = address();
    await confirmed(known);
    const suppressed = address();
    await marketing.suppress(suppressed, "complaint");
    for (const email of [known, suppressed])
      expect(await marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null })).toMatchObject({ ok: true });
    expect(await mailsTo(suppressed)).toHaveLength(0);
    const flooded = address();
    for (let i = 0; i < 5; i++) expect(await marketing.subscribe({ site: "d2c", email: flooded, source: "footer" }, { ip: null })).toMatchObject({ ok: true });
    expect(await marketing.subscribe({ site: "d2c", email: flooded, source: "footer" }, { ip: null })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
  });
});

describe("leaving and the preference centre", () => {
  it("one-click unsubscribe takes effect at once and is idempotent; the address is no recipient", async () => {
    const email = address();
    const { preferencesToken } = await confirmed(email);
    expect(await marketing.unsubscribe(preferencesToken, { ip: "198.51.100.4", via: "one_click" })).toEqual({ ok: true });
    expect(await marketing.unsubscribe(preferencesToken, { ip: null, via: "one_click" })).toEqual({ ok: true });
    const [row] = await marketing.byAddress(email);
    expect(row.state).toBe("unsubscribed");
    expect((await marketing.consentLog(row.id)).filter((e) => e.event === "unsubscribed")).toMatchObject([{ source: "one_click", ipPrefix: "198.51.100.0" }]);
    // A later order with checkout's box ticked (in advance, from the account) does not undo it.
    expect(await marketing.subscribe({ site: "d2c", email, source: "checkout" }, { ip: null })).toEqual({ ok: true, mailed: false });
    expect((await marketing.byAddress(email))[0].state).toBe("unsubscribed");
    for (const topic of ["offers", "new_products", "autoship_tips", "donation_news"] as const)
      expect(await marketing.recipients("d2c", topic)).not.toContainEqual(expect.objectContaining({ email }));
    // Signing up again starts over: pending, a new confirmation mail.
    expect(await marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null })).toEqual({ ok: true, mailed: true });
    expect((await marketing.byAddress(email))[0].state).toBe("pending");
  });

  it("topics and a pause decide what arrives; unsubscribing from the centre ends it; a bad link shows nothing", async () => {
    const email = address();
    const { preferencesToken: token } = await confirmed(email);
    expect(await marketing.preferences(token)).toMatchObject({ ok: true, subscriber: { email, state: "subscribed", pausedUntil: null } });

    expect(await marketing.updatePreferences(token, { intent: "topics", topics: ["autoship_tips", "program_news"] }, { ip: null })).toMatchObject({
      ok: true,
      subscriber: { topics: ["autoship_tips"] },
    });
    expect(await marketing.recipients("d2c", "offers")).not.toContainEqual(expect.objectContaining({ email }));
    expect(await marketing.recipients("d2c", "autoship_tips")).toContainEqual(expect.objectContaining({ email }));

    await marketing.updatePreferences(token, { intent: "pause", days: 30 }, { ip: null });
    expect(await marketing.recipients("d2c", "autoship_tips")).not.toContainEqual(expect.objectContaining({ email }));
    advance(30 * 24 * 60 * 60_000);
    expect(await marketing.recipients("d2c", "autoship_tips")).toContainEqual(expect.objectContaining({ email }));
    await marketing.updatePreferences(token, { intent: "pause", days: 60 }, { ip: null });
    await marketing.updatePreferences(token, { intent: "resume" }, { ip: null });
    expect(await marketing.recipients("d2c", "autoship_tips")).toContainEqual(expect.objectContaining({ email }));

    expect(await marketing.updatePreferences(token, { intent: "unsubscribe" }, { ip: null })).toMatchObject({
      ok: true,
      subscriber: { state: "unsubscribed" },
    });
    expect(await marketing.updatePreferences(token, { intent: "topics", topics: ["offers"] }, { ip: null })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(await marketing.preferences("not-a-token")).toMatchObject({ ok: false, code: "LINK_INVALID" });
  });

  it("the staff site's list is the program's news, apart from the shop's", async () => {
    const email = address();
    await confirmed(email, "hpsf");
    expect(await marketing.recipients("hpsf", "program_news")).toContainEqual(expect.objectContaining({ email }));
    expect(await marketing.recipients("d2c", "offers")).not.toContainEqual(expect.objectContaining({ email }));
    const [confirmation] = await mailsTo(email);
    expect(confirmation.subject).toBe("Confirm your subscription to Kibble & Co. program news");
  });
});

describe("suppression and erasure", () => {
  it("a suppressed address is no recipient on any site, cannot confirm and cannot sign up again", async () => {
    const email = address();
    await confirmed(email);
    const pending = address();
    await marketing.subscribe({ site: "d2c", email: pending, source: "footer" }, { ip: null });
    const token = tokenIn((await mailsTo(pending))[0].text, "/email/confirm");
    expect(await marketing.suppress(email.toUpperCase(), "hard_bounce")).toBe(2);
    expect(await marketing.suppress(pending, "operator", ["d2c"])).toBe(1);
    expect((await marketing.byAddress(email)).map((r) => [r.site, r.state, r.suppressionReason])).toEqual([
      ["d2c", "suppressed", "hard_bounce"],
      ["hpsf", "suppressed", "hard_bounce"],
    ]);
    expect(await marketing.recipients("d2c", "offers")).not.toContainEqual(expect.objectContaining({ email }));
    expect(await marketing.confirm(token, { ip: null })).toMatchObject({ ok: false });
    expect(await marketing.subscribe({ site: "hpsf", email, source: "registration" }, { ip: null })).toEqual({ ok: true, mailed: false });
    expect((await marketing.byAddress(email))[1].state).toBe("suppressed");
  });

  it("an erasure deletes the rows of the account and of its address, with their consent log; its links then show nothing", async () => {
    const email = address();
    const customerId = "5f0c8f8e-1b1e-4c7a-9d7e-3f1d2a4b5c6d";
    await marketing.subscribe({ site: "d2c", email, source: "registration", customerId }, { ip: null });
    const { preferencesToken } = await confirmed(email, "hpsf");
    const ids = (await marketing.byAddress(email)).map((r) => r.id);
    expect(await database.db.transaction((tx) => eraseSubscriber(tx as unknown as Db, customerId, email))).toBe(2);
    expect(await marketing.byAddress(email)).toEqual([]);
    for (const id of ids) expect(await marketing.consentLog(id)).toEqual([]);
    expect(await marketing.preferences(preferencesToken)).toMatchObject({ ok: false, code: "LINK_INVALID" });
    expect(await marketing.unsubscribe(preferencesToken, { ip: null, via: "one_click" })).toMatchObject({ ok: false });
  });
});

describe("two sign-ups of one address at once", () => {
  it("make one subscriber and one confirmation mail", async () => {
    const email = address();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => marketing.subscribe({ site: "d2c", email, source: i % 2 ? "footer" : "checkout" }, { ip: null })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.mailed)).toHaveLength(1);
    expect(await marketing.byAddress(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});
