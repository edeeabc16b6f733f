import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SubscriptionHold, SubscriptionStatus } from "../../../rules/autoship/subscription-states";
import type { PetProfile } from "../../../rules/autoship/feeding-calculator";
import { variants } from "../catalog/schema";
import { customers } from "../identity/schema";
import { pets } from "../pets/schema";
import { orders, type OrderAddress } from "../orders/schema";

// Autoship subscriptions (SPEC §3 Subscription). One subscription per autoship order line:
// it renews that variant and quantity every `frequencyWeeks`, through the place-order workflow, with
// the customer's saved payment method and the address captured at sign-up (changeable).

// The status and hold types live with their transition table (rules/autoship/subscription-states.ts).
export type { SubscriptionHold, SubscriptionStatus };

export const contractNumberSeq = pgSequence("subscription_contract_seq", { startWith: 500001 });

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Public contract id (SPEC §3 external_id → contractId): "AS-500001". */
    contractId: text()
      .notNull()
      .default(sql`('AS-' || nextval('subscription_contract_seq'))`),
    site: text().$type<"d2c" | "hpsf">().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer().notNull(),
    variantId: integer()
      .notNull()
      .references(() => variants.id),
    quantity: integer().notNull(),
    frequencyWeeks: integer().notNull(),
    status: text().$type<SubscriptionStatus>().notNull().default("active"),
    cancelReason: text(),
    startDate: date({ mode: "string" }).notNull(),
    /** The date the next renewal order is placed (shop's calendar day, UTC). */
    nextOrderDate: date({ mode: "string" }).notNull(),
    shippingAddress: jsonb().$type<OrderAddress>().notNull(),
    email: text().notNull(),
    /** A saved payment method ("pm_…") of the same customer. */
    paymentMethodId: text(),
    shippingMethod: text().notNull().default("standard"),
    /** The order that created it. */
    originOrderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    hold: text().$type<SubscriptionHold>(),
    /** Failed charge attempts for the current cycle (payment retry schedule). */
    failedAttempts: integer().notNull().default(0),
    /** Earliest time the renewal engine looks at a held subscription again. */
    retryAt: timestamp({ withTimezone: true }),
    /** The cycle date (next_order_date) the last reminder e-mail was sent for: one reminder per cycle. */
    remindedFor: date({ mode: "string" }),
    /**
     * A renewal pass that claimed this subscription works on it until then (a lease, not a lock held
     * across the order: placing an order spans several transactions). A crashed worker's claim lapses
     * and the next pass takes the subscription again; exactly-once comes from the renewal keys.
     */
    renewalClaimedUntil: timestamp({ withTimezone: true }),
    /** The pet this food is for (the feeding calculator's input): the run-out date is computed from it. Null: no run-out date. */
    petProfile: jsonb().$type<PetProfile>(),
    /** The price guard: a renewal whose unit price rose by more than this percent since the last order is held for the customer's answer. */
    priceGuardPercent: integer().notNull().default(10),
    /**
     * The customer's chosen substitute: shipped instead when the usual variant is out of stock at the
     * warehouse serving the address on renewal day (instead of the out-of-stock hold). Any
     * purchasable variant; checked again (site, stock, caps, price, quota) when it is ordered.
     */
    substituteVariantId: integer().references(() => variants.id, { onDelete: "set null" }),
    /**
     * A save offer's one-time discount the customer accepted while cancelling: a single-use,
     * Autoship-only code the next renewal's cart carries; cleared when that renewal is placed.
     */
    saveDiscountCode: text(),
    /** The customer's kept pet this food feeds (My Pets); its profile fills `petProfile`. */
    petId: uuid().references(() => pets.id, { onDelete: "set null" }),
    saveDiscountPercent: integer(),
    /** The day the life-stage check last looked at this subscription's pet: once a day (life-stage.ts). */
    lifeStageCheckedOn: date({ mode: "string" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_contract_uq").on(t.contractId),
    index("subscriptions_customer_idx").on(t.customerId, t.createdAt),
    // The console dashboard's new Autoships per week.
    index("subscriptions_created_idx").on(t.createdAt),
    // The renewal engine's lookup: active subscriptions due by a date.
    index("subscriptions_due_idx")
      .on(t.nextOrderDate)
      .where(sql`status = 'active'`),
    // A kept pet's subscriptions (and its removal, which unlinks them).
    index("subscriptions_pet_idx").on(t.petId),
    // The daily life-stage check: active subscriptions feeding a kept pet, least recently checked first.
    index("subscriptions_life_stage_check_idx")
      .on(t.lifeStageCheckedOn)
      .where(sql`status = 'active' and pet_id is not null`),
    // One subscription per origin order line (a retried place-order never creates two).
    uniqueIndex("subscriptions_origin_line_uq").on(t.originOrderId, t.variantId, t.frequencyWeeks),
  ],
);

/** Every change and every renewal outcome, newest last. */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** e.g. created, frequency_changed, skipped, shipped_now, paused, resumed, cancelled, reactivated, renewed, held_out_of_stock, payment_failed, reminder_sent. */
    kind: text().notNull(),
    /** operator: a console operator acting on the customer's behalf; `detail.operator` then names them and their reason. */
    actor: text().$type<"customer" | "system" | "operator">().notNull(),
    detail: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_events_subscription_idx").on(t.subscriptionId, t.id),
    // The console dashboard's cancellations, pauses and resumptions per week.
    index("subscription_events_kind_created_idx").on(t.kind, t.createdAt),
  ],
);

