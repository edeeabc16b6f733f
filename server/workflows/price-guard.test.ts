import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { autoshipPriceCents } from "../../rules/autoship/offer-and-frequency";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { runRenewalPass, type RenewalPassDeps } from "../jobs/autoship-runner";
import { renewalKit, type RenewalKit } from "../testing/renewals";
import { priceAnswerToken } from "../modules/autoship";
import { answerPriceInAccount, answerPriceLink } from "./price-answer";
import { cancelEverySubscription, priceHoldsOf } from "../testing/autoship";
import { setVariantPrice } from "../testing/catalog";
import { renewalOrdersOf } from "../testing/orders";
import { withClaims } from "../testing/tokens";

// The price guard on the renewal engine (PGlite, and PostgreSQL under `npm run test:pg`): a renewal
// whose unit price rose beyond the subscription's threshold since the last order is held, not
// charged; the mailed signed links renew or skip it, once, for their own subscription only, until
// the deadline; with no answer the cycle is skipped.

const SECRET = "price-guard-test-secret-0123456789abcdef";
const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900", PUBLIC_URL: "https://shop.example", AUTOSHIP_REMINDER_DAYS: "3" });
let database: Database;
let kit: RenewalKit;
let deps: RenewalPassDeps & { secret: string };
let basePrice: number;

const pass = (iso: string) => runRenewalPass(deps, { now: new Date(iso) });
const ordersOf = (id: string) => renewalOrdersOf(database.db, id);
const holdsOf = (id: string) => priceHoldsOf(database.db, id);
const mails = async (to: string) => (await kit.services.mail.latest({ to, limit: 50 })).reverse();
const setPrice = (cents: number) => setVariantPrice(database.db, kit.first.id, cents);
const linksIn = (text: string) => [...text.matchAll(/https:\/\/shop\.example\/autoship\/price-answer\/(\S+)/g)].map((m) => m[1]);

/** A subscription renewed once at the base price (its last order), due again on 2031-04-01, now priced +`risePercent`. */
async function renewedThenRaised(risePercent: number, over: { priceGuardPercent?: number } = {}) {
  await setPrice(basePrice);
  const sub = await kit.subscription({ nextOrderDate: "2031-03-04", frequencyWeeks: 4, ...over });
  expect(await pass("2031-03-04T06:00:00Z")).toMatchObject({ renewed: 1 });
  expect((await kit.reload(sub.id)).nextOrderDate).toBe("2031-04-01");
  await setPrice(Math.round(basePrice * (1 + risePercent / 100)));
  return sub;
}

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
  deps = { db: database.db, services: kit.services, config, secret: SECRET };
  basePrice = kit.first.priceCents;
  await kit.setAvailable(kit.first.id, 500);
}, 60_000);
afterAll(() => database.close());
afterEach(async () => {
  await cancelEverySubscription(database.db);
  await setPrice(basePrice);
});

