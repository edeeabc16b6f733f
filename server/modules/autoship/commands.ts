import { and, eq, sql } from "drizzle-orm";
import {
  ACTION_DONE,
  cancelledMessage,
  planAction,
  type CancelReason,
  transition,
  type ActionAnswers,
  type SubscriptionAction,
} from "../../../rules/autoship/subscription-states";
import type { SubscriptionActionInput } from "../../../rules/autoship/subscription-input";
import { isLinkCurrent, LINK_SPENT, type MailLinkCycle } from "../../../rules/autoship/mail-actions";
import { formatUsd } from "../../../rules/shared/money";
import { isUuid } from "../../../rules/shared/ids";
import { unservedMessage } from "../../../rules/shared/zip";
import type { Clock } from "../../clock";
import { dayOf } from "../../../rules/shared/calendar-days";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../log";
import type { CatalogService } from "../catalog";
import type { IdentityService } from "../identity";
import type { MailService } from "../mail";
import { orderAddressOf, type OrderAddress } from "../orders";
import type { PaymentsService } from "../payments";
import { AUTOSHIP_CHANGE_TEMPLATE, subscriptionChangeMail } from "./mail";
import { subscriptionEvents, subscriptionPriceHolds, subscriptionRenewals, subscriptions, type SubscriptionHold, type SubscriptionStatus } from "./schema";
import { type SubscriptionView, type SubscriptionViews } from "./views";
import { offerFor, SAVE_OFFER_ACCEPTED, takesOffer } from "./save-offers";

// The customer's actions on their subscriptions (My Subscriptions). Each one: checked against the
// lifecycle's transition table (rules/autoship/subscription-states.ts), whatever it needs from another
// module asked of that module's service before the change, then one transaction holding the
// subscription's row lock, a subscription_events row, and a confirmation mail. Business failures
// are typed results naming the field.

export type ActionFailure = {
  ok: false;
  code: "NOT_FOUND" | "NOT_ALLOWED" | "INVALID" | "SHIP_NOW_FAILED" | "RATE_LIMITED" | "STALE";
  message: string;
  field: string;
};
/** The subscription's state the action started from (read under its row lock): the console's audit "before". */
export type ActionBefore = { status: SubscriptionStatus; hold: SubscriptionHold | null; nextOrderDate: string };
/** `orderNumber`: the order a ship-now placed. */
export type ActionResult = { ok: true; subscription: SubscriptionView; message: string; orderNumber?: string; before?: ActionBefore } | ActionFailure;

/**
 * Ship now: the renewal engine places the order at once (wired by createServices). `claim`: the
 * renewal lease the caller already took on the subscription's row (a mail link's ship now).
 */
export type ShipNow = (subscriptionId: string, now: Date, claim?: Date) => Promise<{ ok: true; orderNumber: string | null } | { ok: false; message: string }>;

/** A console operator acting for the customer: named, with their reason, in the event's `detail.operator`. */
export type OnBehalf = { id: string; email: string; reason: string; note: string | null };

/**
 * Who acts: the signed-in customer (or an operator on their behalf, `operator`), the request's
 * origin (mail links without PUBLIC_URL) and client IP (card-testing limit). `link`: the customer
 * acts through a reminder mail's signed link, which holds only for the cycle it was sent for.
 */
export type ActionContext = {
  customerId: string;
  origin?: string;
  clientIp?: string | null;
  operator?: OnBehalf;
  link?: MailLinkCycle;
  /** The change takes the save offer made for this cancel reason (recorded when it is that offer). */
  saveReason?: CancelReason;
};

export type SubscriptionCommandsDeps = {
  db: Db;
  config: Pick<Config, "storeName" | "publicUrl">;
  catalog: Pick<CatalogService, "variantsOfProducts" | "warehouseForZip" | "productFamilies">;
  identity: Pick<IdentityService, "summary" | "customer" | "takeSubscriptionCardAttempt">;
  payments: Pick<PaymentsService, "saveCard" | "listMethods">;
  mail: Pick<MailService, "send">;
  views: Pick<SubscriptionViews, "get">;
  clock: Clock;
  log?: Logger;
  shipNow?: ShipNow;
};

/** The event kind recorded for each customer action. */
const EVENT_KIND: Record<SubscriptionAction, string> = {
  change_frequency: "frequency_changed",
  change_quantity: "quantity_changed",
  change_date: "date_changed",
  skip: "skipped",
  ship_now: "shipped_now",
  pause: "paused",
  resume: "resumed",
  swap_variant: "variant_swapped",
  change_address: "address_changed",
  change_payment: "payment_method_changed",
  cancel: "cancelled",
  reactivate: "reactivated",
};