/**
 * One row per subscription and cycle: the exactly-once key of the renewal engine. A renewal order is
 * placed with idempotency key `renewal:{subscriptionId}:{cycleDate}`, and this row records the outcome.
 */
export const subscriptionRenewals = pgTable(
  "subscription_renewals",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    cycleDate: date({ mode: "string" }).notNull(),
    /** placed (order paid) | held_out_of_stock | payment_failed — a held cycle is retried, not duplicated. */
    status: text().$type<"placed" | "held_out_of_stock" | "payment_failed">().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    attempts: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_renewals_cycle_uq").on(t.subscriptionId, t.cycleDate),
    // The console's count of deliveries that renewed several subscriptions at once (recent placed renewals).
    index("subscription_renewals_placed_idx")
      .on(t.updatedAt)
      .where(sql`status = 'placed'`),
  ],
);

/**
 * A renewal held by the price guard (rules/autoship/price-guard.ts): one per subscription and cycle. The
 * customer's answer (accepted, skipped) or the deadline passing (expired) is recorded once, under
 * this row's lock: the signed links it was mailed with work once.
 */
export const subscriptionPriceHolds = pgTable(
  "subscription_price_holds",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    cycleDate: date({ mode: "string" }).notNull(),
    /** Unit price of the last order and of this renewal, and the threshold it passed. */
    oldUnitCents: integer().notNull(),
    newUnitCents: integer().notNull(),
    thresholdPercent: integer().notNull(),
    status: text().$type<"pending" | "accepted" | "skipped" | "expired">().notNull().default("pending"),
    /** The answer window closes then: the cycle is skipped. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_price_holds_cycle_uq").on(t.subscriptionId, t.cycleDate),
    // The console's held-renewals view.
    index("subscription_price_holds_pending_idx")
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Proof of the customer's consent to the automatic renewal (California's automatic-renewal law keeps
 * it at least three years): the terms as shown at checkout, word for word, the order that accepted
 * them and when; one row per subscription, never purged (an erasure keeps the proof but not the
 * address). The yearly reminder of the terms is due at `nextReminderAt`.
 */
export const autoshipConsents = pgTable(
  "autoship_consents",
  {
    subscriptionId: uuid()
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    orderNumber: text(),
    /** Empty once the customer's personal data is erased. */
    email: text().notNull(),
    termsVersion: text().notNull(),
    termsText: text().notNull(),
    /** What the customer agreed to pay and how often, as the order line said (null: recorded before this table existed). */
    unitPriceCents: integer(),
    frequencyWeeks: integer().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
    lastRemindedAt: timestamp({ withTimezone: true }),
    nextReminderAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The yearly reminder's lookup.
  (t) => [index("autoship_consents_reminder_idx").on(t.nextReminderAt)],
);

/**
 * The console's settings of the cancellation flow: the one-time discount offered to a customer who
 * finds Autoship too expensive (0 = not offered) and how often one subscription may be offered it.
 * One row.
 */
export const autoshipSettings = pgTable(
  "autoship_settings",
  {
    id: smallint().primaryKey().default(1),
    saveDiscountPercent: integer().notNull().default(15),
    saveDiscountIntervalMonths: integer().notNull().default(12),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("autoship_settings_one_row", sql`${t.id} = 1`),
    check("autoship_settings_discount", sql`${t.saveDiscountPercent} between 0 and 50`),
    check("autoship_settings_interval", sql`${t.saveDiscountIntervalMonths} >= 12`),
  ],
);

/**
 * One-time items on a subscription's next delivery: ordered with the next renewal (its cart gets a
 * line of each, without a plan), then marked with that order; removable until then. One pending
 * row per item (adding it again adds to its quantity).
 */
export const subscriptionOneTimeItems = pgTable(
  "subscription_one_time_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => variants.id),
    quantity: integer().notNull(),
    /** The renewal order that took it; null while it waits for the next one. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    placedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_one_time_items_pending_uq")
      .on(t.subscriptionId, t.variantId)
      .where(sql`placed_at is null`),
    index("subscription_one_time_items_order_idx").on(t.orderId),
    check("subscription_one_time_items_quantity", sql`${t.quantity} between 1 and 10`),
  ],
);

/**
 * A life-stage swap proposed for a subscription (rules/autoship/life-stage-swap.ts): the pet fed
 * this food reached `stage`, and the same brand's formula for it is proposed. One per subscription
 * and stage, so a dismissed proposal is never made again; accepting it swaps the item from the next
 * delivery. Prices are the Autoship unit prices when it was proposed.
 */
export const lifeStageProposals = pgTable(
  "life_stage_proposals",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    petId: uuid().references(() => pets.id, { onDelete: "set null" }),
    stage: text().$type<"adult" | "senior">().notNull(),
    /** The day the pet reached the stage. */
    reachedOn: date({ mode: "string" }).notNull(),
    fromVariantId: integer()
      .notNull()
      .references(() => variants.id),
    toVariantId: integer()
      .notNull()
      .references(() => variants.id),
    fromUnitCents: integer().notNull(),
    toUnitCents: integer().notNull(),
    status: text().$type<"proposed" | "accepted" | "dismissed">().notNull().default("proposed"),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("life_stage_proposals_stage_uq").on(t.subscriptionId, t.stage),
    // The console's counts by status and time.
    index("life_stage_proposals_created_idx").on(t.createdAt),
    // A kept pet's removal unlinks its proposals.
    index("life_stage_proposals_pet_idx").on(t.petId),
    check("life_stage_proposals_stage", sql`${t.stage} in ('adult', 'senior')`),
    check("life_stage_proposals_status", sql`${t.status} in ('proposed', 'accepted', 'dismissed')`),
  ],
);
