import { and, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import { sellingPlanIdFor } from "../../rules/autoship-offer";
import type { ShippingMethod } from "../../rules/shipping-rates";
import {
  afterOutOfStock,
  afterPaymentDecline,
  formatCycleDate,
  nextOrderDateAfter,
  nextOrderDateAfterShipNow,
  OUT_OF_STOCK_SKIP_AFTER_DAYS,
  type AfterOutOfStock,
  type AfterPaymentDecline,
} from "../../rules/autoship-renewal";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { renewalMail, type RenewalMailName } from "../modules/autoship/renewal-mail";
import { subscriptionEvents, subscriptionRenewals, subscriptions } from "../modules/autoship/schema";
import { carts } from "../modules/cart/schema";
import type { MailContent } from "../modules/mail/templates";
import { orders } from "../modules/orders/schema";
import type { Services } from "../services";
import { placeOrder, type PlaceOrderResult } from "./place-order";
import { amountToCents } from "../../rules/money";
import { addDays, dayOf } from "../../rules/calendar-days";
import { isUuid } from "../../rules/ids";

// Renew subscription: places one subscription's renewal order through the place-order
// workflow (price rule, stock, tax, the saved card) and moves the subscription on. Guarantees:
//
// 1. Exactly once per subscription and cycle. The order's idempotency key is
//    `renewal:{subscriptionId}:{cycleDate}` (UNIQUE in orders): any number of runs of one cycle —
//    several workers, a retry after a crash, "ship now" racing the schedule on the due day — place
//    one order and one charge. The outcome is recorded in subscription_renewals (UNIQUE per cycle)
//    together with the subscription's advance, in ONE transaction holding the subscription's row
//    lock; a cycle already recorded as placed is never advanced twice.
// 2. A crash leaves nothing half-done: before creating a cart, a run looks for an order under the
//    cycle's key and hands it back to place-order, which charges a placed-but-unpaid order or
//    replays a paid one; the run then records it and advances the date.
// 3. Runs of one subscription do not overlap while they last: each takes a short lease
//    (renewal_claimed_until) with one conditional UPDATE; the runner's batch claim (FOR UPDATE SKIP
//    LOCKED) sets the same lease and hands its token in. No lock is held across placeOrder, whose
//    own transactions must run beside ours (PGlite has a single connection).
// 4. Changes the customer makes to the row (quantity, frequency, variant, address, card, paused)
//    apply to the next run, which reads the row afresh. A change made while an order is being placed
//    wins over the advance: the order stands and the customer's new date is kept.
// 5. Mails are sent after the outcome is committed: at most once (a crash in between loses a mail,
//    never sends two).

export const RENEWAL_LEASE_MS = 5 * 60_000;

export type RenewalTrigger = "schedule" | "ship_now";

export type RenewalDeps = {
  db: Db;
  services: Pick<Services, "cart" | "orders" | "payments" | "mail" | "catalog">;
  config: Pick<Config, "freeShippingThresholdCents" | "storeName" | "publicUrl" | "port">;
  log?: Logger;
  /** Fault injection for the crash tests: runs once the order is paid, before it is recorded. */
  afterOrderPaid?: (p: { subscriptionId: string; orderId: string }) => Promise<void> | void;
};

export type RenewalOptions = {
  now: Date;
  trigger: RenewalTrigger;
  /** The lease the runner's batch claim set (its renewal_claimed_until); a run without one takes its own. */
  claim?: Date;
};

type NoChange = { action: "none" };

export type RenewalOutcome =
  /** replayed: the cycle was recorded by an earlier run (this one changed nothing). */
  | { ok: true; code: "RENEWED"; orderId: string; orderNumber: string; totalCents: number; cycleDate: string; nextOrderDate: string; replayed: boolean }
  | { ok: false; code: "NOT_FOUND" | "NOT_ACTIVE" | "NOT_DUE" | "ALREADY_PLACED_TODAY" | "IN_PROGRESS"; message: string }
  | { ok: false; code: "OUT_OF_STOCK"; message: string; cycleDate: string; next: AfterOutOfStock | NoChange }
  | { ok: false; code: "PAYMENT_DECLINED"; message: string; reason: string; cycleDate: string; next: AfterPaymentDecline | NoChange }
  | { ok: false; code: "RENEWAL_FAILED"; message: string; reason: string; cycleDate: string; retryAt: Date | null };

type Subscription = typeof subscriptions.$inferSelect;

/** Failures that are not the customer's card or stock: looked at again a day later, not every minute. */
const FAILED_RETRY_MS = 86_400_000;

export const renewalKey = (subscriptionId: string, cycleDate: string) => `renewal:${subscriptionId}:${cycleDate}`;

export async function renewSubscription(deps: RenewalDeps, subscriptionId: string, opts: RenewalOptions): Promise<RenewalOutcome> {
  const { db } = deps;
  const { now, trigger } = opts;
  const today = dayOf(now);
  if (!isUuid(subscriptionId)) return { ok: false, code: "NOT_FOUND", message: "No such subscription." };

  // The lease: ours when the runner's token is still on the row, or when nobody else holds one.
  const lease = opts.claim ?? new Date(now.getTime() + RENEWAL_LEASE_MS);
  const [sub] = await db
    .update(subscriptions)
    .set({ renewalClaimedUntil: lease })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        opts.claim
          ? eq(subscriptions.renewalClaimedUntil, opts.claim)
          : or(isNull(subscriptions.renewalClaimedUntil), lte(subscriptions.renewalClaimedUntil, now)),
      ),
    )
    .returning();
  if (!sub) {
    const [exists] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    return exists
      ? { ok: false, code: "IN_PROGRESS", message: "This Autoship's order is being placed right now; try again in a moment." }
      : { ok: false, code: "NOT_FOUND", message: "No such subscription." };
  }
  const outcome = await renewClaimed(deps, sub, now, today, trigger);
  // Released on every answer; a run that throws (or a process that dies) keeps it until it lapses.
  await db
    .update(subscriptions)
    .set({ renewalClaimedUntil: null })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.renewalClaimedUntil, lease)));
  return outcome;
}

