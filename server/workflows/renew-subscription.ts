import { sellingPlanIdFor } from "../../rules/autoship/offer-and-frequency";
import type { ShippingMethod } from "../../rules/checkout/shipping-rates";
import { addDays, dayOf } from "../../rules/shared/calendar-days";
import {
  formatCycleDate,
  isCycleDue,
  OUT_OF_STOCK_SKIP_AFTER_DAYS,
  type AfterOutOfStock,
  type AfterPaymentDecline,
} from "../../rules/autoship/renewal-schedule";
import { transition } from "../../rules/autoship/subscription-states";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { renewalMail, type RenewalMailName } from "../modules/autoship";
import { createRenewalStore, pendingOneTimeItems, type RenewalStore, type RenewalTrigger, type SubscriptionRow } from "../modules/autoship";
import type { MailContent } from "../modules/mail";
import type { CartService } from "../modules/cart";
import type { OrdersService } from "../modules/orders";
import type { PaymentsService } from "../modules/payments";
import type { MailService } from "../modules/mail";
import type { CatalogService } from "../modules/catalog";
import type { StaffStandingService } from "./staff-checkout";
import type { IdentityService } from "../modules/identity";
import { placeOrder, type PlaceOrderResult } from "./place-order";
import { retirePrivateCode } from "../modules/cart";
import { guardRenewal, type GuardOutcome } from "./price-guard";
import { SUBSTITUTE_ATTRIBUTE, substituteNote } from "../../rules/autoship/substitute";
import { isUuid } from "../../rules/shared/ids";
import { quotaMonthOf } from "../../rules/staff/monthly-allowance";
import { amountToCents } from "../../rules/shared/money";

// Renew subscription (the rules of rules/autoship/renewal-schedule.ts): places one subscription's renewal order through the place-order
// workflow (price rule, stock, tax, the saved card) and moves the subscription on. Guarantees:
//
// 1. Exactly once per subscription and cycle. The order's idempotency key is
//    `renewal:{subscriptionId}:{cycleDate}` (UNIQUE in orders): any number of runs of one cycle —
//    several workers, a retry after a crash, "ship now" racing the schedule on the due day — place
//    one order and one charge. The outcome is recorded in subscription_renewals (UNIQUE per cycle)
//    together with the subscription's advance, in ONE transaction holding the subscription's row
//    lock; a cycle already recorded as placed is never advanced twice. (Several Autoships that share
//    a box renew as one order under the lowest one's key: renew-together.ts.)
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
// 6. Each step is one module's call: the autoship module's renewal store (lease, outcome records,
//    every status move through the lifecycle's transition table), the cart module (the renewal's
//    cart, discarded when it became no order), the orders module (an earlier run's order), the
//    place-order workflow, the catalog and the mail.

export const RENEWAL_LEASE_MS = 5 * 60_000;

export type { RenewalTrigger };

