import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "../../rules/shared/calendar-days";
import { OPERATOR_COOKIE } from "../../rules/console/operator-roles";
import { action as detailAction } from "../../app/routes/admin.subscriptions.$id";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { renewalKit, CARDS, type RenewalKit } from "../testing/renewals";
import { AUTOSHIP_CHANGE_TEMPLATE } from "../modules/autoship";
import type { Services } from "../wiring";
import { subscriptionEventsOf, type StoredSubscription, type SubscriptionValues } from "../testing/autoship";
import { setVariantPrice } from "../testing/catalog";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { renewalOrdersOf } from "../testing/orders";
import { renewSubscription } from "./renew-subscription";

// The console's Subscriptions section: every write against every role; each action on the
// customer's behalf does what the customer's own command does (same state, same mail) and records
// the operator and reason; a reason is required; a retry goes through the renewal workflow and
// places one order however many retries race; the list's search, filters, sort and paging.

const config = parseConfig({});
let database: Database;
let kit: RenewalKit;
let services: Services;
const MISSING = "00000000-0000-4000-8000-00000000beef";
const today = dayOf(new Date());
const later = addDays(today, 10);

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
  services = kit.services;
}, 60_000);
afterAll(() => database.close());

const tag = () => Math.random().toString(36).slice(2, 10);
const reason = { reason: "customer_request", note: "Called the shop" };

const events = (subscriptionId: string) => subscriptionEventsOf(database.db, [subscriptionId]);
async function changeMails(to: string) {
  return (await services.mail.latest({ to, limit: 50 })).filter((m) => m.template === AUTOSHIP_CHANGE_TEMPLATE);
}
const stateOf = (s: StoredSubscription) => ({
  status: s.status,
  hold: s.hold,
  nextOrderDate: s.nextOrderDate,
  cancelReason: s.cancelReason,
  retryAt: s.retryAt,
});

describe("the role × action matrix over the Subscriptions writes", () => {
  const writes: ConsoleWrite[] = [
    {
      name: "subscription.pause",
      permission: "subscriptions.manage",
      run: (op) => services.consoleSubscriptions.act(op, MISSING, { intent: "pause", ...reason }),
    },
    {
      name: "subscription.resume",
      permission: "subscriptions.manage",
      run: (op) => services.consoleSubscriptions.act(op, MISSING, { intent: "resume", ...reason }),
    },
    {
      name: "subscription.skip",
      permission: "subscriptions.manage",
      run: (op) => services.consoleSubscriptions.act(op, MISSING, { intent: "skip", ...reason }),
    },
    {
      name: "subscription.cancel",
      permission: "subscriptions.manage",
      run: (op) => services.consoleSubscriptions.act(op, MISSING, { intent: "cancel", ...reason, cancelReason: "too_much_food", confirm: "yes" }),
    },
    {
      name: "subscription.retry_renewal",
      permission: "subscriptions.manage",
      run: (op) => services.consoleSubscriptions.act(op, MISSING, { intent: "retry", ...reason }),
    },
    {
      name: "subscription.renew_now",
      permission: "subscriptions.manage",
      run: (op) => services.consoleSubscriptions.act(op, MISSING, { intent: "renew_now", ...reason }),
    },
  ];
  roleMatrix(() => services, writes);
});

