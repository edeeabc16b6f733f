import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  AUTOSHIP_EXTRA_DISCOUNT,
  AUTOSHIP_FREQUENCY_WEEKS,
  autoshipPriceCents,
  autoshipUnitPriceCents,
  DEFAULT_AUTOSHIP_FREQUENCY_WEEKS,
  frequencyLabel,
  sellingPlanIdFor,
} from "../../../rules/autoship/offer-and-frequency";
import { cancelReasonLabel, nextDateBounds, type CancelReason } from "../../../rules/autoship/subscription-states";
import type { SaveOffer } from "../../../rules/autoship/save-offers";
import { imageUrl, packshotSource } from "../../../rules/catalog/image-urls";
import type { SiteId } from "../../../rules/shared/site";
import type { Clock } from "../../clock";
import { dayOf } from "../../../rules/shared/calendar-days";
import type { Db } from "../../db/client";
import type { CatalogService } from "../catalog";
import type { IdentityService } from "../identity";
import type { OrderAddress } from "../orders";
import type { PaymentsService } from "../payments";
import type { PetsService } from "../pets";
import { subscriptionEvents, subscriptionPriceHolds, subscriptionRenewals, subscriptions, type SubscriptionHold, type SubscriptionStatus } from "./schema";
import { dailyPortion, daysSupply, feedingGuideFor, runOut, type PetProfile, type RunOut } from "../../../rules/autoship/feeding-calculator";
import { moneyOf } from "../../../rules/shared/money";
import { isUuid } from "../../../rules/shared/ids";
import { lastDiscountOffers, offersByReason, saveOfferSettings } from "./save-offers";
import { pendingOneTimeItems } from "./one-time-items";
import { pendingLifeStageProposals } from "./life-stage";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";

// The autoship read model: what My Subscriptions, the dashboard and the API show. Reads the
// module's own tables; the item comes from the catalog's service and the card from the payments
// service. Every read is scoped to the customer: someone else's subscription is not found.

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
  /** The variants of the line's other recipes sold on the site (the cancellation flow's "switching food"). */
  otherRecipes: { id: number; productTitle: string; title: string; autoshipUnitPriceCents: number }[];
  /** The pet this food is for (My Autoships' pet form); null: none given, so no run-out date. */
  petProfile: PetProfile | null;
  /** The kept pet (My Pets) whose profile that is, when the customer linked one. */
  petId: string | null;
  /**
   * From the pet and the last order (active subscriptions with a pet only): daily portion, days one
   * delivery lasts, when it runs out, and whether the next delivery comes too late (with a date to move to).
   */
  feeding: (RunOut & { gramsPerDay: number; daysSupply: number; lastOrderDate: string }) | null;
  /** The price guard's threshold, and the renewal it holds waiting for the customer's answer. */
  priceGuardPercent: number;
  priceHold: { id: string; cycleDate: string; oldUnitCents: number; newUnitCents: number; answerBy: string } | null;
  /** The customer's chosen substitute, shipped when the usual item is out of stock on renewal day. */
  substitute: { variantId: number; title: string; sku: string } | null;
  /** The cancellation flow's one offer per reason (null once cancelled), and a discount accepted for the next delivery. */
  saveOffers: Record<CancelReason, SaveOffer> | null;
  saveDiscountPercent: number | null;
  /** One-time items waiting for the next delivery, at their own price. */
  oneTimeItems: { id: string; variantId: number; title: string; sku: string; quantity: number; unitPriceCents: number }[];
  /** A life-stage swap waiting for the customer's answer (the pet reached `stage`): the proposed item and both Autoship unit prices. */
  lifeStageProposal: {
    id: string;
    stage: "adult" | "senior";
    reachedOn: string;
    petId: string | null;
    productTitle: string;
    variantTitle: string;
    sku: string;
    fromUnitCents: number;
    toUnitCents: number;
  } | null;
  /** The latest events, newest first. */
  history: { kind: string; actor: string; detail: Record<string, unknown>; at: string }[];
};

