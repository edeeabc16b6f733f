import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { autoshipPriceCents } from "../../rules/autoship/offer-and-frequency";
import { checkoutTotals } from "../../rules/checkout/totals";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { RENEWAL_LEASE_MS, renewalKey, renewSubscription } from "../workflows/renew-subscription";
import { runRenewalPass, startAutoshipScheduler, type RenewalPassDeps } from "./autoship-runner";
import { cancelEverySubscription, changeSubscriptions, renewalsOf, subscriptionEventsOf } from "../testing/autoship";
import { consentOf, recordConsents } from "../modules/autoship";
import { linesOf, renewalOrdersOf } from "../testing/orders";
import { chargesUnder } from "../testing/payments";
import { CARDS, renewalKit, type RenewalKit } from "../testing/renewals";
import { createLogger } from "../log";
import { Writable } from "node:stream";

// The renewal engine on one database (PGlite, or PostgreSQL under `npm run test:pg`), with the
// clock moved by hand through several cycles. Concurrency across processes: autoship-runner.pg.test.ts.

const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900", PUBLIC_URL: "https://shop.example", AUTOSHIP_REMINDER_DAYS: "3" });
let database: Database;
let kit: RenewalKit;
let deps: RenewalPassDeps;

const at = (iso: string) => new Date(iso);
const pass = (now: string, over: Partial<Parameters<typeof runRenewalPass>[1]> = {}) => runRenewalPass(deps, { now: at(now), ...over });

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
  deps = { db: database.db, services: kit.services, config };
}, 60_000);
afterAll(() => database.close());
// Every test starts with no live subscription: a pass works on the whole table.
afterEach(() => cancelEverySubscription(database.db));

const ordersOf = (subscriptionId: string) => renewalOrdersOf(database.db, subscriptionId);
const linesOfOrder = (orderId: string) => linesOf(database.db, orderId);
const change = (subscriptionId: string, values: Parameters<typeof changeSubscriptions>[2]) => changeSubscriptions(database.db, [subscriptionId], values);
async function mails(to: string) {
  return (await kit.services.mail.latest({ to, limit: 50 })).reverse();
}
async function events(subscriptionId: string) {
  return (await subscriptionEventsOf(database.db, [subscriptionId])).map((e) => e.kind);
}
/** What place-order must charge for `quantity` of a variant on autoship to ZIP 80011 (Colorado). */
function expectedTotal(priceCents: number, quantity: number) {
  const subtotalCents = autoshipPriceCents(priceCents) * quantity;
  return checkoutTotals({
    subtotalCents,
    discountCents: 0,
    method: "standard",
    state: "CO",
    freeShippingThresholdCents: 4900,
    freeShippingQualifyingCents: subtotalCents,
  });
}