describe("actions on the customer's behalf", () => {
  /** Two identical subscriptions: one changed by its customer, one by an operator. */
  async function twins(over: Partial<SubscriptionValues> = {}) {
    const mine = await kit.subscription({ nextOrderDate: later, ...over });
    const theirs = await kit.subscription({ nextOrderDate: later, ...over });
    return { mine, theirs };
  }

  it.each([
    ["pause", {}, { intent: "pause" }, "active", "paused"],
    ["skip", {}, { intent: "skip" }, "active", "active"],
    ["resume", { status: "paused" as const }, { intent: "resume" }, "paused", "active"],
    ["cancel", {}, { intent: "cancel", reason: "pet_passed_away" }, "active", "cancelled"],
  ] as const)(
    "%s: the same state as the customer's own command, the same mail, the operator and reason in the history and the audit log",
    async (intent, over, customerInput, fromStatus, toStatus) => {
      const op = await operatorOf(services, "support");
      const { mine, theirs } = await twins(over);
      const own = await services.autoship.act({ customerId: mine.customerId }, mine.id, customerInput);
      expect(own.ok).toBe(true);
      const extra = intent === "cancel" ? { cancelReason: "pet_passed_away", confirm: "yes" } : {};
      const done = await services.consoleSubscriptions.act(op, theirs.id, { intent, ...reason, ...extra });
      expect(done).toMatchObject({ ok: true });

      const [a, b] = [await kit.reload(mine.id), await kit.reload(theirs.id)];
      expect(stateOf(b)).toEqual(stateOf(a));
      expect(b.status).toBe(toStatus);
      if (intent === "skip") expect(b.nextOrderDate).toBe(addDays(later, 28));

      // The customer is mailed as when they do it themselves.
      const [ownMail] = await changeMails(mine.email);
      const [theirMail] = await changeMails(theirs.email);
      const sameBut = (text: string | undefined, contract: string) => text?.replaceAll(contract, "AS-…");
      expect(theirMail).toBeTruthy();
      expect(sameBut(theirMail?.subject, theirs.contractId)).toBe(sameBut(ownMail?.subject, mine.contractId));

      // The history: the customer's event kind, by the operator, with the reason and note.
      const [ownEvent] = (await events(mine.id)).slice(-1);
      const [event] = (await events(theirs.id)).slice(-1);
      expect(event).toMatchObject({
        kind: ownEvent.kind,
        actor: "operator",
        detail: { operator: { id: op.id, email: op.email, reason: "customer_request", note: "Called the shop" } },
      });
      expect(ownEvent.actor).toBe("customer");
      // The customer's own view says what changed, not who at the shop did it.
      const view = await services.autoship.get(theirs.customerId, theirs.id);
      expect(view!.history[0]).toMatchObject({ kind: ownEvent.kind });
      expect(view!.history[0].detail).not.toHaveProperty("operator");

      // The audit log: before and after, with the reason.
      const [entry] = await services.operators.auditEntries({ operatorEmail: op.email, limit: 5 });
      expect(entry).toMatchObject({
        action: `subscription.${intent}`,
        targetType: "subscription",
        targetId: theirs.id,
        outcome: "ok",
        before: { status: fromStatus, nextOrderDate: later },
        after: { status: b.status, nextOrderDate: b.nextOrderDate, reason: "customer_request", note: "Called the shop" },
      });
    },
  );

  it("a move the lifecycle refuses is refused as for the customer (and audited as failed)", async () => {
    const op = await operatorOf(services, "manager");
    const s = await kit.subscription({ nextOrderDate: later, status: "cancelled" });
    const r = await services.consoleSubscriptions.act(op, s.id, { intent: "pause", ...reason });
    expect(r).toMatchObject({ ok: false, code: "NOT_ALLOWED", field: "intent" });
    expect((await kit.reload(s.id)).status).toBe("cancelled");
    expect(await changeMails(s.email)).toEqual([]);
    const [entry] = await services.operators.auditEntries({ operatorEmail: op.email, limit: 1 });
    expect(entry).toMatchObject({ action: "subscription.pause", outcome: "failed", after: { error: "NOT_ALLOWED" } });
  });

  it("a reason is required: nothing changes, no mail; the page answers 400 naming `reason`", async () => {
    const op = await operatorOf(services, "support");
    const s = await kit.subscription({ nextOrderDate: later });
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "pause" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { reason: expect.any(String) },
    });
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "pause", reason: "made_up" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { reason: expect.any(String) },
    });
    // "Other" says why.
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "pause", reason: "other", note: " " })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { note: expect.any(String) },
    });
    // Cancelling needs the confirmation tick.
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "cancel", ...reason, cancelReason: "too_expensive" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { confirm: expect.any(String) },
    });
    expect((await kit.reload(s.id)).status).toBe("active");
    expect(await changeMails(s.email)).toEqual([]);

    // Through the page's action, signed in as an operator.
    const link = await services.operators.issueSetupLink({ email: `page-${tag()}@console.test`, role: "support", createdBy: "test" });
    const setup = await services.operators.completeSetup(link.token, { name: "Page", password: "correct horse battery" });
    if (!setup.ok) throw new Error(setup.message);
    const form = new FormData();
    form.set("intent", "pause");
    const request = new Request(`http://localhost:3000/admin/subscriptions/${s.id}`, {
      method: "POST",
      body: form,
      headers: { cookie: `${OPERATOR_COOKIE}=${setup.sessionToken}` },
    });
    const answer = (await detailAction({ request, context: { services }, params: { id: s.id } } as never)) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(answer.init.status).toBe(400);
    expect(Object.keys(answer.data.errors)).toEqual(["reason"]);
    expect((await kit.reload(s.id)).status).toBe("active");
  });
});