export type RenewalDeps = {
  db: Db;
  services: {
    cart: CartService;
    orders: OrdersService;
    payments: PaymentsService;
    mail: MailService;
    catalog: CatalogService;
    staff: StaffStandingService;
    identity: IdentityService;
  };
  config: Pick<Config, "freeShippingThresholdCents" | "storeName" | "publicUrl" | "port">;
  log?: Logger;
  /** The app's signing key: the price guard mail's one-click answer links (without it the mail sends the customer to My Autoships). */
  secret?: string;
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
  | { ok: false; code: "RENEWAL_FAILED"; message: string; reason: string; cycleDate: string; retryAt: Date | null }
  | GuardOutcome;

type Subscription = SubscriptionRow;

/** Failures that are not the customer's card or stock: looked at again a day later, not every minute. */
const FAILED_RETRY_MS = 86_400_000;

export const renewalKey = (subscriptionId: string, cycleDate: string) => `renewal:${subscriptionId}:${cycleDate}`;

export async function renewSubscription(deps: RenewalDeps, subscriptionId: string, opts: RenewalOptions): Promise<RenewalOutcome> {
  const { db } = deps;
  const { now, trigger } = opts;
  const today = dayOf(now);
  if (!isUuid(subscriptionId)) return { ok: false, code: "NOT_FOUND", message: "No such subscription." };

  const store = createRenewalStore(db);
  // The lease: ours when the runner's token is still on the row, or when nobody else holds one.
  const lease = opts.claim ?? new Date(now.getTime() + RENEWAL_LEASE_MS);
  const sub = await store.takeLease(subscriptionId, lease, now, opts.claim);
  if (sub === "busy") return { ok: false, code: "IN_PROGRESS", message: "This Autoship's order is being placed right now; try again in a moment." };
  if (!sub) return { ok: false, code: "NOT_FOUND", message: "No such subscription." };
  const outcome = await renewClaimed(deps, store, sub, now, today, trigger);
  // Released on every answer; a run that throws (or a process that dies) keeps it until it lapses.
  await store.releaseLease(sub.id, lease);
  return outcome;
}

/** A leased subscription's renewal (the lease is the caller's): renew-together.ts renews a box's member that ships alone through it. */
export async function renewClaimed(
  deps: RenewalDeps,
  store: RenewalStore,
  sub: Subscription,
  now: Date,
  today: string,
  trigger: RenewalTrigger,
): Promise<RenewalOutcome> {
  if (!transition(sub.status, trigger === "ship_now" ? "ship_now" : "renew").ok)
    return { ok: false, code: "NOT_ACTIVE", message: "This Autoship is not active." };
  // A scheduled run places a due cycle only (rules/autoship/renewal-schedule.ts isCycleDue). Whether its retry
  // time has come is the caller's question: the runner claims only renewals that are due
  // (isRenewalDue), while an operator's retry, an accepted price rise and "renew now" place it at once.
  if (trigger === "schedule" && !isCycleDue(sub, today)) return { ok: false, code: "NOT_DUE", message: "This Autoship is not due yet." };
  if (trigger === "ship_now" && (await store.placedToday(sub.id, now)))
    return { ok: false, code: "ALREADY_PLACED_TODAY", message: "An order for this Autoship was already placed today." };

  // Ship now places today's order: its cycle is today, so a second click today finds the same key,
  // and a date the customer picks later can never collide with it.
  const cycleDate = trigger === "ship_now" ? today : sub.nextOrderDate;
  // The price guard: a scheduled renewal whose price rose beyond the customer's threshold is not
  // charged but waits for their answer (a ship now is the customer's own order at today's price).
  if (trigger === "schedule") {
    const guarded = await guardRenewal(deps, sub, cycleDate, renewalKey(sub.id, cycleDate), now);
    if (guarded) return guarded;
  }
  let placed = await placeRenewalOrder(deps, [{ sub }], cycleDate, now);
  // The customer's chosen substitute (rules/autoship/substitute.ts): the usual item is out of stock on
  // renewal day, so the substitute is ordered instead of the hold — under the same cycle key and
  // through the same place-order checks (stock, caps, price, staff quota). Its own failure decides
  // what follows (a substitute out of stock too: the usual hold).
  let substituted: { variantId: number; note: string } | null = null;
  if (!placed.ok && trigger === "schedule" && isUnavailable(placed.code) && hasSubstitute(sub)) {
    const substitute = await substituteOf(deps, sub);
    const alternative = await placeRenewalOrder(deps, [{ sub, substitute }], cycleDate, now);
    if (alternative.ok || !isUnavailable(alternative.code)) {
      placed = alternative;
      substituted = substitute;
    }
  }

  if (placed.ok) {
    await deps.afterOrderPaid?.({ subscriptionId: sub.id, orderId: placed.order.id });
    const order = placed.order;
    const totalCents = amountToCents(order.totalPrice.amount);
    const recorded = await store.recordPlaced(sub.id, cycleDate, placedOrderOf(order), now, trigger);
    // A save offer's code the order carried is spent: cleared from the subscription with the
    // advance (recordPlaced), then retired so that no order carries it again.
    if (sub.saveDiscountCode && order.discountCodes.includes(sub.saveDiscountCode)) await retirePrivateCode(deps.db, sub.saveDiscountCode);
    if (substituted && !recorded.replayed)
      await store.recordSubstituted(sub.id, { cycleDate, orderId: order.id, variantId: substituted.variantId, reason: substituted.note }, now);
    return { ok: true, code: "RENEWED", orderId: order.id, orderNumber: order.number, totalCents, cycleDate, ...recorded };
  }
  if (placed.code === "CHECKOUT_IN_PROGRESS")
    return { ok: false, code: "IN_PROGRESS", message: "This Autoship's order is being placed right now; try again in a moment." };

  const unavailable = isUnavailable(placed.code);
  if (trigger === "ship_now") {
    // The customer sees the answer on the page; the scheduled cycle and its retries stay as they were.
    await store.recordShipNowFailed(sub.id, { code: placed.code, message: placed.message }, now);
    if (unavailable) return { ok: false, code: "OUT_OF_STOCK", message: placed.message, cycleDate, next: { action: "none" } };
    if (placed.code === "PAYMENT_DECLINED")
      return { ok: false, code: "PAYMENT_DECLINED", message: placed.message, reason: placed.reason, cycleDate, next: { action: "none" } };
    return { ok: false, code: "RENEWAL_FAILED", message: placed.message, reason: placed.code, cycleDate, retryAt: null };
  }
  if (unavailable) return recordOutOfStock(deps, store, sub.id, cycleDate, placed.message, now);
  if (placed.code === "QUOTA_EXCEEDED") return recordStaffHold(deps, store, sub.id, cycleDate, "quota_reached", placed.message, now);
  if (placed.code === "NOT_REGISTERED" || placed.code === "NOT_ELIGIBLE" || placed.code === "STAFF_SIGN_IN_REQUIRED")
    return recordStaffHold(deps, store, sub.id, cycleDate, "not_eligible", placed.message, now);
  if (placed.code === "PAYMENT_DECLINED") return recordDeclined(deps, store, sub.id, cycleDate, placed.reason, placed.message, now);
  return recordFailed(deps, store, sub.id, cycleDate, placed.code, placed.message, now);
}

type PlaceAttempt = PlaceOrderResult | { ok: false; code: "VARIANT_NOT_FOUND" | "SELLING_PLAN_INVALID" | "NO_PAYMENT_METHOD"; message: string };

/** The item cannot be had (out of stock at the address's warehouse, or no longer sold). */
const isUnavailable = (code: string) => code === "OUT_OF_STOCK" || code === "CART_CHANGED" || code === "VARIANT_NOT_FOUND";

/** `substitute`: the customer's chosen substitute in place of the usual item, its order line saying why. */
type Substitute = { variantId: number; note: string };

/** One line of a renewal order: a subscription's item, or its chosen substitute. */
export type RenewalLine = { sub: Subscription; substitute?: Substitute };

export const hasSubstitute = (sub: Subscription) => Boolean(sub.substituteVariantId && sub.substituteVariantId !== sub.variantId);

/** The subscription's chosen substitute, its note naming the usual item it replaces. */
export async function substituteOf(deps: RenewalDeps, sub: Subscription): Promise<Substitute> {
  const original = (await deps.services.catalog.variantsForCart([sub.variantId], sub.site)).get(sub.variantId);
  const note = substituteNote({
    title: original ? `${original.product.title} ${original.title}`.trim() : `Item ${sub.variantId}`,
    sku: original?.sku ?? String(sub.variantId),
  });
  return { variantId: sub.substituteVariantId!, note };
}

/** A paid order as the renewal records need it. */
export function placedOrderOf(order: Extract<PlaceOrderResult, { ok: true }>["order"]) {
  return {
    id: order.id,
    number: order.number,
    totalCents: amountToCents(order.totalPrice.amount),
    discountCodes: order.discountCodes,
    createdAt: new Date(order.processedAt),
    oneTimeVariantIds: order.lineItems.filter((l) => !l.sellingPlanId).map((l) => Number(l.variant.id)),
  };
}

/**
 * The order under the cycle's key (the first line's subscription: a box's lowest id): an earlier
 * run's (settled or replayed by place-order), else a new one from a fresh cart. Shipped, paid and
 * addressed as the first line's subscription (a box's members share those: rules/autoship/delivery-groups.ts).
 */
export async function placeRenewalOrder(deps: RenewalDeps, lines: readonly RenewalLine[], cycleDate: string, now: Date): Promise<PlaceAttempt> {
  const { services } = deps;
  const sub = lines[0].sub;
  const key = renewalKey(sub.id, cycleDate);
  const orderDeps = { db: deps.db, services, config: deps.config, log: deps.log, clock: () => now };
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
  let withOneTime = true;
  for (let attempt = 0; attempt < 3; attempt++) {
    const existingCartId = await services.orders.cartIdForIdempotencyKey(key);
    if (existingCartId) return placeOrder(orderDeps, input(existingCartId));
    if (!sub.paymentMethodId) return { ok: false, code: "PAYMENT_DECLINED", reason: "unknown_payment_method", message: "No saved payment method." };

    const cart = await createRenewalCart(deps, lines, withOneTime);
    if (!cart.ok) return cart;
    const result = await placeOrder(orderDeps, input(cart.cartId));
    if (!result.ok) await discardRenewalCart(deps, cart.cartId);
    // Another run placed the cycle's order from its own cart meanwhile: settle that one instead.
    if (!result.ok && result.code === "IDEMPOTENCY_MISMATCH") continue;
    // A one-time item cannot be had: the delivery goes without it (it waits for the next one).
    if (!result.ok && cart.oneTimeLines && isUnavailable(result.code)) {
      withOneTime = false;
      continue;
    }
    return result;
  }
  return { ok: false, code: "CHECKOUT_IN_PROGRESS", message: "The renewal order is being placed by another run." };
}

/** Step: the renewal's cart — each line's item (or substitute), quantity and plan, and its one-time items — owned by the customer. Undone by discardRenewalCart. */
async function createRenewalCart(
  deps: RenewalDeps,
  lines: readonly RenewalLine[],
  withOneTime: boolean,
): Promise<{ ok: true; cartId: string; oneTimeLines: number } | { ok: false; code: "VARIANT_NOT_FOUND" | "SELLING_PLAN_INVALID"; message: string }> {
  const sub = lines[0].sub;
  // The one-time items the customer added to this delivery, at their own price.
  const oneTime = withOneTime
    ? await pendingOneTimeItems(
        deps.db,
        lines.map((l) => l.sub.id),
      )
    : [];
  const created = await deps.services.cart.createCart(sub.site, { email: sub.email }, [
    ...oneTime.map((i) => ({ merchandiseId: String(i.variantId), quantity: i.quantity })),
    ...lines.map(({ sub: line, substitute }) =>
      substitute
        ? {
            merchandiseId: String(substitute.variantId),
            quantity: line.quantity,
            sellingPlanId: sellingPlanIdFor(line.frequencyWeeks),
            attributes: [{ key: SUBSTITUTE_ATTRIBUTE, value: substitute.note }],
          }
        : { merchandiseId: String(line.variantId), quantity: line.quantity, sellingPlanId: sellingPlanIdFor(line.frequencyWeeks) },
    ),
  ]);
  if (!created.ok) {
    if (created.code === "VARIANT_NOT_FOUND" || created.code === "SELLING_PLAN_INVALID") return { ok: false, code: created.code, message: created.message };
    throw new Error(`renewal cart not created: ${created.code} ${created.message}`);
  }
  await deps.services.cart.claimCart(created.cart.id, sub.site, sub.customerId);
  // The one-time discount of a save offer the customer accepted: this renewal carries its code (a box
  // never holds a subscription with one: rules/autoship/delivery-groups.ts).
  if (sub.saveDiscountCode) await deps.services.cart.updateDiscountCodes(created.cart.id, sub.site, [sub.saveDiscountCode], sub.customerId);
  return { ok: true, cartId: created.cart.id, oneTimeLines: oneTime.length };
}

/**
 * Undo of createRenewalCart when no order was paid: a cart that became no order is of no use to
 * anyone (the customer never sees it). Only this run knows the new cart; one an order was made from
 * (placed, then declined) stays with that order.
 */
async function discardRenewalCart(deps: RenewalDeps, cartId: string): Promise<void> {
  if (!(await deps.services.orders.existsForCart(cartId))) await deps.services.cart.discardCart(cartId);
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

async function recordOutOfStock(
  deps: RenewalDeps,
  store: RenewalStore,
  subscriptionId: string,
  cycleDate: string,
  message: string,
  now: Date,
): Promise<RenewalOutcome> {
  const done = await store.recordOutOfStock(subscriptionId, cycleDate, message, now);
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

async function recordDeclined(
  deps: RenewalDeps,
  store: RenewalStore,
  subscriptionId: string,
  cycleDate: string,
  reason: string,
  message: string,
  now: Date,
): Promise<RenewalOutcome> {
  const done = await store.recordDeclined(subscriptionId, cycleDate, reason, now);
  if (done.sub) {
    const base = await mailBase(deps, done.sub);
    const date = formatCycleDate(cycleDate);
    const mail: Mail =
      done.next.action === "retry"
        ? {
            name: "paymentFailed",
            to: done.sub.email,
            content: renewalMail.paymentFailed({ ...base, date, reason: message, retryDate: formatCycleDate(dayOf(done.next.retryAt)) }),
          }
        : {
            name: "pausedPaymentFailed",
            to: done.sub.email,
            content: renewalMail.pausedPaymentFailed({ ...base, date, reason: message, attempts: done.next.failedAttempts }),
          };
    await sendMail(deps, mail);
  }
  return { ok: false, code: "PAYMENT_DECLINED", message, reason, cycleDate, next: done.next };
}

/**
 * Staff program holds: over the month's allowance → retried on the 1st of next month; the member no
 * longer in good standing → retried daily (their membership may come back). Told once per hold.
 */
async function recordStaffHold(
  deps: RenewalDeps,
  store: RenewalStore,
  subscriptionId: string,
  cycleDate: string,
  hold: "quota_reached" | "not_eligible",
  message: string,
  now: Date,
): Promise<RenewalOutcome> {
  const retryAt = hold === "quota_reached" ? quotaMonthOf(now).end : new Date(now.getTime() + FAILED_RETRY_MS);
  const done = await store.recordStaffHold(subscriptionId, cycleDate, hold, message, retryAt, now);
  if (done.sub && done.notify) {
    const base = await mailBase(deps, done.sub);
    const date = formatCycleDate(cycleDate);
    const mail: Mail =
      hold === "quota_reached"
        ? {
            name: "heldQuota",
            to: done.sub.email,
            content: renewalMail.heldQuota({ ...base, date, reason: message, retryDate: formatCycleDate(dayOf(retryAt)) }),
          }
        : { name: "heldNotEligible", to: done.sub.email, content: renewalMail.heldNotEligible({ ...base, date, reason: message }) };
    await sendMail(deps, mail);
  }
  deps.log?.info({ subscriptionId, cycleDate, hold }, "staff autoship renewal held");
  return { ok: false, code: "RENEWAL_FAILED", message, reason: hold === "quota_reached" ? "QUOTA_EXCEEDED" : "NOT_ELIGIBLE", cycleDate, retryAt };
}

/** Not the card, not the stock (an address no longer served, a plan no longer offered): looked at again tomorrow. */
async function recordFailed(
  deps: RenewalDeps,
  store: RenewalStore,
  subscriptionId: string,
  cycleDate: string,
  reason: string,
  message: string,
  now: Date,
): Promise<RenewalOutcome> {
  const retryAt = new Date(now.getTime() + FAILED_RETRY_MS);
  const recorded = await store.recordFailed(subscriptionId, cycleDate, { reason, message }, retryAt, now);
  deps.log?.warn({ subscriptionId, cycleDate, reason, message }, "autoship renewal could not be placed");
  return { ok: false, code: "RENEWAL_FAILED", message, reason, cycleDate, retryAt: recorded ? retryAt : null };
}