describe("renewal pass: cycles, reminders and changes", () => {
  it("renews on its dates, once, at the autoship price with tax; reminds once per cycle; changes apply to the next renewal", async () => {
    await kit.setAvailable(kit.first.id, 50);
    await kit.setAvailable(kit.second.id, 50);
    const sub = await kit.subscription({ nextOrderDate: "2031-03-04", frequencyWeeks: 2, quantity: 2 });

    // Four days before: nothing yet. Three days before: the reminder, once.
    expect(await pass("2031-02-28T08:00:00Z")).toMatchObject({ reminders: 0, renewed: 0 });
    expect(await pass("2031-03-01T08:00:00Z")).toMatchObject({ reminders: 1, renewed: 0 });
    expect(await pass("2031-03-02T08:00:00Z")).toMatchObject({ reminders: 0, renewed: 0 });
    const reminder = (await mails(sub.email)).find((m) => m.template === "autoship.reminder")!;
    const first = expectedTotal(kit.first.priceCents, 2);
    expect(reminder.subject).toContain(sub.contractId);
    expect(reminder.text).toContain("Tuesday, March 4, 2031");
    expect(reminder.text).toContain(`Total: $${(first.totalCents / 100).toFixed(2)}`);
    expect(reminder.text).toContain(`https://shop.example/account/autoships#sub-${sub.id}`);
    expect(reminder.text).toContain(`https://shop.example/account/autoships?skip=${sub.id}#sub-${sub.id}`);
    expect(reminder.html).toContain(`href="https://shop.example/account/autoships?skip=${sub.id}#sub-${sub.id}"`);

    // The day before: not due. On the day: one order; again the same day: nothing more.
    expect(await pass("2031-03-03T23:59:00Z")).toMatchObject({ renewed: 0 });
    expect(await pass("2031-03-04T06:00:00Z")).toMatchObject({ renewed: 1 });
    expect(await pass("2031-03-04T18:00:00Z")).toMatchObject({ renewed: 0, reminders: 0 });
    let placed = await ordersOf(sub.id);
    expect(placed).toHaveLength(1);
    const order = placed[0];
    expect(order.idempotencyKey).toBe(renewalKey(sub.id, "2031-03-04"));
    expect(order.status).toBe("paid");
    expect(order.customerId).toBe(sub.customerId);
    expect({ subtotal: order.subtotalCents, tax: order.taxCents, total: order.totalCents }).toEqual({
      subtotal: first.subtotalCents,
      tax: first.taxCents,
      total: first.totalCents,
    });
    // Colorado's 7.80% on merchandise and shipping: the renewal is taxed, not only priced.
    expect(order.taxCents).toBe(Math.round(((first.subtotalCents + first.shippingCents + first.serviceChargeCents) * 780) / 10_000));
    expect(order.attributes).toEqual(
      expect.arrayContaining([
        { key: "sgOrderType", value: "subscriptionRenewal" },
        { key: "renewal_of_subscription", value: sub.id },
      ]),
    );
    const [line] = await linesOfOrder(order.id);
    expect(line).toMatchObject({
      variantId: kit.first.id,
      quantity: 2,
      sellingPlanId: "autoship-2w",
      unitPriceCents: autoshipPriceCents(kit.first.priceCents),
    });
    let row = await kit.reload(sub.id);
    expect(row).toMatchObject({ nextOrderDate: "2031-03-18", status: "active", hold: null, failedAttempts: 0, renewalClaimedUntil: null });
    const [renewal] = await renewalsOf(database.db, [sub.id]);
    expect(renewal).toMatchObject({ cycleDate: "2031-03-04", status: "placed", orderId: order.id, attempts: 1 });
    expect((await mails(sub.email)).filter((m) => m.subject.includes(order.number))).toHaveLength(1);

    // The customer changes quantity, frequency and flavour/size before the next cycle.
    expect(await pass("2031-03-15T08:00:00Z")).toMatchObject({ reminders: 1 });
    await change(sub.id, { quantity: 3, frequencyWeeks: 3, variantId: kit.second.id, productId: kit.second.productId });
    expect(await pass("2031-03-18T08:00:00Z")).toMatchObject({ renewed: 1 });
    placed = await ordersOf(sub.id);
    expect(placed).toHaveLength(2);
    const [changed] = await linesOfOrder(placed[1].id);
    expect(changed).toMatchObject({ variantId: kit.second.id, quantity: 3, sellingPlanId: "autoship-3w" });
    expect(placed[1].totalCents).toBe(expectedTotal(kit.second.priceCents, 3).totalCents);
    row = await kit.reload(sub.id);
    expect(row.nextOrderDate).toBe("2031-04-08");

    // Paused: no reminder, no renewal on its date; resumed: renews on the new date.
    await change(sub.id, { status: "paused" });
    expect(await pass("2031-04-06T08:00:00Z")).toMatchObject({ reminders: 0 });
    expect(await pass("2031-04-08T08:00:00Z")).toMatchObject({ renewed: 0 });
    await change(sub.id, { status: "active", nextOrderDate: "2031-04-15" });
    expect(await pass("2031-04-15T08:00:00Z")).toMatchObject({ renewed: 1 });
    expect(await ordersOf(sub.id)).toHaveLength(3);
    expect((await kit.reload(sub.id)).nextOrderDate).toBe("2031-05-06");
    expect((await mails(sub.email)).filter((m) => m.template === "autoship.reminder")).toHaveLength(2);
    expect(await events(sub.id)).toEqual(["reminder_sent", "renewed", "reminder_sent", "renewed", "renewed"]);
  });

  it("a shop that was down for weeks places one catch-up order and moves to the next date after today", async () => {
    await kit.setAvailable(kit.first.id, 50);
    const sub = await kit.subscription({ nextOrderDate: "2031-06-01", frequencyWeeks: 1 });
    expect(await pass("2031-06-20T08:00:00Z")).toMatchObject({ renewed: 1 });
    expect(await pass("2031-06-20T09:00:00Z")).toMatchObject({ renewed: 0 });
    expect((await kit.reload(sub.id)).nextOrderDate).toBe("2031-06-22");
    expect(await ordersOf(sub.id)).toHaveLength(1);
  });

  it("the reminder window follows AUTOSHIP_REMINDER_DAYS; 0 sends none", async () => {
    await kit.setAvailable(kit.first.id, 50);
    const sub = await kit.subscription({ nextOrderDate: "2031-07-10" });
    const five = { ...deps, config: { ...config, autoship: { ...config.autoship, reminderDays: 5 } } };
    const off = { ...deps, config: { ...config, autoship: { ...config.autoship, reminderDays: 0 } } };
    expect(await runRenewalPass(off, { now: at("2031-07-08T08:00:00Z") })).toMatchObject({ reminders: 0 });
    expect(await runRenewalPass(five, { now: at("2031-07-04T08:00:00Z") })).toMatchObject({ reminders: 0 });
    expect(await runRenewalPass(five, { now: at("2031-07-05T08:00:00Z") })).toMatchObject({ reminders: 1 });
    expect((await kit.reload(sub.id)).remindedFor).toBe("2031-07-10");
    expect(parseConfig({}).autoship).toEqual({ scheduler: true, intervalSeconds: 60, reminderDays: 3 });
    expect(parseConfig({ AUTOSHIP_SCHEDULER: "off", AUTOSHIP_INTERVAL_SECONDS: "5", AUTOSHIP_REMINDER_DAYS: "0" }).autoship).toEqual({
      scheduler: false,
      intervalSeconds: 5,
      reminderDays: 0,
    });
    expect(() => parseConfig({ AUTOSHIP_REMINDER_DAYS: "-1" })).toThrow("AUTOSHIP_REMINDER_DAYS");
  });
});