export type SubscriptionViewsDeps = {
  db: Db;
  catalog: Pick<CatalogService, "variantsOfProducts" | "variantBySku" | "productFamilies">;
  identity: Pick<IdentityService, "customer">;
  payments: Pick<PaymentsService, "listMethods">;
  pets: Pick<PetsService, "list">;
  clock: Clock;
};

const HISTORY_PER_SUBSCRIPTION = 10;

/** The customer sees that a change was made for them, not the operator's e-mail or internal note (the console shows those). */
function customerDetail(detail: Record<string, unknown>): Record<string, unknown> {
  if (!("operator" in detail)) return detail;
  const { operator: _operator, ...rest } = detail;
  return rest;
}

/** The run-out figures of an active subscription with a pet whose food has a feeding table. */
function feedingOf(
  s: { status: SubscriptionStatus; petProfile: PetProfile | null; quantity: number; startDate: string; nextOrderDate: string },
  v: { productHandle: string; species: "dog" | "cat"; foodForm: string; weight: number; weightUnit: string },
  lastPlaced: string | null,
  today: string,
): SubscriptionView["feeding"] {
  if (s.status !== "active" || !s.petProfile) return null;
  const portion = dailyPortion(feedingGuideFor({ handle: v.productHandle, species: v.species, foodForm: v.foodForm }), s.petProfile);
  if (!portion) return null;
  const days = daysSupply(v.weight, v.weightUnit, s.quantity, portion.grams);
  const lastOrderDate = lastPlaced && lastPlaced > s.startDate ? lastPlaced : s.startDate;
  return { ...runOut({ lastOrderDate, daysSupply: days, nextOrderDate: s.nextOrderDate, today }), gramsPerDay: portion.grams, daysSupply: days, lastOrderDate };
}