const fail = (code: ActionFailure["code"], field: string, message: string): ActionFailure => ({ ok: false, code, field, message });
const notFound = () => fail("NOT_FOUND", "subscriptionId", "No such subscription.");
const spent = () => fail("STALE", "token", LINK_SPENT);
/** How long a mail link's ship now holds the renewal lease before the renewal engine takes it over (as its own lease). */
const LINK_CLAIM_MS = 5 * 60_000;

export function createSubscriptionCommands(deps: SubscriptionCommandsDeps) {
  const { db, clock } = deps;

  async function confirm(customerId: string, view: SubscriptionView, change: string, origin: string | undefined) {
    const who = await deps.identity.summary(customerId);
    const base = deps.config.publicUrl ?? origin ?? "";
    const nextOrder = view.status === "active" ? `Next order: ${view.nextOrderDate}` : null;
    await deps.mail
      .send({
        template: AUTOSHIP_CHANGE_TEMPLATE,
        to: view.email,
        content: subscriptionChangeMail({
          storeName: deps.config.storeName,
          firstName: who?.firstName ?? "",
          contractId: view.contractId,
          change,
          item: `${view.productTitle} (${view.variantTitle})`,
          quantity: view.quantity,
          frequency: view.frequencyLabel,
          status: view.status,
          nextOrder,
          price: formatUsd(view.totalCents),
          manageUrl: `${base}/account/autoships`,
        }),
      })
      // The change itself is committed; a mail that could not be recorded is logged, not undone.
      .catch((err: unknown) => deps.log?.error({ err, subscriptionId: view.id }, "autoship confirmation mail not recorded"));
  }

  /** The owner's subscription, read without a lock (for checks before slow work or other modules' answers). */
  async function peek(customerId: string, subscriptionId: string) {
    if (!isUuid(subscriptionId)) return null;
    const [row] = await db
      .select({ status: subscriptions.status, productId: subscriptions.productId })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
    return row ?? null;
  }

  async function shipNow(ctx: ActionContext, subscriptionId: string): Promise<ActionResult> {
    const row = await peek(ctx.customerId, subscriptionId);
    if (!row) return notFound();
    const allowed = transition(row.status, "ship_now");
    if (!allowed.ok) return fail("NOT_ALLOWED", "intent", allowed.message);
    if (!deps.shipNow) return fail("SHIP_NOW_FAILED", "intent", "Ship now is not available right now; try again later.");
    let claim: Date | undefined;
    if (ctx.link) {
      claim = new Date(clock().getTime() + LINK_CLAIM_MS);
      const refused = await claimForLink(subscriptionId, ctx.link, claim);
      if (refused) return refused;
    }
    const placed = await deps.shipNow(subscriptionId, clock(), claim);
    if (!placed.ok) return fail("SHIP_NOW_FAILED", "intent", placed.message);
    if (ctx.link)
      await db
        .insert(subscriptionEvents)
        .values({ subscriptionId, kind: EVENT_KIND.ship_now, actor: "customer", detail: { via: "mail_link", orderNumber: placed.orderNumber } });
    const view = (await deps.views.get(ctx.customerId, subscriptionId))!;
    const message = placed.orderNumber ? `Order ${placed.orderNumber} was placed and will ship soon.` : ACTION_DONE.ship_now;
    await confirm(ctx.customerId, view, message, ctx.origin);
    return { ok: true, subscription: view, message, ...(placed.orderNumber ? { orderNumber: placed.orderNumber } : {}) };
  }

  /**
   * A mail link's ship now: under the row lock, the subscription must still be on the link's cycle
   * and nobody placing its order; the renewal lease is then taken in the same transaction, so a
   * second press of the link finds the order being placed, then the cycle moved on.
   */
  async function claimForLink(subscriptionId: string, link: MailLinkCycle, claim: Date): Promise<ActionFailure | null> {
    return db.transaction(async (tx) => {
      const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
      if (!s) return notFound();
      if (!isLinkCurrent(s, link)) return spent();
      if (s.renewalClaimedUntil && s.renewalClaimedUntil > clock())
        return fail("NOT_ALLOWED", "intent", "Your Autoship order is being placed right now. Please try again in a few minutes.");
      await tx.update(subscriptions).set({ renewalClaimedUntil: claim }).where(eq(subscriptions.id, s.id));
      return null;
    });
  }

  /**
   * What the action needs from the catalog, the address book or the wallet, asked before the row
   * lock (those modules' answers do not depend on the subscription's row). A new card is tokenized
   * and saved here — the processor call is slow and must not run under the lock — and only within
   * the checkout's card-testing limit (per customer and per client IP); it stays in the customer's
   * wallet either way.
   */
  async function prepare(ctx: ActionContext, productId: number, input: SubscriptionActionInput): Promise<ActionAnswers<OrderAddress> | ActionFailure> {
    const { customerId } = ctx;
    switch (input.intent) {
      case "swap_variant": {
        // This product's sizes and flavours, and its line's other recipes still sold (the
        // cancellation flow's "switching food").
        const family = await deps.catalog.productFamilies([productId]);
        const line = family.find((p) => p.id === productId)?.family;
        return {
          variantChoices: family
            .filter((p) => p.family === line && (p.published || p.id === productId))
            .flatMap((p) => p.variants.map((v) => ({ id: v.id, productId: p.id, sites: p.sites }))),
        };
      }
      case "change_address": {
        let address: OrderAddress;
        if ("address" in input) {
          address = orderAddressOf(input.address);
        } else {
          const saved = (await deps.identity.customer(customerId))?.addresses.find((a) => a.id === input.addressId);
          if (!saved) return fail("INVALID", "addressId", "Choose one of your addresses.");
          address = orderAddressOf(saved);
        }
        // A renewal ships from the warehouse serving the ZIP: an unserved ZIP would fail every renewal.
        if (!(await deps.catalog.warehouseForZip(address.zip))) return fail("INVALID", "zip", unservedMessage(address.zip));
        return { address };
      }
      case "change_payment": {
        if ("card" in input) {
          const allowed = await deps.identity.takeSubscriptionCardAttempt(customerId, ctx.clientIp ?? null);
          if (!allowed.ok) return fail("RATE_LIMITED", "cardNumber", allowed.message);
          const saved = await deps.payments.saveCard(customerId, input.card);
          if (!saved.ok) return fail("INVALID", saved.field === "number" ? "cardNumber" : saved.field === "expiry" ? "expMonth" : saved.field, saved.message);
          return { paymentMethod: saved.method };
        }
        // Only one of the customer's own saved methods.
        const method = (await deps.payments.listMethods(customerId)).find((m) => m.id === input.paymentMethodId);
        if (!method) return fail("INVALID", "paymentMethodId", "Choose one of your payment methods.");
        return { paymentMethod: method };
      }
      default:
        return {};
    }
  }

  /**
   * One customer action. `origin` (the request's, e.g. "https://shop.example") builds the mail's
   * link when PUBLIC_URL is not configured.
   */
  async function act(ctx: ActionContext, subscriptionId: string, input: SubscriptionActionInput): Promise<ActionResult> {
    const { customerId } = ctx;
    if (input.intent === "ship_now") return shipNow(ctx, subscriptionId);

    const row = await peek(customerId, subscriptionId);
    if (!row) return notFound();
    // Refused before asking other modules (and before a card is tokenized); checked again under the lock.
    const allowed = transition(row.status, input.intent);
    if (!allowed.ok) return fail("NOT_ALLOWED", "intent", allowed.message);
    const prepared = await prepare(ctx, row.productId, input);
    if ("ok" in prepared) return prepared;

    const now = clock();
    const today = dayOf(now);
    // The save offer a cancel declines, or a change takes, is the one the page showed: fitted to the
    // pet's days of supply where known.
    const offerAsked = input.intent === "cancel" ? input.reason : (ctx.saveReason ?? null);
    const supplyDays = offerAsked ? ((await deps.views.get(customerId, subscriptionId))?.feeding?.daysSupply ?? null) : null;
    const outcome = await db.transaction(async (tx): Promise<ActionFailure | { ok: true; before: ActionBefore }> => {
      const [s] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
        .for("update");
      if (!s) return notFound();
      if (ctx.link && !isLinkCurrent(s, ctx.link)) return spent();
      // The renewal engine is placing this subscription's order (its lease): a change now could
      // contradict the order being placed, so the customer is asked to try again shortly.
      if (s.renewalClaimedUntil && s.renewalClaimedUntil > clock())
        return fail("NOT_ALLOWED", "intent", "Your Autoship order is being placed right now. Please try again in a few minutes.");
      const planned = planAction(s, input, today, prepared);
      if (!planned.ok) return planned;
      const offer = offerAsked ? await offerFor(tx, s, offerAsked, supplyDays, now) : null;
      // Status and hold as the transition table says; a move to another cycle drops the old cycle's retries.
      await tx
        .update(subscriptions)
        .set({
          ...planned.patch,
          status: planned.status,
          hold: planned.hold,
          ...(planned.endsHold ? { retryAt: null, failedAttempts: 0 } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, s.id));
      // Same event kind as the customer's own action; an operator's is told apart by actor and detail.operator.
      const detail = input.intent === "cancel" && offer ? { ...planned.detail, offer } : planned.detail;
      await tx.insert(subscriptionEvents).values({
        subscriptionId: s.id,
        kind: EVENT_KIND[input.intent],
        actor: ctx.operator ? "operator" : "customer",
        detail: ctx.operator ? { ...detail, operator: ctx.operator } : ctx.link ? { ...detail, via: "mail_link" } : detail,
      });
      if (input.intent !== "cancel" && offer && takesOffer(offer, input.intent, "frequencyWeeks" in input ? input.frequencyWeeks : undefined))
        await tx
          .insert(subscriptionEvents)
          .values({ subscriptionId: s.id, kind: SAVE_OFFER_ACCEPTED, actor: ctx.operator ? "operator" : "customer", detail: { reason: offerAsked, offer } });
      return { ok: true, before: { status: s.status, hold: s.hold, nextOrderDate: s.nextOrderDate } };
    });
    if (!outcome.ok) return outcome;
    const view = (await deps.views.get(customerId, subscriptionId))!;
    const message = input.intent === "cancel" ? cancelledMessage(input.reason) : ACTION_DONE[input.intent];
    await confirm(customerId, view, message, ctx.origin);
    return { ok: true, subscription: view, message, before: outcome.before };
  }

  /**
   * An operator's step that is not one of the customer's commands (a renewal retried from the
   * console): recorded in the subscription's history with who did it and why. The renewal's own
   * outcome is recorded by the renewal engine beside it.
   */
  async function recordOnBehalf(subscriptionId: string, kind: string, operator: OnBehalf, detail: Record<string, unknown>): Promise<void> {
    await db.insert(subscriptionEvents).values({ subscriptionId, kind, actor: "operator", detail: { ...detail, operator } });
  }

  /**
   * An operator's "renew now": the next order date becomes today, under the row lock, so the renewal
   * engine then treats the cycle as due (the customer's own date change starts at tomorrow; "ship
   * now" would bypass the price guard and the substitute). Only an active subscription with nothing
   * held or failed and a date still ahead; recorded as a date change on the customer's behalf.
   */
  async function bringForward(subscriptionId: string, operator: OnBehalf): Promise<{ ok: true; before: ActionBefore } | ActionFailure> {
    if (!isUuid(subscriptionId)) return notFound();
    const now = clock();
    const today = dayOf(now);
    return db.transaction(async (tx) => {
      const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
      if (!s) return notFound();
      if (s.renewalClaimedUntil && s.renewalClaimedUntil > now)
        return fail("NOT_ALLOWED", "intent", "This Autoship's order is being placed right now; try again in a moment.");
      if (s.status !== "active" || s.hold !== null || s.retryAt !== null || s.nextOrderDate <= today)
        return fail("NOT_ALLOWED", "intent", "Only an active Autoship whose next order is still ahead can be renewed now.");
      // Today's cycle already ran (an order placed today, a hold answered or skipped): bringing the
      // date back to it would run that cycle again.
      const [ranToday] = await tx
        .select({ id: subscriptionRenewals.id })
        .from(subscriptionRenewals)
        .where(and(eq(subscriptionRenewals.subscriptionId, s.id), eq(subscriptionRenewals.cycleDate, today)));
      const [heldToday] = await tx
        .select({ id: subscriptionPriceHolds.id })
        .from(subscriptionPriceHolds)
        .where(and(eq(subscriptionPriceHolds.subscriptionId, s.id), eq(subscriptionPriceHolds.cycleDate, today)));
      if (ranToday || heldToday) return fail("NOT_ALLOWED", "intent", "This Autoship already renewed today.");
      await tx
        .update(subscriptions)
        .set({ nextOrderDate: today, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, s.id));
      await tx
        .insert(subscriptionEvents)
        .values({ subscriptionId: s.id, kind: EVENT_KIND.change_date, actor: "operator", detail: { from: s.nextOrderDate, to: today, operator } });
      return { ok: true as const, before: { status: s.status, hold: s.hold, nextOrderDate: s.nextOrderDate } };
    });
  }

  /**
   * The customer's action through a reminder mail's signed link (no sign-in: the link is the
   * proof): the owner's own command, held to the link's cycle under the row lock.
   */
  async function actByLink(link: MailLinkCycle & { subscriptionId: string }, input: SubscriptionActionInput, origin?: string): Promise<ActionResult> {
    if (!isUuid(link.subscriptionId)) return notFound();
    const [owner] = await db.select().from(subscriptions).where(eq(subscriptions.id, link.subscriptionId));
    if (!owner) return notFound();
    // Told apart before the lifecycle's own refusals (a cancelled Autoship): the link's delivery is gone either way.
    if (!isLinkCurrent(owner, link)) return spent();
    return act({ customerId: owner.customerId, origin, link: { cycleDate: link.cycleDate, version: link.version } }, link.subscriptionId, input);
  }

  return { act, actByLink, recordOnBehalf, bringForward };
}
