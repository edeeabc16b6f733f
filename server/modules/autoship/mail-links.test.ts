import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LINK_SPENT } from "../../../rules/autoship/mail-actions";
import { addDays, dayOf } from "../../../rules/shared/calendar-days";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { runRenewalPass, type RenewalPassDeps } from "../../jobs/autoship-runner";
import { cancelEverySubscription, subscriptionEventsOf } from "../../testing/autoship";
import { renewalOrdersOf } from "../../testing/orders";
import { renewalKit, type RenewalKit } from "../../testing/renewals";
import { withClaims } from "../../testing/tokens";
import { mailActionToken } from "./mail-links";

// The reminder mail's signed links (PGlite, and PostgreSQL under `npm run test:pg`): looking at one
// changes nothing; its button runs the owner's own command once, for the delivery the mail was
// sent for, and any change since — the link's own, another link's, the customer's in My Autoships —
// spends it. The subscription commands read the real clock, so the dates here are the real ones.

const SECRET = "mail-links-test-secret-0123456789abcdefgh";
const config = parseConfig({ PUBLIC_URL: "https://shop.example", AUTOSHIP_REMINDER_DAYS: "3" });
let database: Database;
let kit: RenewalKit;
let deps: RenewalPassDeps;

const today = () => dayOf(new Date());
const CTX = { clientIp: null };
const mails = async (to: string) => (await kit.services.mail.latest({ to, limit: 50 })).reverse();
const linksIn = (text: string) => [...text.matchAll(/https:\/\/shop\.example\/autoship\/manage\/(\S+)/g)].map((m) => m[1]);
const read = (token: string, now = new Date()) => kit.services.autoship.readMailLink(SECRET, token, now);
const confirm = (token: string, form: { quantity?: unknown } = {}, now = new Date()) => kit.services.autoship.confirmMailLink(SECRET, token, form, now, CTX);

/** A subscription due in two days, reminded by a renewal pass: its four links, in the mail's order. */
async function reminded(quantity = 2) {
  const sub = await kit.subscription({ nextOrderDate: addDays(today(), 2), frequencyWeeks: 4, quantity });
  expect(await runRenewalPass(deps, { now: new Date() })).toMatchObject({ reminders: 1 });
  const mail = (await mails(sub.email)).find((m) => m.template === "autoship.reminder")!;
  const [skip, shipNow, delay, changeQuantity] = linksIn(mail.text);
  return { sub, mail, skip, shipNow, delay, changeQuantity };
}

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
  deps = { db: database.db, services: kit.services, config, secret: SECRET };
  await kit.setAvailable(kit.first.id, 500);
}, 60_000);
afterAll(() => database.close());
afterEach(() => cancelEverySubscription(database.db));