export function createSubscriptionViews(deps: SubscriptionViewsDeps) {
  const { db } = deps;

  /** The subscriptions (active, paused, cancelled; newest first within each), then their items, cards and history in one go. */
  async function views(customerId: string, onlyId?: string): Promise<SubscriptionView[]> {
    const rows = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.customerId, customerId), onlyId ? eq(subscriptions.id, onlyId) : undefined))
      .orderBy(sql`case ${subscriptions.status} when 'active' then 0 when 'paused' then 1 else 2 end`, desc(subscriptions.createdAt), asc(subscriptions.id));
    if (!rows.length) return [];
    const ids = rows.map((s) => s.id);
    const [catalogVariants, methods, events, lastPlaced, priceHolds, offerSettings, lastDiscount, oneTime, proposals, families] = await Promise.all([
      deps.catalog.variantsOfProducts(
        [...new Set(rows.map((s) => s.productId))],
        rows.flatMap((s) => (s.substituteVariantId ? [s.variantId, s.substituteVariantId] : [s.variantId])),
      ),
      rows.some((s) => s.paymentMethodId) ? deps.payments.listMethods(customerId) : Promise.resolve([]),
      db
        .select()
        .from(subscriptionEvents)
        .where(inArray(subscriptionEvents.subscriptionId, ids))
        .orderBy(desc(subscriptionEvents.id))
        .limit(HISTORY_PER_SUBSCRIPTION * ids.length),
      // The last order of each (for the run-out date): its latest placed renewal, else the order that started it.
      db
        .select({ id: subscriptionRenewals.subscriptionId, day: sql<string>`max(${subscriptionRenewals.cycleDate})::text` })
        .from(subscriptionRenewals)
        .where(and(inArray(subscriptionRenewals.subscriptionId, ids), eq(subscriptionRenewals.status, "placed")))
        .groupBy(subscriptionRenewals.subscriptionId),
      db
        .select()
        .from(subscriptionPriceHolds)
        .where(and(inArray(subscriptionPriceHolds.subscriptionId, ids), eq(subscriptionPriceHolds.status, "pending"))),
      saveOfferSettings(db),
      lastDiscountOffers(db, ids),
      pendingOneTimeItems(db, ids),
      pendingLifeStageProposals(db, ids),
      deps.catalog.productFamilies([...new Set(rows.map((s) => s.productId))]),
    ]);
    // Items that are not the subscriptions' own: one-time items and proposed swaps.
    const otherIds = [...new Set([...oneTime.map((i) => i.variantId), ...proposals.map((p) => p.toVariantId)])];
    const otherVariants = otherIds.length ? await deps.catalog.variantsOfProducts([], otherIds) : [];
    const now = deps.clock();
    const today = dayOf(now);
    return rows.flatMap((s) => {
      const v = catalogVariants.find((x) => x.id === s.variantId);
      // An item the catalog no longer has cannot be shown (nor renewed).
      if (!v) return [];
      const autoshipUnit = autoshipUnitPriceCents(s.site, v);
      // Only the owner's own saved method is shown, whatever the row says (listMethods is the owner's).
      const pm = methods.find((m) => m.id === s.paymentMethodId) ?? null;
      const feeding = feedingOf(s, v, lastPlaced.find((r) => r.id === s.id)?.day ?? null, today);
      const view: SubscriptionView = {
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
        variantTitle: `${v.flavor} / ${v.sizeLabel}`,
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
        paymentMethod: pm && { id: pm.id, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear },
        createdAt: s.createdAt.toISOString(),
        petProfile: s.petProfile ?? null,
        petId: s.petId,
        priceGuardPercent: s.priceGuardPercent,
        substitute: (() => {
          const x = s.substituteVariantId ? catalogVariants.find((c) => c.id === s.substituteVariantId) : undefined;
          return x ? { variantId: x.id, title: `${x.productTitle} — ${x.flavor} / ${x.sizeLabel}`, sku: x.sku } : null;
        })(),
        priceHold: (() => {
          const h = s.hold === "price_rise" ? priceHolds.find((x) => x.subscriptionId === s.id && x.cycleDate === s.nextOrderDate) : undefined;
          return h
            ? {
                id: h.id,
                cycleDate: h.cycleDate,
                oldUnitCents: h.oldUnitCents,
                newUnitCents: h.newUnitCents,
                answerBy: dayOf(new Date(h.expiresAt.getTime() - 1)),
              }
            : null;
        })(),
        feeding,
        saveOffers:
          s.status === "cancelled"
            ? null
            : offersByReason(
                { frequencyWeeks: s.frequencyWeeks, supplyDays: feeding?.daysSupply ?? null, lastDiscountOfferedAt: lastDiscount.get(s.id) ?? null },
                // A discount already waiting for the next delivery is not offered twice.
                s.saveDiscountCode ? { ...offerSettings, percent: 0 } : offerSettings,
                now,
              ),
        saveDiscountPercent: s.saveDiscountCode ? s.saveDiscountPercent : null,
        oneTimeItems: oneTime.flatMap((i) => {
          const x = i.subscriptionId === s.id ? otherVariants.find((c) => c.id === i.variantId) : undefined;
          return x
            ? [
                {
                  id: i.id,
                  variantId: x.id,
                  title: `${x.productTitle} — ${x.flavor} / ${x.sizeLabel}`,
                  sku: x.sku,
                  quantity: i.quantity,
                  unitPriceCents: s.site === "hpsf" ? (x.programPriceCents ?? x.priceCents) : x.priceCents,
                },
              ]
            : [];
        }),
        otherRecipes: (() => {
          const line = families.find((p) => p.id === s.productId)?.family;
          return families
            .filter((p) => p.family === line && p.id !== s.productId && p.published && p.sites.includes(s.site))
            .flatMap((p) =>
              p.variants.map((x) => ({
                id: x.id,
                productTitle: p.title,
                title: `${x.flavor} / ${x.sizeLabel}`,
                autoshipUnitPriceCents: autoshipUnitPriceCents(s.site, x),
              })),
            );
        })(),
        variantChoices: catalogVariants
          .filter((x) => x.productId === s.productId)
          .map((x) => ({ id: x.id, title: `${x.flavor} / ${x.sizeLabel}`, sku: x.sku, autoshipUnitPriceCents: autoshipUnitPriceCents(s.site, x) })),
        lifeStageProposal: (() => {
          const p = proposals.find((x) => x.subscriptionId === s.id);
          const to = p && otherVariants.find((c) => c.id === p.toVariantId);
          return p && to && s.status !== "cancelled"
            ? {
                id: p.id,
                stage: p.stage,
                reachedOn: p.reachedOn,
                petId: p.petId,
                productTitle: to.productTitle,
                variantTitle: `${to.flavor} / ${to.sizeLabel}`,
                sku: to.sku,
                fromUnitCents: p.fromUnitCents,
                toUnitCents: p.toUnitCents,
              }
            : null;
        })(),
        history: events
          .filter((e) => e.subscriptionId === s.id)
          .slice(0, HISTORY_PER_SUBSCRIPTION)
          .map((e) => ({ kind: e.kind, actor: e.actor, detail: customerDetail(e.detail), at: e.createdAt.toISOString() })),
      };
      return [view];
    });
  }

  async function get(customerId: string, subscriptionId: string): Promise<SubscriptionView | null> {
    if (!isUuid(subscriptionId)) return null;
    return (await views(customerId, subscriptionId))[0] ?? null;
  }

  return {
    /** The customer's subscriptions: active first, then paused, then cancelled; newest first within each. */
    list: (customerId: string) => views(customerId),

    get,

    /**
     * Everything My Subscriptions shows: the subscriptions, the address book and the saved cards to
     * change to, and the dates a next order may be moved to.
     */
    async page(customerId: string) {
      const [subscriptions, customer, methods, pets] = await Promise.all([
        views(customerId),
        deps.identity.customer(customerId),
        deps.payments.listMethods(customerId),
        deps.pets.list(customerId),
      ]);
      return {
        subscriptions,
        addresses: customer?.addresses ?? [],
        methods,
        // The kept pets a subscription may be linked to (a pet without a weight cannot fill the run-out date).
        pets: pets.map((p) => ({ id: p.id, name: p.name, hasWeight: p.weightLb !== null })),
        dateBounds: nextDateBounds(dayOf(deps.clock())),
      };
    },

    /** The dates a next order may be moved to, by the service's clock (the page's date inputs). */
    dateBounds: () => nextDateBounds(dayOf(deps.clock())),

    /**
     * SPEC §7 get-ordergroove-product-by-sku: whether and how a SKU can be subscribed on a site. Only
     * the direct-to-consumer shop offers Autoship (SPEC §6: staff mode hides it), and only products
     * sold there; a non-physical product (a donation) never ships on a schedule.
     */
    async offerForSku(sku: string, site: SiteId) {
      const v = await deps.catalog.variantBySku(sku);
      if (!v) return { sku, exists: false as const, subscribable: false, reason: "unknown_sku" as const };
      const reason = site !== "d2c" ? "site" : !v.sites.includes(site) ? "not_sold_here" : v.productType === EXCLUDED_PRODUCT_TYPE ? "not_shippable" : null;
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
        frequencies:
          reason === null
            ? AUTOSHIP_FREQUENCY_WEEKS.map((w) => ({
                every: w,
                every_period: "week",
                frequencyDays: w * 7,
                sellingPlanId: sellingPlanIdFor(w),
                label: frequencyLabel(w),
              }))
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
  };
}

export type SubscriptionViews = ReturnType<typeof createSubscriptionViews>;

/** Active subscriptions of a variant: each renews at the variant's price of the day (the console's price change asks). */
export async function activeSubscriptionsOfVariant(conn: Db, variantId: number): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.variantId, variantId), eq(subscriptions.status, "active")));
  return row?.n ?? 0;
}