describe("yearly reminder of the terms", () => {
  it("mails the terms a year after the consent, once, then a year later again; waits while paused", async () => {
    await kit.setAvailable(kit.first.id, 50);
    const sub = await kit.subscription({ nextOrderDate: "2032-09-01" });
    const paused = await kit.subscription({ nextOrderDate: "2032-09-01", status: "paused" });
    // Accepted at a checkout a year before (the terms as then worded).
    const accepted = { termsVersion: "test", frequencyWeeks: 4, acceptedAt: at("2031-05-02T10:00:00Z"), email: sub.email };
    await recordConsents(database.db, [
      { ...accepted, subscriptionId: sub.id, termsText: "I agree to the Autoship terms." },
      { ...accepted, subscriptionId: paused.id, termsText: "The terms." },
    ]);

    expect(await pass("2032-05-02T09:00:00Z")).toMatchObject({ termsReminders: 0 });
    expect(await pass("2032-05-02T11:00:00Z")).toMatchObject({ termsReminders: 1 });
    expect(await pass("2032-05-03T11:00:00Z")).toMatchObject({ termsReminders: 0 });
    const [mail] = (await mails(sub.email)).filter((m) => m.template === "autoship.termsReminder");
    expect(mail.subject).toContain(sub.contractId);
    expect(mail.text).toContain('"I agree to the Autoship terms."');
    expect(mail.text).toContain("May 2, 2031");
    expect(mail.text).toContain("cancel at any time, online");
    expect(mail.text).toContain(`https://shop.example/account/autoships#sub-${sub.id}`);
    expect(await consentOf(database.db, sub.id)).toMatchObject({ lastRemindedAt: at("2032-05-02T11:00:00Z"), nextReminderAt: at("2033-05-02T11:00:00Z") });
    expect(await events(sub.id)).toEqual(["terms_reminded"]);
    expect((await consentOf(database.db, paused.id))?.lastRemindedAt).toBeNull();
    expect(await pass("2033-05-02T12:00:00Z")).toMatchObject({ termsReminders: 1 });
  });
});