async function renewClaimed(deps: RenewalDeps, sub: Subscription, now: Date, today: string, trigger: RenewalTrigger): Promise<RenewalOutcome> {
  if (sub.status !== "active") return { ok: false, code: "NOT_ACTIVE", message: "This Autoship is not active." };
  if (trigger === "schedule" && sub.nextOrderDate > today) return { ok: false, code: "NOT_DUE", message: "This Autoship is not due yet." };
  if (trigger === "ship_now" && (await placedToday(deps.db, sub.id, now)))
    return { ok: false, code: "ALREADY_PLACED_TODAY", message: "An order for this Autoship was already placed today." };

  // Ship now places today's order: its cycle is today, so a second click today finds the same key,
  // and a date the customer picks later can never collide with it.
  const cycleDate = trigger === "ship_now" ? today : sub.nextOrderDate;
  const placed = await placeRenewalOrder(deps, sub, cycleDate, now);

  if (placed.ok) {
    await deps.afterOrderPaid?.({ subscriptionId: sub.id, orderId: placed.order.id });
    return recordPlaced(deps, sub.id, cycleDate, placed, now, trigger);
  }
  if (placed.code === "CHECKOUT_IN_PROGRESS")
    return { ok: false, code: "IN_PROGRESS", message: "This Autoship's order is being placed right now; try again in a moment." };

  const unavailable = placed.code === "OUT_OF_STOCK" || placed.code === "CART_CHANGED" || placed.code === "VARIANT_NOT_FOUND";
  if (trigger === "ship_now") {
    // The customer sees the answer on the page; the scheduled cycle and its retries stay as they were.
    await recordEvent(deps.db, sub.id, "ship_now_failed", { code: placed.code, message: placed.message }, now);
    if (unavailable) return { ok: false, code: "OUT_OF_STOCK", message: placed.message, cycleDate, next: { action: "none" } };
    if (placed.code === "PAYMENT_DECLINED")
      return { ok: false, code: "PAYMENT_DECLINED", message: placed.message, reason: placed.reason, cycleDate, next: { action: "none" } };
    return { ok: false, code: "RENEWAL_FAILED", message: placed.message, reason: placed.code, cycleDate, retryAt: null };
  }
  if (unavailable) return recordOutOfStock(deps, sub.id, cycleDate, placed.message, now);
  if (placed.code === "PAYMENT_DECLINED") return recordDeclined(deps, sub.id, cycleDate, placed.reason, placed.message, now);
  return recordFailed(deps, sub.id, cycleDate, placed.code, placed.message, now);
}