describe("retry renewal now", () => {
  it("only a held or failed due renewal can be retried", async () => {
    const op = await operatorOf(services, "support");
    const s = await kit.subscription({ nextOrderDate: later });
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "retry", ...reason })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(await renewalOrdersOf(database.db, s.id)).toEqual([]);
  });

  it("goes through the renewal workflow: a held renewal whose stock is back places one order, however many retries race", async () => {
    const op = await operatorOf(services, "support");
    const s = await kit.subscription({ nextOrderDate: today, variantId: kit.second.id });
    const stock = await kit.stock(kit.second.id);
    await kit.setAvailable(kit.second.id, 0);
    const held = await renewSubscription({ db: database.db, services, config }, s.id, { now: new Date(), trigger: "schedule" });
    expect(held).toMatchObject({ ok: false, code: "OUT_OF_STOCK" });
    expect((await kit.reload(s.id)).hold).toBe("out_of_stock");

    // Shown in the "Renewal failures" view, with its reason and next retry.
    const failures = await services.autoship.consoleList({
      q: s.email,
      status: null,
      hold: null,
      failures: true,
      site: null,
      from: null,
      to: null,
      sort: "next",
      dir: "asc",
      page: 1,
      pageSize: 10,
    });
    expect(failures.rows).toHaveLength(1);
    expect(failures.rows[0]).toMatchObject({ id: s.id, hold: "out_of_stock", failure: { kind: "held_out_of_stock" }, retryAt: expect.any(String) });

    await kit.setAvailable(kit.second.id, (stock?.onHand ?? 0) - (stock?.reserved ?? 0) || 20);
    const [one, two] = await Promise.all([
      services.consoleSubscriptions.act(op, s.id, { intent: "retry", ...reason }),
      services.consoleSubscriptions.act(op, s.id, { intent: "retry", ...reason }),
    ]);
    expect([one.ok, two.ok].filter(Boolean)).toHaveLength(1);
    const placed = await renewalOrdersOf(database.db, s.id);
    expect(placed).toHaveLength(1);
    const after = await kit.reload(s.id);
    expect(after).toMatchObject({ hold: null, retryAt: null, nextOrderDate: addDays(today, 28) });

    // A third retry after the order: nothing is due any more.
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "retry", ...reason })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(await renewalOrdersOf(database.db, s.id)).toHaveLength(1);

    // The history: the renewal, and the operator's retries with their reason.
    const history = await events(s.id);
    expect(history.filter((e) => e.kind === "renewed")).toHaveLength(1);
    expect(history.filter((e) => e.kind === "renewal_retried").map((e) => e.actor)).toEqual(["operator", "operator"]);
    const audit = await services.operators.auditEntries({ operatorEmail: op.email, limit: 10 });
    expect(audit.filter((e) => e.action === "subscription.retry_renewal" && e.outcome === "ok")).toHaveLength(1);
    expect(audit.find((e) => e.outcome === "ok")).toMatchObject({
      before: { hold: "out_of_stock" },
      after: { hold: null, outcome: "RENEWED", orderNumber: placed[0].number },
    });
  });

  it("a declined card is retried through the workflow: the decline is recorded as the schedule would", async () => {
    const op = await operatorOf(services, "support");
    const s = await kit.subscription({ nextOrderDate: today, cardNumber: CARDS.declined });
    await renewSubscription({ db: database.db, services, config }, s.id, { now: new Date(), trigger: "schedule" });
    expect(await kit.reload(s.id)).toMatchObject({ hold: "payment_failed", failedAttempts: 1 });
    const r = await services.consoleSubscriptions.act(op, s.id, { intent: "retry", ...reason });
    expect(r).toMatchObject({ ok: false, code: "RETRY_FAILED" });
    expect(await kit.reload(s.id)).toMatchObject({ hold: "payment_failed", failedAttempts: 2 });
  });
});