describe("out of stock", () => {
  it("holds the renewal and tells the customer once, retries daily, and renews as soon as stock returns", async () => {
    await kit.setAvailable(kit.first.id, 0);
    const sub = await kit.subscription({ nextOrderDate: "2031-08-04", quantity: 2 });
    const before = await kit.stock(kit.first.id);

    expect(await pass("2031-08-04T08:00:00Z")).toMatchObject({ heldOutOfStock: 1, renewed: 0 });
    let row = await kit.reload(sub.id);
    expect(row).toMatchObject({ hold: "out_of_stock", nextOrderDate: "2031-08-04", retryAt: at("2031-08-05T08:00:00Z") });
    // Not again before the retry time while the item is still out.
    expect(await pass("2031-08-04T20:00:00Z")).toMatchObject({ heldOutOfStock: 0 });
    expect(await pass("2031-08-05T08:00:00Z")).toMatchObject({ heldOutOfStock: 1 });
    const held = (await mails(sub.email)).filter((m) => m.template === "autoship.heldOutOfStock");
    expect(held).toHaveLength(1);
    expect(held[0].text).toContain("Monday, August 11, 2031");
    expect((await kit.stock(kit.first.id)).reserved).toBe(before.reserved);
    expect(await ordersOf(sub.id)).toHaveLength(0);

    // One left is not enough for two; two are: the very next pass renews, before the daily retry.
    await kit.setAvailable(kit.first.id, 1);
    expect(await pass("2031-08-05T10:00:00Z")).toMatchObject({ heldOutOfStock: 0, renewed: 0 });
    await kit.setAvailable(kit.first.id, 2);
    expect(await pass("2031-08-05T10:01:00Z")).toMatchObject({ renewed: 1 });
    row = await kit.reload(sub.id);
    expect(row).toMatchObject({ hold: null, retryAt: null, nextOrderDate: "2031-09-01" });
    const [renewal] = await renewalsOf(database.db, [sub.id]);
    expect(renewal).toMatchObject({ status: "placed", attempts: 3 });
    expect(await events(sub.id)).toEqual(["held_out_of_stock", "renewed"]);
  });

  it("still out of stock 7 days after the date: the cycle is skipped, the customer told, the next date kept", async () => {
    await kit.setAvailable(kit.second.id, 0);
    const sub = await kit.subscription({ nextOrderDate: "2031-10-01", variantId: kit.second.id });
    await pass("2031-10-01T08:00:00Z");
    for (const day of ["02", "03", "04", "05", "06", "07"]) expect(await pass(`2031-10-${day}T08:00:00Z`)).toMatchObject({ heldOutOfStock: 1 });
    expect(await pass("2031-10-08T08:00:00Z")).toMatchObject({ skippedOutOfStock: 1 });
    expect(await kit.reload(sub.id)).toMatchObject({ nextOrderDate: "2031-10-29", hold: null, retryAt: null, status: "active" });
    const sent = await mails(sub.email);
    expect(sent.map((m) => m.template)).toEqual(["autoship.heldOutOfStock", "autoship.skippedOutOfStock"]);
    expect(sent[1].text).toContain("Wednesday, October 29, 2031");
    expect(await ordersOf(sub.id)).toHaveLength(0);
  });
});

