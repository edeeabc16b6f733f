import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  AUTOSHIP_EXTRA_DISCOUNT,
  AUTOSHIP_FREQUENCY_WEEKS,
  autoshipPriceCents,
  DEFAULT_AUTOSHIP_FREQUENCY_WEEKS,
  frequencyLabel,
  frequencyOfSellingPlan,
  sellingPlanIdFor,
} from "../../../rules/autoship-offer";
import {
  ACTION_DONE,
  cancelReasonLabel,
  checkNextDate,
  firstRenewalDate,
  nextDateBounds,
  resumeDate,
  skippedDate,
  transition,
  type SubscriptionAction,
  type SubscriptionActionInput,
} from "../../../rules/autoship-subscription";
import { imageUrl, packshotSource } from "../../../rules/images";
import { MAX_AUTOSHIP_QUANTITY } from "../../../rules/quantity";
import type { SiteId } from "../../../rules/site";
import { unservedMessage } from "../../../rules/zip";
import { systemClock, type Clock } from "../../clock";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../log";
import { products, variants } from "../catalog/schema";
import { STOCK_EXEMPT_PRODUCT_TYPE, warehouseForZip } from "../catalog/stock";
import { customerAddresses, customers } from "../identity/schema";
import type { createMailService } from "../mail/service";
import { orderAddressOf, orderLines, type OrderAddress, type orders } from "../orders/schema";
import { paymentMethods } from "../payments/schema";
import type { PaymentSource, PaymentsService } from "../payments/service";
import { AUTOSHIP_CHANGE_TEMPLATE, subscriptionChangeMail } from "./mail";
import { subscriptionEvents, subscriptions, type SubscriptionHold, type SubscriptionStatus } from "./schema";
import { formatUsd, moneyOf } from "../../../rules/money";
import { dayOf } from "../../../rules/calendar-days";
import { isUuid } from "../../../rules/ids";

// Autoship subscriptions: created by the place-order workflow for every autoship line of a
// paid order, then changed by their owner from My Subscriptions. Every read and change is scoped to
// the customer (someone else's subscription is not found); every change runs in one transaction
// holding the subscription's row lock, is recorded as a subscription_events row and confirmed by
// e-mail. Business failures are typed results naming the field.

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type MailService = ReturnType<typeof createMailService>;


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