/** A renewal of this subscription placed today, by its cycle date or by when it was placed. */
async function placedToday(db: Db, subscriptionId: string, now: Date): Promise<boolean> {
  const start = new Date(`${dayOf(now)}T00:00:00Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const [row] = await db
    .select({ id: subscriptionRenewals.id })
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscriptionId),
        eq(subscriptionRenewals.status, "placed"),
        or(eq(subscriptionRenewals.cycleDate, dayOf(now)), and(gte(subscriptionRenewals.updatedAt, start), lt(subscriptionRenewals.updatedAt, end))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

type PlaceAttempt = PlaceOrderResult | { ok: false; code: "VARIANT_NOT_FOUND" | "SELLING_PLAN_INVALID" | "NO_PAYMENT_METHOD"; message: string };

/** The order under the cycle's key: an earlier run's (settled or replayed by place-order), else a new one from a fresh cart. */
async function placeRenewalOrder(deps: RenewalDeps, sub: Subscription, cycleDate: string, now: Date): Promise<PlaceAttempt> {
  const { db, services } = deps;
  const key = renewalKey(sub.id, cycleDate);
  const orderDeps = { db, services, config: deps.config, log: deps.log, clock: () => now };
  const input = (cartId: string) => ({
    site: sub.site,
    cartId,
    customerId: sub.customerId,
    email: sub.email,
    shippingAddress: sub.shippingAddress,
    shippingMethod: sub.shippingMethod as ShippingMethod,
    payment: { kind: "saved" as const, paymentMethodId: sub.paymentMethodId ?? "" },
    idempotencyKey: key,
    renewalOfSubscriptionId: sub.id,
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await db.select({ cartId: orders.cartId }).from(orders).where(eq(orders.idempotencyKey, key));
    if (existing) return placeOrder(orderDeps, input(existing.cartId));
    if (!sub.paymentMethodId)
      return { ok: false, code: "PAYMENT_DECLINED", reason: "unknown_payment_method", message: "No saved payment method." };

    const created = await services.cart.createCart(sub.site, { email: sub.email }, [
      { merchandiseId: String(sub.variantId), quantity: sub.quantity, sellingPlanId: sellingPlanIdFor(sub.frequencyWeeks) },
    ]);
    if (!created.ok) {
      if (created.code === "VARIANT_NOT_FOUND" || created.code === "SELLING_PLAN_INVALID") return { ok: false, code: created.code, message: created.message };
      throw new Error(`renewal cart not created: ${created.code} ${created.message}`);
    }
    const cartId = created.cart.id;
    await services.cart.claimCart(cartId, sub.site, sub.customerId);
    const result = await placeOrder(orderDeps, input(cartId));
    // A cart that became no order is of no use to anyone (the customer never sees it).
    if (!result.ok) await db.delete(carts).where(and(eq(carts.id, cartId), sql`not exists (select 1 from ${orders} where ${orders.cartId} = ${cartId})`));
    // Another run placed the cycle's order from its own cart meanwhile: settle that one instead.
    if (!result.ok && result.code === "IDEMPOTENCY_MISMATCH") continue;
    return result;
  }
  return { ok: false, code: "CHECKOUT_IN_PROGRESS", message: "The renewal order is being placed by another run." };
}

async function recordEvent(conn: Db, subscriptionId: string, kind: string, detail: Record<string, unknown>, now: Date) {
  await conn.insert(subscriptionEvents).values({ subscriptionId, kind, actor: "system", detail, createdAt: now });
}

/** Upserts the cycle's renewal row; answers the row as it was before (undefined: first run of the cycle). */
async function upsertRenewal(
  tx: Db,
  subscriptionId: string,
  cycleDate: string,
  status: "placed" | "held_out_of_stock" | "payment_failed",
  orderId: string | null,
  now: Date,
) {
  const [before] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.cycleDate, cycleDate)))
    .for("update");
  if (before)
    await tx
      .update(subscriptionRenewals)
      .set({ status, orderId: orderId ?? before.orderId, attempts: before.attempts + 1, updatedAt: now })
      .where(eq(subscriptionRenewals.id, before.id));
  else await tx.insert(subscriptionRenewals).values({ subscriptionId, cycleDate, status, orderId, attempts: 1, createdAt: now, updatedAt: now });
  return before;
}

/** Locks the subscription; null when it is gone. */
async function lockSubscription(tx: Db, id: string): Promise<Subscription | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row ?? null;
}

async function recordPlaced(
  deps: RenewalDeps,
  subscriptionId: string,
  cycleDate: string,
  placed: Extract<PlaceOrderResult, { ok: true }>,
  now: Date,
  trigger: RenewalTrigger,
): Promise<RenewalOutcome> {
  const today = dayOf(now);
  const order = placed.order;
  const totalCents = amountToCents(order.totalPrice.amount);
  const answer = (nextOrderDate: string, replayed: boolean): RenewalOutcome => ({
    ok: true,
    code: "RENEWED",
    orderId: order.id,
    orderNumber: order.number,
    totalCents,
    cycleDate,
    nextOrderDate,
    replayed,
  });
  return deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub) throw new Error(`subscription ${subscriptionId} vanished while renewing`);
    const before = await upsertRenewal(tx, sub.id, cycleDate, "placed", order.id, now);
    if (before?.status === "placed") {
      // Recorded by an earlier run, which advanced the subscription in that same transaction. Only a
      // date set back to that cycle since (e.g. to today after a ship now) still points at it: the
      // cycle's order exists, so move on to the next one.
      if (sub.nextOrderDate !== cycleDate) return answer(sub.nextOrderDate, true);
      const next = nextOrderDateAfter(cycleDate, sub.frequencyWeeks, today);
      await tx.update(subscriptions).set({ nextOrderDate: next, updatedAt: now }).where(eq(subscriptions.id, sub.id));
      return answer(next, true);
    }
    const next =
      trigger === "ship_now"
        ? nextOrderDateAfterShipNow(today, sub.frequencyWeeks)
        : sub.nextOrderDate === cycleDate
          ? nextOrderDateAfter(cycleDate, sub.frequencyWeeks, today)
          : sub.nextOrderDate; // the customer moved the date while the order was being placed
    await tx
      .update(subscriptions)
      .set({ nextOrderDate: next, hold: null, failedAttempts: 0, retryAt: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordEvent(tx, sub.id, "renewed", { trigger, cycleDate, orderId: order.id, orderNumber: order.number, totalCents, nextOrderDate: next }, now);
    return answer(next, false);
  });
}

type Mail = { name: RenewalMailName; to: string; content: MailContent };

async function sendMail(deps: RenewalDeps, mail: Mail | null) {
  if (!mail) return;
  await deps.services.mail
    .send({ template: `autoship.${mail.name}`, to: mail.to, content: mail.content })
    .catch((err: unknown) => deps.log?.error({ err, template: mail.name }, "autoship renewal mail not recorded"));
}

/** What a mail needs about the subscription: who, which contract, the item's name, the link. */
async function mailBase(deps: RenewalDeps, sub: Subscription) {
  const origin = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const variants = await deps.services.catalog.variantsForCart([sub.variantId], sub.site);
  const v = variants.get(sub.variantId);
  return {
    storeName: deps.config.storeName,
    firstName: sub.shippingAddress.firstName,
    contractId: sub.contractId,
    manageUrl: `${origin}/account/autoships`,
    item: v ? `${v.product.title} ${v.title}`.trim() : "Your Autoship item",
  };
}

async function recordOutOfStock(deps: RenewalDeps, subscriptionId: string, cycleDate: string, message: string, now: Date): Promise<RenewalOutcome> {
  const done = await deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    // Paused, cancelled or moved while we tried: the customer's change wins; nothing to hold.
    if (!sub || sub.status !== "active" || sub.nextOrderDate !== cycleDate) return { next: { action: "none" } as const, sub, notify: null };
    const next = afterOutOfStock({ cycleDate, frequencyWeeks: sub.frequencyWeeks, now });
    const before = await upsertRenewal(tx, sub.id, cycleDate, "held_out_of_stock", null, now);
    if (next.action === "hold") {
      await tx.update(subscriptions).set({ hold: "out_of_stock", retryAt: next.retryAt, updatedAt: now }).where(eq(subscriptions.id, sub.id));
      // The customer is told once per cycle, when the hold starts.
      if (before?.status === "held_out_of_stock") return { next, sub, notify: null };
      await recordEvent(tx, sub.id, "held_out_of_stock", { cycleDate, message, retryAt: next.retryAt.toISOString() }, now);
      return { next, sub, notify: "heldOutOfStock" as const };
    }
    await tx
      .update(subscriptions)
      .set({ nextOrderDate: next.nextOrderDate, hold: null, retryAt: null, failedAttempts: 0, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordEvent(tx, sub.id, "skipped", { reason: "out_of_stock", cycleDate, nextOrderDate: next.nextOrderDate }, now);
    return { next, sub, notify: "skippedOutOfStock" as const };
  });
  if (done.sub && done.notify) {
    const base = await mailBase(deps, done.sub);
    const date = formatCycleDate(cycleDate);
    const content =
      done.notify === "heldOutOfStock"
        ? renewalMail.heldOutOfStock({ ...base, date, skipDate: formatCycleDate(addDays(cycleDate, OUT_OF_STOCK_SKIP_AFTER_DAYS)) })
        : renewalMail.skippedOutOfStock({ ...base, date, nextDate: formatCycleDate((done.next as { nextOrderDate: string }).nextOrderDate) });
    await sendMail(deps, { name: done.notify, to: done.sub.email, content });
  }
  return { ok: false, code: "OUT_OF_STOCK", message, cycleDate, next: done.next };
}

async function recordDeclined(deps: RenewalDeps, subscriptionId: string, cycleDate: string, reason: string, message: string, now: Date): Promise<RenewalOutcome> {
  const done = await deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub || sub.status !== "active" || sub.nextOrderDate !== cycleDate) return { next: { action: "none" } as const, sub: null };
    const next = afterPaymentDecline(sub.failedAttempts, now);
    await upsertRenewal(tx, sub.id, cycleDate, "payment_failed", null, now);
    if (next.action === "retry") {
      await tx
        .update(subscriptions)
        .set({ hold: "payment_failed", failedAttempts: next.failedAttempts, retryAt: next.retryAt, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      await recordEvent(tx, sub.id, "payment_failed", { cycleDate, reason, attempt: next.failedAttempts, retryAt: next.retryAt.toISOString() }, now);
    } else {
      await tx
        .update(subscriptions)
        .set({ status: "paused", hold: "payment_failed", failedAttempts: next.failedAttempts, retryAt: null, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      await recordEvent(tx, sub.id, "payment_failed", { cycleDate, reason, attempt: next.failedAttempts }, now);
      await recordEvent(tx, sub.id, "paused", { reason: "payment_failed", attempts: next.failedAttempts }, now);
    }
    return { next, sub };
  });
  if (done.sub) {
    const base = await mailBase(deps, done.sub);
    const date = formatCycleDate(cycleDate);
    const mail: Mail =
      done.next.action === "retry"
        ? { name: "paymentFailed", to: done.sub.email, content: renewalMail.paymentFailed({ ...base, date, reason: message, retryDate: formatCycleDate(dayOf(done.next.retryAt)) }) }
        : { name: "pausedPaymentFailed", to: done.sub.email, content: renewalMail.pausedPaymentFailed({ ...base, date, reason: message, attempts: done.next.failedAttempts }) };
    await sendMail(deps, mail);
  }
  return { ok: false, code: "PAYMENT_DECLINED", message, reason, cycleDate, next: done.next };
}

/** Not the card, not the stock (an address no longer served, a plan no longer offered): looked at again tomorrow. */
async function recordFailed(deps: RenewalDeps, subscriptionId: string, cycleDate: string, reason: string, message: string, now: Date): Promise<RenewalOutcome> {
  const retryAt = new Date(now.getTime() + FAILED_RETRY_MS);
  const recorded = await deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub || sub.status !== "active" || sub.nextOrderDate !== cycleDate) return false;
    await tx.update(subscriptions).set({ retryAt, updatedAt: now }).where(eq(subscriptions.id, sub.id));
    await recordEvent(tx, sub.id, "renewal_failed", { cycleDate, reason, message, retryAt: retryAt.toISOString() }, now);
    return true;
  });
  deps.log?.warn({ subscriptionId, cycleDate, reason, message }, "autoship renewal could not be placed");
  return { ok: false, code: "RENEWAL_FAILED", message, reason, cycleDate, retryAt: recorded ? retryAt : null };
}