describe("payment declined", () => {
  it("retries 1 and 3 days later, mailing each time, then pauses the subscription and says so", async () => {
    await kit.setAvailable(kit.first.id, 10);
    const before = await kit.stock(kit.first.id);
    const sub = await kit.subscription({ nextOrderDate: "2031-11-03", cardNumber: CARDS.declined });

    expect(await pass("2031-11-03T08:00:00Z")).toMatchObject({ paymentFailed: 1 });
    expect(await kit.reload(sub.id)).toMatchObject({ hold: "payment_failed", failedAttempts: 1, retryAt: at("2031-11-04T08:00:00Z") });
    expect(await pass("2031-11-03T20:00:00Z")).toMatchObject({ paymentFailed: 0 });
    expect(await pass("2031-11-04T08:00:00Z")).toMatchObject({ paymentFailed: 1 });
    expect(await kit.reload(sub.id)).toMatchObject({ failedAttempts: 2, retryAt: at("2031-11-07T08:00:00Z") });
    expect(await pass("2031-11-06T08:00:00Z")).toMatchObject({ paymentFailed: 0, paused: 0 });
    expect(await pass("2031-11-07T08:00:00Z")).toMatchObject({ paused: 1 });
    expect(await kit.reload(sub.id)).toMatchObject({ status: "paused", hold: "payment_failed", failedAttempts: 3, retryAt: null });
    expect(await pass("2031-11-20T08:00:00Z")).toMatchObject({ paused: 0, paymentFailed: 0 });

    const sent = await mails(sub.email);
    expect(sent.map((m) => m.template)).toEqual(["autoship.paymentFailed", "autoship.paymentFailed", "autoship.pausedPaymentFailed"]);
    expect(sent[0].text).toContain("Tuesday, November 4, 2031");
    expect(sent[0].text).toContain("Your card was declined.");
    expect(sent[1].text).toContain("Friday, November 7, 2031");
    expect(sent[2].subject).toContain("paused");
    // No order: each declined attempt is kept as a declined order, its stock released.
    expect((await ordersOf(sub.id)).map((o) => o.status)).toEqual(["declined", "declined", "declined"]);
    expect((await kit.stock(kit.first.id)).reserved).toBe(before.reserved);
    const charges = await chargesUnder(database.db, [`order:${renewalKey(sub.id, "2031-11-03")}`]);
    expect(charges.map((c) => c.status)).toEqual(["failed"]);
    const [renewal] = await renewalsOf(database.db, [sub.id]);
    expect(renewal).toMatchObject({ status: "payment_failed", attempts: 3 });
    expect(await events(sub.id)).toEqual(["payment_failed", "payment_failed", "payment_failed", "paused"]);
  });

  it("a card updated after a decline is charged on the retry; the hold clears", async () => {
    await kit.setAvailable(kit.first.id, 10);
    const sub = await kit.subscription({ nextOrderDate: "2031-12-01", cardNumber: CARDS.insufficient });
    expect(await pass("2031-12-01T08:00:00Z")).toMatchObject({ paymentFailed: 1 });
    expect((await mails(sub.email))[0].text).toContain("insufficient funds");
    const good = await kit.card(sub.customerId);
    await change(sub.id, { paymentMethodId: good });
    expect(await pass("2031-12-02T08:00:00Z")).toMatchObject({ renewed: 1 });
    expect(await kit.reload(sub.id)).toMatchObject({ hold: null, failedAttempts: 0, retryAt: null, nextOrderDate: "2031-12-29" });
    const charges = await chargesUnder(database.db, [`order:${renewalKey(sub.id, "2031-12-01")}`]);
    expect(charges.map((c) => c.status)).toEqual(["captured"]);
  });
});