describe("price guard", () => {
  it("holds a renewal whose price rose 15% (threshold 10%): nothing charged, one mail with old and new price and two links", async () => {
    const sub = await renewedThenRaised(15);
    await pass("2031-04-01T06:00:00Z");
    await pass("2031-04-01T09:00:00Z");
    expect(await ordersOf(sub.id)).toHaveLength(1);
    const after = await kit.reload(sub.id);
    expect(after).toMatchObject({ hold: "price_rise", nextOrderDate: "2031-04-01", status: "active" });
    expect(after.retryAt?.toISOString()).toBe("2031-04-05T00:00:00.000Z");
    const [hold] = await holdsOf(sub.id);
    expect(hold).toMatchObject({ status: "pending", cycleDate: "2031-04-01", oldUnitCents: autoshipPriceCents(basePrice), thresholdPercent: 10 });
    expect(hold.newUnitCents).toBe(autoshipPriceCents(Math.round(basePrice * 1.15)));
    const held = (await mails(sub.email)).filter((m) => m.template === "autoship.priceHeld");
    expect(held).toHaveLength(1);
    expect(held[0].text).toContain(`from $${(hold.oldUnitCents / 100).toFixed(2)} to $${(hold.newUnitCents / 100).toFixed(2)}`);
    expect(linksIn(held[0].text)).toHaveLength(2);
  });

  it("renews at the new price from the mail's link, once; the link cannot be used again", async () => {
    const sub = await renewedThenRaised(15);
    await pass("2031-04-01T06:00:00Z");
    const [accept, skip] = linksIn((await mails(sub.email)).find((m) => m.template === "autoship.priceHeld")!.text);
    const now = new Date("2031-04-02T10:00:00Z");
    const done = await answerPriceLink(deps, accept, now);
    expect(done).toMatchObject({ ok: true, decision: "accept" });
    const placed = await ordersOf(sub.id);
    expect(placed).toHaveLength(2);
    expect(done.ok && done.orderNumber).toBe(placed[1].number);
    expect(await kit.reload(sub.id)).toMatchObject({ hold: null, nextOrderDate: "2031-04-29" });
    expect((await holdsOf(sub.id))[0].status).toBe("accepted");
    expect(await answerPriceLink(deps, accept, now)).toMatchObject({ ok: false, code: "USED" });
    expect(await answerPriceLink(deps, skip, now)).toMatchObject({ ok: false, code: "USED" });
    expect(await ordersOf(sub.id)).toHaveLength(2);
  });

  it("skips from the mail's skip link: no order, the next date moves on", async () => {
    const sub = await renewedThenRaised(20);
    await pass("2031-04-01T06:00:00Z");
    const [, skip] = linksIn((await mails(sub.email)).find((m) => m.template === "autoship.priceHeld")!.text);
    expect(await answerPriceLink(deps, skip, new Date("2031-04-01T12:00:00Z"))).toMatchObject({ ok: true, decision: "skip", nextOrderDate: "2031-04-29" });
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(await kit.reload(sub.id)).toMatchObject({ hold: null, nextOrderDate: "2031-04-29" });
  });

  it("skips the cycle when no answer came by the deadline, tells the customer, and the links are dead", async () => {
    const sub = await renewedThenRaised(15);
    await pass("2031-04-01T06:00:00Z");
    const [accept] = linksIn((await mails(sub.email)).find((m) => m.template === "autoship.priceHeld")!.text);
    // Still within the window on the third day after: held.
    await pass("2031-04-04T23:00:00Z");
    expect((await kit.reload(sub.id)).hold).toBe("price_rise");
    await pass("2031-04-05T00:01:00Z");
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(await kit.reload(sub.id)).toMatchObject({ hold: null, retryAt: null, nextOrderDate: "2031-04-29" });
    expect((await holdsOf(sub.id))[0].status).toBe("expired");
    const told = (await mails(sub.email)).filter((m) => m.template === "autoship.priceSkippedNoAnswer");
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain("Your next delivery is planned for Tuesday, April 29, 2031");
    expect(await answerPriceLink(deps, accept, new Date("2031-04-05T00:02:00Z"))).toMatchObject({ ok: false, code: "EXPIRED" });
    // The next cycle compares with the last order again (the skipped one had none): held again.
    await pass("2031-04-29T06:00:00Z");
    expect((await kit.reload(sub.id)).hold).toBe("price_rise");
  });

  it("refuses a link for another subscription, a tampered link and another customer's answer", async () => {
    const a = await renewedThenRaised(15);
    const b = await renewedThenRaised(15);
    await pass("2031-04-01T06:00:00Z");
    const [holdA] = await holdsOf(a.id);
    const now = new Date("2031-04-02T00:00:00Z");
    // Validly signed, but the hold is a's and the link names b.
    const crossed = await priceAnswerToken(SECRET, { holdId: holdA.id, subscriptionId: b.id, decision: "accept", expiresAt: holdA.expiresAt });
    expect(await answerPriceLink(deps, crossed, now)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const own = await priceAnswerToken(SECRET, { holdId: holdA.id, subscriptionId: a.id, decision: "accept", expiresAt: holdA.expiresAt });
    expect(await answerPriceLink(deps, withClaims(own, { decision: "skip" }), now)).toMatchObject({ ok: false, code: "INVALID" });
    expect(
      await answerPriceLink(
        deps,
        await priceAnswerToken("another-secret-0123456789abcdefghijkl", {
          holdId: holdA.id,
          subscriptionId: a.id,
          decision: "accept",
          expiresAt: holdA.expiresAt,
        }),
        now,
      ),
    ).toMatchObject({ ok: false, code: "INVALID" });
    expect(await answerPriceInAccount(deps, { customerId: b.customerId, subscriptionId: a.id, holdId: holdA.id, decision: "accept" }, now)).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    expect(await ordersOf(a.id)).toHaveLength(1);
    expect(await ordersOf(b.id)).toHaveLength(1);
    expect((await kit.reload(a.id)).hold).toBe("price_rise");
    // The owner answers in My Autoships.
    expect(await answerPriceInAccount(deps, { customerId: a.customerId, subscriptionId: a.id, holdId: holdA.id, decision: "accept" }, now)).toMatchObject({
      ok: true,
      decision: "accept",
    });
    expect(await ordersOf(a.id)).toHaveLength(2);
  });

  it("two accepts at once place one order; an accept racing a skip: exactly one wins", async () => {
    const sub = await renewedThenRaised(15);
    const other = await renewedThenRaised(15);
    await pass("2031-04-01T06:00:00Z");
    const now = new Date("2031-04-02T00:00:00Z");
    const [accept] = linksIn((await mails(sub.email)).find((m) => m.template === "autoship.priceHeld")!.text);
    const answers = await Promise.all([answerPriceLink(deps, accept, now), answerPriceLink(deps, accept, now), answerPriceLink(deps, accept, now)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.code)).toEqual(["USED", "USED"]);
    expect(await ordersOf(sub.id)).toHaveLength(2);

    const [acceptOther, skipOther] = linksIn((await mails(other.email)).find((m) => m.template === "autoship.priceHeld")!.text);
    const raced = await Promise.all([answerPriceLink(deps, acceptOther, now), answerPriceLink(deps, skipOther, now)]);
    expect(raced.filter((a) => a.ok)).toHaveLength(1);
    const orderCount = (await ordersOf(other.id)).length;
    expect(orderCount).toBe(raced[0].ok ? 2 : 1);
  });

  it("renews a rise within the threshold, and a customer's higher threshold lets 15% through", async () => {
    const small = await renewedThenRaised(5);
    await pass("2031-04-01T06:00:00Z");
    expect(await ordersOf(small.id)).toHaveLength(2);
    const relaxed = await renewedThenRaised(15, { priceGuardPercent: 20 });
    await pass("2031-04-01T06:00:00Z");
    expect(await ordersOf(relaxed.id)).toHaveLength(2);
    expect(await holdsOf(relaxed.id)).toHaveLength(0);
  });

  it("lists a rise within the threshold in the reminder", async () => {
    const sub = await renewedThenRaised(5);
    await pass("2031-03-29T08:00:00Z");
    const reminder = (await mails(sub.email)).filter((m) => m.template === "autoship.reminder").at(-1)!;
    expect(reminder.text).toMatch(/price went up from \$\d+\.\d\d to \$\d+\.\d\d \(\+\d+(\.\d)?%\)/);
  });
});