export type SubscriptionView = {
  id: string;
  contractId: string;
  site: SiteId;
  status: SubscriptionStatus;
  hold: SubscriptionHold | null;
  cancelReason: string | null;
  cancelReasonLabel: string | null;
  productId: number;
  productTitle: string;
  productHandle: string;
  variantId: number;
  variantTitle: string;
  sku: string;
  image: { url: string; alt: string };
  weight: number;
  weightUnit: string;
  quantity: number;
  frequencyWeeks: number;
  frequencyLabel: string;
  /** Shelf price and the autoship price (5% off) per item, and the autoship price × quantity. */
  unitPriceCents: number;
  autoshipUnitPriceCents: number;
  totalCents: number;
  startDate: string;
  nextOrderDate: string;
  shippingAddress: OrderAddress;
  email: string;
  paymentMethod: { id: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
  createdAt: string;
  /** Every variant of the same product, for the swap choice (the current one included). */
  variantChoices: { id: number; title: string; sku: string; autoshipUnitPriceCents: number }[];
  /** The latest events, newest first. */
  history: { kind: string; actor: string; detail: Record<string, unknown>; at: string }[];
};

export type ActionFailure = {
  ok: false;
  code: "NOT_FOUND" | "NOT_ALLOWED" | "INVALID" | "SHIP_NOW_FAILED";
  message: string;
  field: string;
};
/** `orderNumber`: the order a ship-now placed. */
export type ActionResult = { ok: true; subscription: SubscriptionView; message: string; orderNumber?: string } | ActionFailure;

/** Ship now: the renewal engine places the order at once (wired by createServices). */
export type ShipNow = (subscriptionId: string, now: Date) => Promise<{ ok: true; orderNumber: string | null } | { ok: false; message: string }>;

export type AutoshipDeps = {
  db: Db;
  config: Pick<Config, "storeName" | "publicUrl">;
  payments: Pick<PaymentsService, "saveCard">;
  mail: Pick<MailService, "send">;
  clock?: Clock;
  log?: Logger;
  shipNow?: ShipNow;
};

const HISTORY_PER_SUBSCRIPTION = 10;

const fail = (code: ActionFailure["code"], field: string, message: string): ActionFailure => ({ ok: false, code, field, message });

/**
 * A held renewal (out of stock, card declined) belongs to the cycle it was held for. Moving to
 * another cycle (skip, new date, resume, reactivate) or giving a new card starts afresh: the
 * renewal engine then treats the subscription like any other due one.
 */
const CLEAR_HOLD = { hold: null, retryAt: null, failedAttempts: 0 } as const;

export function createAutoshipService(deps: AutoshipDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  /** One query for the subscriptions with their product, variant and payment method; one for the swap choices; one for history. */
  async function views(customerId: string, onlyId?: string): Promise<SubscriptionView[]> {
    const rows = await db
      .select({
        s: subscriptions,
        productTitle: products.title,
        productHandle: products.handle,
        flavor: variants.flavor,
        sizeLabel: variants.sizeLabel,
        sku: variants.sku,
        priceCents: variants.priceCents,
        imageKey: variants.imageKey,
        weight: variants.weight,
        weightUnit: variants.weightUnit,
        pm: { id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear },
      })
      .from(subscriptions)
      .innerJoin(variants, eq(variants.id, subscriptions.variantId))
      .innerJoin(products, eq(products.id, subscriptions.productId))
      // Only the owner's own saved method is shown, whatever the row says.
      .leftJoin(paymentMethods, and(eq(paymentMethods.id, subscriptions.paymentMethodId), eq(paymentMethods.customerId, subscriptions.customerId)))
      .where(and(eq(subscriptions.customerId, customerId), onlyId ? eq(subscriptions.id, onlyId) : undefined))
      .orderBy(sql`case ${subscriptions.status} when 'active' then 0 when 'paused' then 1 else 2 end`, desc(subscriptions.createdAt), asc(subscriptions.id));
    if (!rows.length) return [];
    const productIds = [...new Set(rows.map((r) => r.s.productId))];
    const ids = rows.map((r) => r.s.id);
    const [siblings, events] = await Promise.all([
      db
        .select({ id: variants.id, productId: variants.productId, flavor: variants.flavor, sizeLabel: variants.sizeLabel, sku: variants.sku, priceCents: variants.priceCents })
        .from(variants)
        .where(inArray(variants.productId, productIds))
        .orderBy(asc(variants.position), asc(variants.id)),
      db
        .select()
        .from(subscriptionEvents)
        .where(inArray(subscriptionEvents.subscriptionId, ids))
        .orderBy(desc(subscriptionEvents.id))
        .limit(HISTORY_PER_SUBSCRIPTION * ids.length),
    ]);
    return rows.map(({ s, pm, ...v }) => {
      const autoshipUnit = autoshipPriceCents(v.priceCents);
      const variantTitle = `${v.flavor} / ${v.sizeLabel}`;
      return {
        id: s.id,
        contractId: s.contractId,
        site: s.site,
        status: s.status,
        hold: s.hold,
        cancelReason: s.cancelReason,
        cancelReasonLabel: cancelReasonLabel(s.cancelReason),
        productId: s.productId,
        productTitle: v.productTitle,
        productHandle: v.productHandle,
        variantId: s.variantId,
        variantTitle,
        sku: v.sku,
        image: { url: imageUrl(packshotSource(v.imageKey), 320), alt: `${v.productTitle}, ${v.flavor}, ${v.sizeLabel}` },
        weight: v.weight,
        weightUnit: v.weightUnit,
        quantity: s.quantity,
        frequencyWeeks: s.frequencyWeeks,
        frequencyLabel: frequencyLabel(s.frequencyWeeks),
        unitPriceCents: v.priceCents,
        autoshipUnitPriceCents: autoshipUnit,
        totalCents: autoshipUnit * s.quantity,
        startDate: s.startDate,
        nextOrderDate: s.nextOrderDate,
        shippingAddress: s.shippingAddress,
        email: s.email,
        paymentMethod: pm,
        createdAt: s.createdAt.toISOString(),
        variantChoices: siblings
          .filter((x) => x.productId === s.productId)
          .map((x) => ({ id: x.id, title: `${x.flavor} / ${x.sizeLabel}`, sku: x.sku, autoshipUnitPriceCents: autoshipPriceCents(x.priceCents) })),
        history: events
          .filter((e) => e.subscriptionId === s.id)
          .slice(0, HISTORY_PER_SUBSCRIPTION)
          .map((e) => ({ kind: e.kind, actor: e.actor, detail: e.detail, at: e.createdAt.toISOString() })),
      };
    });
  }

  async function get(customerId: string, subscriptionId: string): Promise<SubscriptionView | null> {
    if (!isUuid(subscriptionId)) return null;
    return (await views(customerId, subscriptionId))[0] ?? null;
  }

  async function confirm(customerId: string, view: SubscriptionView, change: string, origin: string | undefined) {
    const [who] = await db.select({ firstName: customers.firstName }).from(customers).where(eq(customers.id, customerId));
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

  /** The owner's subscription and its status, read without a lock (for checks before slow work). */
  async function peek(customerId: string, subscriptionId: string) {
    if (!isUuid(subscriptionId)) return null;
    const [row] = await db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
    return row ?? null;
  }

  const notFound = () => fail("NOT_FOUND", "subscriptionId", "No such subscription.");

  async function shipNow(customerId: string, subscriptionId: string, origin: string | undefined): Promise<ActionResult> {
    const row = await peek(customerId, subscriptionId);
    if (!row) return notFound();
    const allowed = transition(row.status, "ship_now");
    if (!allowed.ok) return fail("NOT_ALLOWED", "intent", allowed.message);
    if (!deps.shipNow) return fail("SHIP_NOW_FAILED", "intent", "Ship now is not available right now; try again later.");
    const placed = await deps.shipNow(subscriptionId, clock());
    if (!placed.ok) return fail("SHIP_NOW_FAILED", "intent", placed.message);
    const view = (await get(customerId, subscriptionId))!;
    const message = placed.orderNumber ? `Order ${placed.orderNumber} was placed and will ship soon.` : ACTION_DONE.ship_now;
    await confirm(customerId, view, message, origin);
    return { ok: true, subscription: view, message, ...(placed.orderNumber ? { orderNumber: placed.orderNumber } : {}) };
  }

  return {
    /** The customer's subscriptions: active first, then paused, then cancelled; newest first within each. */
    list: (customerId: string) => views(customerId),

    get,

    /** The dates a next order may be moved to, by the service's clock (the page's date inputs). */
    dateBounds: () => nextDateBounds(dayOf(clock())),

    /**
     * SPEC §7 get-ordergroove-product-by-sku: whether and how a SKU can be subscribed on a site. Only
     * the direct-to-consumer shop offers Autoship (SPEC §6: staff mode hides it), and only products
     * sold there; a non-physical product (a donation) never ships on a schedule.
     */
    async offerForSku(sku: string, site: SiteId) {
      const [v] = await db
        .select({ id: variants.id, productId: variants.productId, priceCents: variants.priceCents, sites: products.sites, productType: products.productType, title: products.title })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.sku, sku));
      if (!v) return { sku, exists: false as const, subscribable: false, reason: "unknown_sku" as const };
      const reason = site !== "d2c" ? "site" : !v.sites.includes(site) ? "not_sold_here" : v.productType === STOCK_EXEMPT_PRODUCT_TYPE ? "not_shippable" : null;
      return {
        sku,
        exists: true as const,
        subscribable: reason === null,
        reason,
        productId: String(v.productId),
        variantId: String(v.id),
        title: v.title,
        d2c: v.sites.includes("d2c"),
        discount: { type: "percentage" as const, value: AUTOSHIP_EXTRA_DISCOUNT * 100 },
        price: moneyOf(v.priceCents),
        autoshipPrice: moneyOf(autoshipPriceCents(v.priceCents)),
        defaultFrequency: DEFAULT_AUTOSHIP_FREQUENCY_WEEKS,
        every_period: "week",
        frequencies: reason === null
          ? AUTOSHIP_FREQUENCY_WEEKS.map((w) => ({ every: w, every_period: "week", frequencyDays: w * 7, sellingPlanId: sellingPlanIdFor(w), label: frequencyLabel(w) }))
          : [],
      };
    },

    /** What My Account's dashboard shows: how many are active and the earliest next order. */
    async summary(customerId: string): Promise<{ active: number; total: number; nextOrderDate: string | null }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${subscriptions.status} = 'active'))::int`,
          next: sql<string | null>`min(${subscriptions.nextOrderDate}) filter (where ${subscriptions.status} = 'active')`,
        })
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customerId));
      return { active: row?.active ?? 0, total: row?.total ?? 0, nextOrderDate: row?.next ? String(row.next).slice(0, 10) : null };
    },

    /**
     * One customer action. `origin` (the request's, e.g. "https://shop.example") builds the mail's
     * link when PUBLIC_URL is not configured.
     */
    async act(ctx: { customerId: string; origin?: string }, subscriptionId: string, input: SubscriptionActionInput): Promise<ActionResult> {
      const { customerId } = ctx;
      if (input.intent === "ship_now") return shipNow(customerId, subscriptionId, ctx.origin);

      // A new card is tokenized and saved before the transaction (the processor call is slow and
      // must not run under the row lock); it stays in the customer's wallet either way.
      let newCardId: string | null = null;
      if (input.intent === "change_payment" && "card" in input) {
        const row = await peek(customerId, subscriptionId);
        if (!row) return notFound();
        const allowed = transition(row.status, "change_payment");
        if (!allowed.ok) return fail("NOT_ALLOWED", "intent", allowed.message);
        const saved = await deps.payments.saveCard(customerId, input.card);
        if (!saved.ok) return fail("INVALID", saved.field === "number" ? "cardNumber" : saved.field === "expiry" ? "expMonth" : saved.field, saved.message);
        newCardId = saved.method.id;
      }

      if (!isUuid(subscriptionId)) return notFound();
      const today = dayOf(clock());
      const outcome = await db.transaction(async (tx): Promise<ActionFailure | { ok: true }> => {
        const [s] = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
          .for("update");
        if (!s) return notFound();
        // The renewal engine is placing this subscription's order (its lease): a change now could
        // contradict the order being placed, so the customer is asked to try again shortly.
        if (s.renewalClaimedUntil && s.renewalClaimedUntil > clock())
          return fail("NOT_ALLOWED", "intent", "Your Autoship order is being placed right now. Please try again in a few minutes.");
        const next = transition(s.status, input.intent);
        if (!next.ok) return fail("NOT_ALLOWED", "intent", next.message);

        let patch: Partial<typeof subscriptions.$inferInsert> = {};
        let detail: Record<string, unknown> = {};
        switch (input.intent) {
          case "change_frequency":
            if (!AUTOSHIP_FREQUENCY_WEEKS.includes(input.frequencyWeeks)) return fail("INVALID", "frequencyWeeks", "Choose every 1 to 12 weeks");
            patch = { frequencyWeeks: input.frequencyWeeks };
            detail = { from: s.frequencyWeeks, to: input.frequencyWeeks };
            break;
          case "change_quantity":
            if (input.quantity < 1 || input.quantity > MAX_AUTOSHIP_QUANTITY) return fail("INVALID", "quantity", `Autoship items are limited to ${MAX_AUTOSHIP_QUANTITY}`);
            patch = { quantity: input.quantity };
            detail = { from: s.quantity, to: input.quantity };
            break;
          case "change_date": {
            const ok = checkNextDate(input.nextOrderDate, today);
            if (!ok.ok) return fail("INVALID", "nextOrderDate", ok.message);
            patch = { nextOrderDate: input.nextOrderDate, ...CLEAR_HOLD };
            detail = { from: s.nextOrderDate, to: input.nextOrderDate };
            break;
          }
          case "skip":
            patch = { nextOrderDate: skippedDate(s.nextOrderDate, s.frequencyWeeks), ...CLEAR_HOLD };
            detail = { skipped: s.nextOrderDate, next: patch.nextOrderDate };
            break;
          case "pause":
            patch = { status: next.status };
            break;
          case "resume":
            patch = { status: next.status, nextOrderDate: resumeDate(s.nextOrderDate, today), ...CLEAR_HOLD };
            detail = { next: patch.nextOrderDate };
            break;
          case "reactivate": {
            if (input.nextOrderDate) {
              const ok = checkNextDate(input.nextOrderDate, today);
              if (!ok.ok) return fail("INVALID", "nextOrderDate", ok.message);
            }
            patch = { status: next.status, cancelReason: null, nextOrderDate: input.nextOrderDate ?? resumeDate(s.nextOrderDate, today), ...CLEAR_HOLD };
            detail = { from: s.status, next: patch.nextOrderDate };
            break;
          }
          case "cancel":
            patch = { status: next.status, cancelReason: input.reason };
            detail = { reason: input.reason, from: s.status };
            break;
          case "swap_variant": {
            const [v] = await tx
              .select({ id: variants.id, sites: products.sites })
              .from(variants)
              .innerJoin(products, eq(products.id, variants.productId))
              .where(and(eq(variants.id, input.variantId), eq(variants.productId, s.productId)));
            if (!v || !v.sites.includes(s.site)) return fail("INVALID", "variantId", "Choose a size or flavor of this product.");
            if (v.id === s.variantId) return fail("INVALID", "variantId", "This is already the item you receive.");
            patch = { variantId: v.id };
            detail = { from: s.variantId, to: v.id };
            break;
          }
          case "change_address": {
            let address: OrderAddress;
            if ("address" in input) {
              address = orderAddressOf(input.address);
            } else {
              const [saved] = await tx
                .select()
                .from(customerAddresses)
                .where(and(eq(customerAddresses.id, input.addressId), eq(customerAddresses.customerId, customerId)));
              if (!saved) return fail("INVALID", "addressId", "Choose one of your addresses.");
              address = orderAddressOf(saved);
            }
            // A renewal ships from the warehouse serving the ZIP: an unserved ZIP would fail every renewal.
            if (!(await warehouseForZip(tx, address.zip))) return fail("INVALID", "zip", unservedMessage(address.zip));
            patch = { shippingAddress: address };
            detail = { zip: address.zip, city: address.city };
            break;
          }
          case "change_payment": {
            const id = newCardId ?? ("paymentMethodId" in input ? input.paymentMethodId : null);
            const [pm] = id
              ? await tx
                  .select({ id: paymentMethods.id, last4: paymentMethods.last4 })
                  .from(paymentMethods)
                  .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId)))
              : [];
            if (!pm) return fail("INVALID", "paymentMethodId", "Choose one of your payment methods.");
            patch = { paymentMethodId: pm.id, ...(s.hold === "payment_failed" ? CLEAR_HOLD : {}) };
            detail = { last4: pm.last4 };
            break;
          }
        }
        await tx
          .update(subscriptions)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, s.id));
        await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: EVENT_KIND[input.intent], actor: "customer", detail });
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      const view = (await get(customerId, subscriptionId))!;
      const message = ACTION_DONE[input.intent];
      await confirm(customerId, view, message, ctx.origin);
      return { ok: true, subscription: view, message };
    },
  };
}

export type AutoshipService = ReturnType<typeof createAutoshipService>;

// ---- creation at checkout (called by server/workflows/place-order.ts inside its pay transaction) ----

/** The autoship lines of an order: those whose selling plan is one of the offered frequencies. */
export function autoshipLines(lines: readonly OrderLineRow[]): { line: OrderLineRow; frequencyWeeks: number }[] {
  return lines.flatMap((line) => {
    const frequencyWeeks = frequencyOfSellingPlan(line.sellingPlanId);
    return frequencyWeeks ? [{ line, frequencyWeeks }] : [];
  });
}

export type AutoshipPayment =
  | { ok: true; source: PaymentSource; paymentMethodId: string | null; savedNewCard: boolean; lines: OrderLineRow[] }
  | { ok: false; code: "PAYMENT_DECLINED"; reason: "invalid_card"; message: string; field: string };

/**
 * Before the first charge of an order that starts subscriptions: a renewal can only charge a saved
 * method, so a card entered at checkout is saved for the customer and the order is charged through
 * that saved method — the card is tokenized once. A renewal order, a guest order or one without
 * autoship lines is charged as entered.
 */
export async function autoshipPayment(
  tx: Db,
  payments: Pick<PaymentsService, "saveCard">,
  order: Pick<OrderRow, "id" | "customerId">,
  input: { payment: PaymentSource; renewalOfSubscriptionId?: string | null },
): Promise<AutoshipPayment> {
  const asEntered = { ok: true as const, source: input.payment, paymentMethodId: null, savedNewCard: false, lines: [] };
  if (!order.customerId || input.renewalOfSubscriptionId) return asEntered;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  if (!autoshipLines(lines).length) return asEntered;
  if (input.payment.kind === "saved") return { ok: true, source: input.payment, paymentMethodId: input.payment.paymentMethodId, savedNewCard: false, lines };
  const saved = await payments.saveCard(order.customerId, input.payment.card, tx);
  if (!saved.ok) return { ok: false, code: "PAYMENT_DECLINED", reason: "invalid_card", message: saved.message, field: `payment.card.${saved.field}` };
  return { ok: true, source: { kind: "saved", paymentMethodId: saved.method.id }, paymentMethodId: saved.method.id, savedNewCard: true, lines };
}

/**
 * One subscription per autoship line of a paid order (never for a renewal order): starts today,
 * first renewal one frequency later, to the order's address with the saved payment method, and a
 * "created" event. Runs in the transaction that marks the order paid, so it happens exactly once;
 * the unique (origin order, variant, frequency) index is the last line of defence.
 */
export async function createSubscriptionsForOrder(
  tx: Db,
  p: { order: OrderRow; lines: readonly OrderLineRow[]; today: string; paymentMethodId: string | null },
): Promise<string[]> {
  const { order } = p;
  const plans = autoshipLines(p.lines);
  if (!order.customerId || !plans.length) return [];
  const productOf = new Map(
    (
      await tx
        .select({ id: variants.id, productId: variants.productId })
        .from(variants)
        .where(inArray(variants.id, plans.map((x) => x.line.variantId)))
    ).map((v) => [v.id, v.productId]),
  );
  const created = await tx
    .insert(subscriptions)
    .values(
      plans.map(({ line, frequencyWeeks }) => ({
        site: order.site,
        customerId: order.customerId!,
        productId: productOf.get(line.variantId)!,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, MAX_AUTOSHIP_QUANTITY),
        frequencyWeeks,
        startDate: p.today,
        nextOrderDate: firstRenewalDate(p.today, frequencyWeeks),
        shippingAddress: order.shippingAddress,
        email: order.email,
        paymentMethodId: p.paymentMethodId,
        shippingMethod: order.shippingMethod,
        originOrderId: order.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (created.length)
    await tx
      .insert(subscriptionEvents)
      .values(created.map((c) => ({ subscriptionId: c.id, kind: "created", actor: "customer" as const, detail: { orderId: order.id, orderNumber: order.number } })));
  return created.map((c) => c.id);
}