describe("ship now", () => {
  it("places the order today, restarts the rhythm from today, and absorbs double clicks", async () => {
    await kit.setAvailable(kit.first.id, 10);
    const sub = await kit.subscription({ nextOrderDate: "2032-01-20", frequencyWeeks: 4 });
    const now = at("2032-01-05T15:00:00Z");
    const clicks = await Promise.all([
      renewSubscription(deps, sub.id, { now, trigger: "ship_now" }),
      renewSubscription(deps, sub.id, { now, trigger: "ship_now" }),
    ]);
    expect(clicks.filter((c) => c.ok)).toHaveLength(1);
    expect(clicks.find((c) => !c.ok)).toMatchObject({ ok: false, code: expect.stringMatching(/^(IN_PROGRESS|ALREADY_PLACED_TODAY)$/) });
    const later = await renewSubscription(deps, sub.id, { now: at("2032-01-05T22:00:00Z"), trigger: "ship_now" });
    expect(later).toMatchObject({ ok: false, code: "ALREADY_PLACED_TODAY" });
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(await kit.reload(sub.id)).toMatchObject({ nextOrderDate: "2032-02-02" });
    // The scheduled date that ship now replaced does not renew; the new one does.
    expect(await pass("2032-01-20T08:00:00Z")).toMatchObject({ renewed: 0 });
    expect(await pass("2032-02-02T08:00:00Z")).toMatchObject({ renewed: 1 });
    // The next day ship now works again.
    expect(await renewSubscription(deps, sub.id, { now: at("2032-02-03T08:00:00Z"), trigger: "ship_now" })).toMatchObject({ ok: true });
    expect(await ordersOf(sub.id)).toHaveLength(3);
    expect((await kit.reload(sub.id)).nextOrderDate).toBe("2032-03-02");
  });

  it("a declined ship now is reported and leaves the schedule as it was; paused or cancelled refuse", async () => {
    await kit.setAvailable(kit.first.id, 10);
    const sub = await kit.subscription({ nextOrderDate: "2032-03-20", cardNumber: CARDS.declined });
    const r = await renewSubscription(deps, sub.id, { now: at("2032-03-05T08:00:00Z"), trigger: "ship_now" });
    expect(r).toMatchObject({ ok: false, code: "PAYMENT_DECLINED", next: { action: "none" } });
    expect(await kit.reload(sub.id)).toMatchObject({ nextOrderDate: "2032-03-20", failedAttempts: 0, hold: null, renewalClaimedUntil: null });
    await change(sub.id, { status: "paused" });
    expect(await renewSubscription(deps, sub.id, { now: at("2032-03-05T08:00:00Z"), trigger: "ship_now" })).toMatchObject({ ok: false, code: "NOT_ACTIVE" });
    expect(await renewSubscription(deps, "00000000-0000-4000-8000-000000000000", { now: at("2032-03-05T08:00:00Z"), trigger: "ship_now" })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
  });
});

describe("crash between placing the order and advancing the date", () => {
  it("leaves the paid order and a lapsing lease; the next pass records that same order and advances, once", async () => {
    await kit.setAvailable(kit.first.id, 10);
    const subs = [await kit.subscription({ nextOrderDate: "2032-05-03" }), await kit.subscription({ nextOrderDate: "2032-05-03" })];
    let crashes = 0;
    const crashing = {
      ...deps,
      afterOrderPaid: () => {
        crashes++;
        throw new Error("simulated crash");
      },
    };
    const now = "2032-05-03T08:00:00Z";
    expect(await runRenewalPass(crashing, { now: at(now), batchSize: 1, limit: 1 })).toMatchObject({ errors: 1, renewed: 0 });
    expect(crashes).toBe(1);
    const crashed = (await Promise.all(subs.map(async (s) => ({ s, orders: await ordersOf(s.id) })))).find((x) => x.orders.length === 1)!;
    expect(crashed.orders[0].status).toBe("paid");
    expect(await kit.reload(crashed.s.id)).toMatchObject({ nextOrderDate: "2032-05-03", renewalClaimedUntil: new Date(at(now).getTime() + RENEWAL_LEASE_MS) });
    expect(await renewalsOf(database.db, [crashed.s.id])).toHaveLength(0);

    // While the lease runs, the other subscription renews and the crashed one is left alone.
    expect(await pass("2032-05-03T08:01:00Z")).toMatchObject({ renewed: 1, errors: 0 });
    expect(await kit.reload(crashed.s.id)).toMatchObject({ nextOrderDate: "2032-05-03" });
    // Once it lapses, the next pass finds the order by its key, records it and advances.
    expect(await pass(new Date(at(now).getTime() + RENEWAL_LEASE_MS + 60_000).toISOString())).toMatchObject({ renewed: 1, errors: 0 });
    const after = await ordersOf(crashed.s.id);
    expect(after.map((o) => o.id)).toEqual([crashed.orders[0].id]);
    expect(await kit.reload(crashed.s.id)).toMatchObject({ nextOrderDate: "2032-05-31", renewalClaimedUntil: null });
    const [renewal] = await renewalsOf(database.db, [crashed.s.id]);
    expect(renewal).toMatchObject({ status: "placed", orderId: crashed.orders[0].id });
    const charges = await chargesUnder(database.db, [`order:${renewalKey(crashed.s.id, "2032-05-03")}`]);
    expect(charges.filter((c) => c.status === "captured")).toHaveLength(1);
    expect(await events(crashed.s.id)).toEqual(["renewed"]);
  });
});

describe("exactly once", () => {
  it("two runs of one cycle whose leases overlap (a lease that lapsed mid-run) place one order and advance once", async () => {
    await kit.setAvailable(kit.first.id, 10);
    const sub = await kit.subscription({ nextOrderDate: "2032-06-01" });
    const t = at("2032-06-01T08:00:00Z");
    const lapsed = new Date(t.getTime() + RENEWAL_LEASE_MS + 1_000);
    // The second run starts once the first has paid, with the first's lease lapsed: it takes the
    // lease and runs whole before the first records the cycle. (Started together, the two lease
    // updates may reach PostgreSQL in either order, and then the later run is simply refused.)
    let second: Promise<Awaited<ReturnType<typeof renewSubscription>>> | undefined;
    const overlapping = {
      ...deps,
      afterOrderPaid: () => (second ??= renewSubscription(deps, sub.id, { now: lapsed, trigger: "schedule" })).then(() => undefined),
    };
    const first = await renewSubscription(overlapping, sub.id, { now: t, trigger: "schedule" });
    const runs = [first, await second!];
    expect(runs.every((r) => r.ok)).toBe(true);
    expect(runs.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect((await kit.reload(sub.id)).nextOrderDate).toBe("2032-06-29");
    expect(await events(sub.id)).toEqual(["renewed"]);
    // The date set back to a cycle already placed: no second order, the date moves on.
    await change(sub.id, { nextOrderDate: "2032-06-01" });
    expect(await renewSubscription(deps, sub.id, { now: t, trigger: "schedule" })).toMatchObject({ ok: true, replayed: true, nextOrderDate: "2032-06-29" });
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(await events(sub.id)).toEqual(["renewed"]);
  });
});

describe("scheduler", () => {
  it("runs passes on its interval without overlapping, logs a failing pass and goes on, and stops", async () => {
    const lines: string[] = [];
    const log = createLogger("debug", new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    let calls = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    // A database that fails on the second pass: the scheduler logs it and carries on.
    const flaky: RenewalPassDeps = {
      ...deps,
      db: new Proxy(deps.db, {
        get(target, prop, receiver) {
          if (prop === "transaction")
            return async (...args: unknown[]) => {
              calls++;
              inFlight++;
              maxInFlight = Math.max(maxInFlight, inFlight);
              try {
                await new Promise((r) => setTimeout(r, 30));
                if (calls === 2) throw new Error("database unavailable");
                return await (target.transaction as (...a: unknown[]) => Promise<unknown>).apply(target, args);
              } finally {
                inFlight--;
              }
            };
          return Reflect.get(target, prop, receiver) as unknown;
        },
      }),
    };
    const scheduler = startAutoshipScheduler({ ...flaky, log }, { intervalMs: 10, firstRunAfterMs: 0, clock: () => at("2040-01-01T00:00:00Z") });
    await new Promise((r) => setTimeout(r, 400));
    await scheduler.stop();
    const passes = calls;
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(passes);
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(maxInFlight).toBe(1);
    expect(lines.some((l) => l.includes("autoship renewal pass failed") && l.includes("database unavailable"))).toBe(true);
    expect(lines.filter((l) => l.includes('"msg":"autoship renewal pass"')).length).toBeGreaterThanOrEqual(2);
  });
});