describe("renew now (as scheduled)", () => {
  const SECRET = "console-renew-now-secret-0123456789abcdef";
  const setPrice = (id: number, cents: number) => setVariantPrice(database.db, id, cents);

  it("places the next renewal today through the renewal workflow, once: the date change and the start are the operator's in the history", async () => {
    const op = await operatorOf(services, "support");
    const s = await kit.subscription({ nextOrderDate: later });
    const r = await services.consoleSubscriptions.act(op, s.id, { intent: "renew_now", ...reason });
    expect(r).toMatchObject({ ok: true, message: expect.stringMatching(/^Order KC-\d+ was placed\.$/) });
    const placed = await renewalOrdersOf(database.db, s.id);
    expect(placed.map((o) => o.idempotencyKey)).toEqual([`renewal:${s.id}:${today}`]);
    expect(await kit.reload(s.id)).toMatchObject({ nextOrderDate: addDays(today, 28), hold: null });

    // Its next order is ahead again, but today's cycle ran: no second order today.
    expect(await services.consoleSubscriptions.act(op, s.id, { intent: "renew_now", ...reason })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(await renewalOrdersOf(database.db, s.id)).toHaveLength(1);
    expect(await kit.reload(s.id)).toMatchObject({ nextOrderDate: addDays(today, 28) });

    const history = await events(s.id);
    expect(history.find((e) => e.kind === "date_changed")).toMatchObject({
      actor: "operator",
      detail: { from: later, to: today, operator: { email: op.email, reason: "customer_request" } },
    });
    expect(history.find((e) => e.kind === "renewal_started")).toMatchObject({ actor: "operator", detail: { outcome: "RENEWED" } });
    const audit = await services.operators.auditEntries({ operatorEmail: op.email, limit: 10 });
    expect(audit.find((e) => e.action === "subscription.renew_now" && e.outcome === "ok")).toMatchObject({
      before: { nextOrderDate: later },
      after: { outcome: "RENEWED" },
    });
  });

  it("two operators' renew now at once place one order: the date moves under the row lock, the renewal under its lease and key", async () => {
    const [a, b] = [await operatorOf(services, "support"), await operatorOf(services, "manager")];
    const s = await kit.subscription({ nextOrderDate: later });
    const results = await Promise.all([a, b].map((op) => services.consoleSubscriptions.act(op, s.id, { intent: "renew_now", ...reason })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await renewalOrdersOf(database.db, s.id)).toHaveLength(1);
    expect((await events(s.id)).filter((e) => e.kind === "date_changed")).toHaveLength(1);
    expect(await kit.reload(s.id)).toMatchObject({ nextOrderDate: addDays(today, 28) });
  });

  it("is refused for a due, held or paused subscription (those are retried or resumed)", async () => {
    const op = await operatorOf(services, "support");
    const due = await kit.subscription({ nextOrderDate: today });
    const held = await kit.subscription({ nextOrderDate: later, hold: "out_of_stock", retryAt: new Date(Date.now() + 86_400_000) });
    const paused = await kit.subscription({ nextOrderDate: later, status: "paused" });
    for (const s of [due, held, paused]) {
      expect(await services.consoleSubscriptions.act(op, s.id, { intent: "renew_now", ...reason })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
      expect(await kit.reload(s.id)).toMatchObject({ nextOrderDate: s.nextOrderDate });
    }
    expect(await services.consoleSubscriptions.act(op, later, { intent: "renew_now" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { reason: "Choose a reason" },
    });
  });

  it("a price risen beyond the customer's guard holds it, as on its scheduled day, and the mail carries the signed answer links", async () => {
    const op = await operatorOf(services, "support");
    const base = kit.first.priceCents;
    // Renewed once at the base price (the guard compares with that order), then the price rises 15%.
    const s = await kit.subscription({ nextOrderDate: addDays(today, -28) });
    expect(await renewSubscription({ db: database.db, services, config }, s.id, { now: new Date(), trigger: "schedule" })).toMatchObject({ ok: true });
    await setPrice(kit.first.id, Math.round(base * 1.15));
    try {
      const r = await services.consoleSubscriptions.act(op, s.id, { intent: "renew_now", ...reason }, undefined, SECRET);
      expect(r).toMatchObject({ ok: true, message: expect.stringContaining("The renewal is held.") });
      expect(await kit.reload(s.id)).toMatchObject({ hold: "price_rise", nextOrderDate: today });
      expect(await renewalOrdersOf(database.db, s.id, today)).toEqual([]);
      const mail = (await services.mail.latest({ to: s.email, limit: 20 })).find((m) => m.template === "autoship.priceHeld")!;
      expect([...mail.text.matchAll(/\/autoship\/price-answer\/\S+/g)]).toHaveLength(2);
    } finally {
      await setPrice(kit.first.id, base);
    }
  });
});

describe("the list", () => {
  it("searches, filters, sorts and pages on the server", async () => {
    const t = tag();
    const a = await kit.subscription({ nextOrderDate: addDays(today, 3), email: `a-${t}@example.test` });
    const b = await kit.subscription({ nextOrderDate: addDays(today, 5), email: `b-${t}@example.test`, status: "paused" });
    const c = await kit.subscription({ nextOrderDate: addDays(today, 7), email: `c-${t}@example.test`, variantId: kit.second.id });
    const base = {
      q: t,
      status: null,
      hold: null,
      failures: false,
      site: null,
      from: null,
      to: null,
      sort: "next",
      dir: "asc",
      page: 1,
      pageSize: 10,
    } as const;
    const ids = async (over: Partial<Parameters<Services["autoship"]["consoleList"]>[0]>) =>
      (await services.autoship.consoleList({ ...base, ...over })).rows.map((r) => r.id);

    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sort: "customer", dir: "desc" })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ status: "paused" })).toEqual([b.id]);
    expect(await ids({ from: addDays(today, 4), to: addDays(today, 6) })).toEqual([b.id]);
    expect(await ids({ q: a.contractId })).toEqual([a.id]);
    expect(await ids({ q: c.id })).toEqual([c.id]);
    expect(await ids({ site: "hpsf" })).toEqual([]);
    // By SKU: c is the only one of the tag with the second variant.
    const second = (await services.autoship.consoleList({ ...base, q: t })).rows.find((r) => r.id === c.id)!.sku;
    expect((await services.autoship.consoleList({ ...base, q: second })).rows.map((r) => r.id)).toContain(c.id);
    expect((await services.autoship.consoleList({ ...base, q: second })).rows.map((r) => r.id)).not.toContain(a.id);

    // Paging: two per page, the total across pages.
    const p1 = await services.autoship.consoleList({ ...base, pageSize: 2 });
    const p2 = await services.autoship.consoleList({ ...base, pageSize: 2, page: 2 });
    expect([p1.total, p2.total]).toEqual([3, 3]);
    expect([...p1.rows, ...p2.rows].map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect((await services.autoship.consoleList({ ...base, pageSize: 2, page: 9 })).total).toBe(3);
  });

  it("filters by hold reason; the failures view leaves out the healthy ones", async () => {
    const t = tag();
    const ok = await kit.subscription({ nextOrderDate: later, email: `ok-${t}@example.test` });
    const declined = await kit.subscription({
      nextOrderDate: today,
      email: `declined-${t}@example.test`,
      hold: "payment_failed",
      retryAt: new Date(Date.now() + 86_400_000),
    });
    const quota = await kit.subscription({
      nextOrderDate: today,
      email: `quota-${t}@example.test`,
      hold: "quota_reached",
      retryAt: new Date(Date.now() + 86_400_000),
    });
    const base = {
      q: t,
      status: null,
      hold: null,
      failures: false,
      site: null,
      from: null,
      to: null,
      sort: "customer",
      dir: "asc",
      page: 1,
      pageSize: 10,
    } as const;
    const ids = async (over: object) => (await services.autoship.consoleList({ ...base, ...over })).rows.map((r) => r.id);
    expect(await ids({ hold: "payment_failed" })).toEqual([declined.id]);
    expect(await ids({ hold: "quota_reached" })).toEqual([quota.id]);
    expect(await ids({ failures: true })).toEqual([declined.id, quota.id]);
    expect(await ids({})).toEqual([declined.id, ok.id, quota.id]);
  });
});