describe("the reminder mail's links", () => {
  it("carries four signed links, each opening a page that asks and changes nothing", async () => {
    const { sub, mail, skip, delay } = await reminded();
    expect(linksIn(mail.text)).toHaveLength(4);
    for (const label of ["Skip this delivery", "Deliver now", "Delay one week", "Change the quantity"]) expect(mail.text).toContain(`${label}:\nhttps://`);
    expect(mail.html).toContain(`href="https://shop.example/autoship/manage/${skip}"`);
    const events = (await subscriptionEventsOf(database.db, [sub.id])).length;

    const page = await read(skip);
    expect(page).toMatchObject({ ok: true, action: "skip", contractId: sub.contractId, quantity: 2, button: "Skip this delivery" });
    expect(page.ok && page.question).toMatch(/^Skip the delivery planned for \w+day, \w+ \d+, \d{4}\?$/);
    expect(await read(delay)).toMatchObject({ ok: true, action: "delay" });
    // Looking (twice, as a mail scanner and then the customer would) changed nothing.
    expect(await kit.reload(sub.id)).toEqual(await kit.reload(sub.id));
    expect((await kit.reload(sub.id)).updatedAt).toEqual(sub.updatedAt);
    expect(await subscriptionEventsOf(database.db, [sub.id])).toHaveLength(events);
  });

  it("skips the delivery once, as the customer through the link; then every link of the mail is spent", async () => {
    const { sub, skip, delay, shipNow } = await reminded();
    expect(await confirm(skip)).toEqual({ ok: true, message: "The next order was skipped." });
    const after = await kit.reload(sub.id);
    expect(after.nextOrderDate).toBe(addDays(sub.nextOrderDate, 28));
    const skipped = (await subscriptionEventsOf(database.db, [sub.id])).filter((e) => e.kind === "skipped");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ actor: "customer", detail: { skipped: sub.nextOrderDate, via: "mail_link" } });

    expect(await confirm(skip)).toMatchObject({ ok: false, code: "STALE", message: LINK_SPENT });
    expect(await read(skip)).toMatchObject({ ok: false, code: "STALE", message: LINK_SPENT });
    expect(await confirm(delay)).toMatchObject({ ok: false, code: "STALE" });
    expect(await confirm(shipNow)).toMatchObject({ ok: false, code: "STALE" });
    expect((await kit.reload(sub.id)).nextOrderDate).toBe(after.nextOrderDate);
    expect(await renewalOrdersOf(database.db, sub.id)).toHaveLength(0);
  });

  it("skips once when the link is pressed twice at the same time", async () => {
    const { sub, skip } = await reminded();
    const answers = await Promise.all([confirm(skip), confirm(skip), confirm(skip)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok && a.code === "STALE")).toHaveLength(2);
    expect((await kit.reload(sub.id)).nextOrderDate).toBe(addDays(sub.nextOrderDate, 28));
  });

  it("delays one week, changes the quantity (checked next to the field) and delivers now, each once", async () => {
    const a = await reminded();
    expect(await confirm(a.delay)).toMatchObject({ ok: true, message: expect.stringMatching(/^The delivery was moved to /) });
    expect((await kit.reload(a.sub.id)).nextOrderDate).toBe(addDays(a.sub.nextOrderDate, 7));
    expect(await confirm(a.delay)).toMatchObject({ ok: false, code: "STALE" });

    const b = await reminded();
    expect(await confirm(b.changeQuantity, { quantity: "0" })).toMatchObject({ ok: false, code: "FIELD", field: "quantity" });
    expect(await confirm(b.changeQuantity)).toMatchObject({ ok: false, code: "FIELD", field: "quantity" });
    expect(await confirm(b.changeQuantity, { quantity: "3" })).toEqual({ ok: true, message: "The quantity was changed." });
    expect(await kit.reload(b.sub.id)).toMatchObject({ quantity: 3, nextOrderDate: b.sub.nextOrderDate });
    expect(await confirm(b.changeQuantity, { quantity: "4" })).toMatchObject({ ok: false, code: "STALE" });
    expect((await kit.reload(b.sub.id)).quantity).toBe(3);

    const c = await reminded();
    expect(await confirm(c.shipNow)).toMatchObject({ ok: true, message: expect.stringMatching(/^Order KC-\d+ was placed and will ship soon\.$/) });
    expect(await renewalOrdersOf(database.db, c.sub.id)).toHaveLength(1);
    expect((await kit.reload(c.sub.id)).renewalClaimedUntil).toBeNull();
    expect(await confirm(c.shipNow)).toMatchObject({ ok: false, code: "STALE" });
    expect(await renewalOrdersOf(database.db, c.sub.id)).toHaveLength(1);
    const shipped = (await subscriptionEventsOf(database.db, [c.sub.id])).find((e) => e.kind === "shipped_now");
    expect(shipped).toMatchObject({ actor: "customer", detail: { via: "mail_link" } });
  });

  it("is stale once the customer changed the Autoship in My Autoships, or cancelled it", async () => {
    const a = await reminded();
    const changed = await kit.services.autoship.act({ customerId: a.sub.customerId }, a.sub.id, { intent: "change_frequency", frequencyWeeks: 6 });
    expect(changed.ok).toBe(true);
    expect(await read(a.skip)).toMatchObject({ ok: false, code: "STALE" });
    expect(await confirm(a.skip)).toMatchObject({ ok: false, code: "STALE", message: LINK_SPENT });
    expect((await kit.reload(a.sub.id)).nextOrderDate).toBe(a.sub.nextOrderDate);
    // The command itself holds to the link's cycle under the row lock (the page's early check aside).
    const link = { cycleDate: a.sub.nextOrderDate, version: a.sub.updatedAt.getTime() };
    for (const input of [{ intent: "skip" as const }, { intent: "ship_now" as const }])
      expect(await kit.services.autoship.act({ customerId: a.sub.customerId, link }, a.sub.id, input)).toMatchObject({ ok: false, code: "STALE" });
    expect(await renewalOrdersOf(database.db, a.sub.id)).toHaveLength(0);

    const b = await reminded();
    await kit.services.autoship.act({ customerId: b.sub.customerId }, b.sub.id, { intent: "cancel", reason: "other" });
    expect(await confirm(b.delay)).toMatchObject({ ok: false, code: "STALE", message: LINK_SPENT });
  });

  it("refuses an edited, a forged and an expired link, and presses beyond the rate limit", async () => {
    const { sub, skip, delay } = await reminded();
    // The delay link edited into a skip: its signature no longer matches.
    expect(await confirm(withClaims(delay, { action: "skip" }))).toMatchObject({ ok: false, code: "INVALID", message: "This link is not valid." });
    expect(await read(withClaims(delay, { subscriptionId: sub.id.replace(/.$/, (c) => (c === "0" ? "1" : "0")) }))).toMatchObject({
      ok: false,
      code: "INVALID",
    });
    const claims = { subscriptionId: sub.id, action: "skip" as const, cycleDate: sub.nextOrderDate, version: sub.updatedAt.getTime() };
    expect(await confirm(await mailActionToken("another-secret-0123456789abcdefghijkl", claims))).toMatchObject({ ok: false, code: "INVALID" });
    expect(await confirm("not-a-token")).toMatchObject({ ok: false, code: "INVALID" });
    // The day after the delivery's date the link has expired.
    const later = new Date(`${addDays(sub.nextOrderDate, 1)}T00:00:01Z`);
    expect(await confirm(skip, {}, later)).toMatchObject({ ok: false, code: "STALE", message: LINK_SPENT });
    expect((await kit.reload(sub.id)).nextOrderDate).toBe(sub.nextOrderDate);

    // Ten presses per subscription in 15 minutes (the unreadable ones above counted for no subscription), then refused.
    for (let i = 0; i < 10; i++) expect((await confirm(delay)).ok).toBe(i === 0);
    expect(await confirm(skip)).toMatchObject({ ok: false, code: "RATE_LIMITED" });
  });
});
