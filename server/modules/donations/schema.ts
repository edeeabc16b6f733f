import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// The donation provider of SPEC §3/§7, as our own module: the stores that give, the causes they give
// to (charities keyed by an EIN-style id, portfolios by a 32-hex id), customer segments, the
// browser's tracking records, the widget's clickstream events, and the donation ledger.
//
// Amounts are integers: cents for money, hundredths for percentages and multipliers (500 = 5.00 %,
// 100 = ×1.00), so no float ever reaches a sum (ARCHITECTURE §5).

/** SPEC §3 campaign types: 1 online purchase, 2 rewards redemption, 3 round-up, 4 add-on, 5 point of sale, 6 post-purchase, 7 round-up point of sale. */
export type CampaignType = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** SPEC §3 defaultDonationType: 0 percentage of the line, 1 flat per unit. */
export type DonationTypeCode = 0 | 1;
export type CauseKind = "charity" | "portfolio";
/** SPEC §3 frontEndSource: 0 window property, 1 data layer, 2 script URL parameter. */
export type SegmentSource = 0 | 1 | 2;
/** Our own reading of SPEC §3's donationAction (the SPEC names no values): what a matched segment does to the donation. */
export type SegmentDonationAction = "none" | "percentage" | "flat";
/** A tracking record's life: open (cause may change), confirmed (the order's confirmation data is set; nothing changes after). */
export type TrackingStatus = "open" | "confirmed";
/** Who pays a ledger row: the store (its promise on the order) or the customer (an add-on line). */
export type LedgerFundedBy = "store" | "customer";

export type StoreAddress = { address1: string; city: string; state: string; zip: string; country: string };
export type StoreContact = { name: string; email: string; phone: string };

/** SPEC §3 "Donation store configuration", every field; segments are their own table. */
export const donationStores = pgTable("donation_stores", {
  /** 32 lowercase hex characters (SPEC §5). */
  id: text().primaryKey(),
  name: text().notNull(),
  activeCampaigns: jsonb().$type<CampaignType[]>().notNull().default([]),
  addressInformation: jsonb().$type<StoreAddress | null>(),
  contactInformation: jsonb().$type<StoreContact | null>(),
  customCss: text().notNull().default(""),
  defaultCauseId: text(),
  defaultCauseIds: jsonb().$type<string[]>().notNull().default([]),
  /** Percentage in hundredths (500 = 5 %) when the type is 0, cents per unit (500 = $5.00) when 1. */
  defaultDonationHundredths: integer().notNull(),
  defaultDonationType: smallint().$type<DonationTypeCode>().notNull(),
  featuredCauseIds: jsonb().$type<string[]>().notNull().default([]),
  isActive: boolean().notNull().default(true),
  isEmbeddedConfirmation: boolean().notNull().default(false),
  isExperienceActive: boolean().notNull().default(true),
  letShoppersChoose: boolean().notNull().default(true),
  searchEnabled: boolean().notNull().default(true),
  primaryCurrency: text().notNull().default("USD"),
  targetCssSelector: text().notNull().default(""),
  /** Cause id → multiplier in hundredths (200 = ×2); overrides the cause's own multiplier for this store. */
  causeMultipliers: jsonb().$type<Record<string, number>>().notNull().default({}),
  /** Products (cmsIds) that never carry a donation: the store excludes them from every computation. */
  excludedCmsIds: jsonb().$type<string[]>().notNull().default([]),
  /** Products (cmsIds) that are donations themselves: their whole price is the donation. */
  directDonationCmsIds: jsonb().$type<string[]>().notNull().default([]),
  /** A fixed amount per order on top of the lines' donations (the result's cartDonation); 0 = none. */
  cartDonationCents: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 "Cause": a charity (id an EIN such as "00-1000001") or a portfolio (id 32 hex) of charities. */
export const donationCauses = pgTable(
  "donation_causes",
  {
    id: text().primaryKey(),
    kind: text().$type<CauseKind>().notNull(),
    name: text().notNull(),
    website: text().notNull().default(""),
    /** Null: the cause shows category icon `categoryIconId` (0–25) instead. */
    logoUrl: text(),
    categoryIconId: smallint().notNull().default(0),
    streetAddress: text().notNull().default(""),
    city: text().notNull().default(""),
    state: text().notNull().default(""),
    zip: text().notNull().default(""),
    description: text().notNull().default(""),
    /** Hundredths: 100 = ×1. */
    multiplierHundredths: integer().notNull().default(100),
    categoryId: integer().notNull(),
    categoryName: text().notNull(),
    headline: text().notNull().default(""),
    bannerImageUrl: text(),
    isDefault: boolean().notNull().default(false),
    /** NTEE codes: full (e.g. "D20"), main (major group letter "D"), sub (the digits "20"). */
    nteeFull: text().notNull().default(""),
    nteeMain: text().notNull().default(""),
    nteeSub: text().notNull().default(""),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("donation_causes_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("donation_causes_city_idx").on(sql`lower(${t.city})`),
    index("donation_causes_state_idx").on(t.state),
    index("donation_causes_zip_idx").on(t.zip),
    index("donation_causes_category_idx").on(t.categoryId),
    index("donation_causes_kind_idx").on(t.kind, t.name),
  ],
);

/** A portfolio's charities, in their order. */
export const donationPortfolioCharities = pgTable(
  "donation_portfolio_charities",
  {
    portfolioId: text()
      .notNull()
      .references(() => donationCauses.id, { onDelete: "cascade" }),
    charityId: text()
      .notNull()
      .references(() => donationCauses.id),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.charityId] }), index("donation_portfolio_charities_charity_idx").on(t.charityId)],
);

/** SPEC §3 "Customer segment", every field. */
export const donationSegments = pgTable(
  "donation_segments",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: text()
      .notNull()
      .references(() => donationStores.id, { onDelete: "cascade" }),
    isActive: boolean().notNull().default(true),
    name: text().notNull(),
    excludeSegment: boolean().notNull().default(false),
    frontEndPropertyName: text().notNull(),
    frontEndSource: smallint().$type<SegmentSource>().notNull(),
    priorityIndex: integer().notNull().default(0),
    /** 0 empty, 1 not empty, 2 specified list; anything else (null): equality with the first specified value. */
    valueCategory: smallint(),
    specifiedValues: jsonb().$type<string[]>().notNull().default([]),
    backEndPropertyName: text().notNull().default(""),
    description: text().notNull().default(""),
    donationAction: text().$type<SegmentDonationAction>().notNull().default("none"),
    /** Hundredths, read like the store's default donation for the action's type. */
    donationActionValue: integer().notNull().default(0),
  },
  (t) => [index("donation_segments_store_idx").on(t.storeId, t.priorityIndex)],
);

/** One shopper's donation tracking (SPEC §3 "Tracking"), bound to the browser session that started it. */
export const donationTracking = pgTable(
  "donation_tracking",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: text()
      .notNull()
      .references(() => donationStores.id),
    /** SHA-256 of the browser's donation session key (an httpOnly cookie); the key itself is never stored. */
    sessionKeyHash: text().notNull(),
    status: text().$type<TrackingStatus>().notNull().default("open"),
    causeId: text(),
    causeName: text(),
    isTestMode: boolean().notNull().default(false),
    /** add-integration-info: integration type → info, each type stored once. */
    integrationInfo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** set-confirmation-data: totalDonationAmount (2 decimals) and the causes (a JSON string). */
    confirmationData: jsonb().$type<{ totalDonationAmount: string; causes: string } | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("donation_tracking_store_idx").on(t.storeId, t.createdAt)],
);

/** The widget's analytics events (SPEC §3 envelope), as received. */
export const donationClickstreamEvents = pgTable(
  "donation_clickstream_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    storeId: text().notNull(),
    trackingId: text(),
    eventType: text().notNull(),
    eventVersion: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    envelope: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("donation_clickstream_store_idx").on(t.storeId, t.receivedAt), index("donation_clickstream_tracking_idx").on(t.trackingId)],
);

/**
 * What was given, one row per order line and cause; append-only (a trigger refuses UPDATE and
 * DELETE, migration 0021). A cancelled or refunded line gets a new negative row pointing at the
 * row it reverses — never an update.
 */
export const donationLedger = pgTable(
  "donation_ledger",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    storeId: text().notNull(),
    /** Orders module ids; no foreign key across modules. */
    orderId: uuid().notNull(),
    orderLineId: uuid().notNull(),
    causeId: text().notNull(),
    /** How the amount came about: "percentage", "flat", "direct", "cart", "add-on", "round-up", "reversal". */
    rule: text().notNull(),
    amountCents: integer().notNull(),
    /** The rule's value as applied: hundredths of a percent (percentage) or cents per unit (flat); null for other rules. */
    rateHundredths: integer(),
    /** The cause's multiplier as applied, hundredths (100 = ×1); null where none applies. */
    multiplierHundredths: integer(),
    fundedBy: text().$type<LedgerFundedBy>().notNull(),
    /** The row this one reverses (part or all of its amount, negated). */
    reversesId: bigint({ mode: "number" }),
    /** The refund (orders module's order_refunds id) a reversal belongs to; null on a given row. */
    refundId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("donation_ledger_order_idx").on(t.orderId),
    index("donation_ledger_cause_idx").on(t.causeId, t.createdAt),
    // The console's monthly report reads one store's rows of one month (a range on created_at).
    index("donation_ledger_store_month_idx").on(t.storeId, t.createdAt),
    // The console dashboard's donations per cause and month, every store's.
    index("donation_ledger_created_idx").on(t.createdAt),
    // One row per line, cause and rule; a row is reversed at most once per refund (partial refunds
    // of one line each reverse their share of it; all of them together never more than the row).
    uniqueIndex("donation_ledger_line_uq")
      .on(t.orderLineId, t.causeId, t.rule)
      .where(sql`${t.reversesId} is null`),
    uniqueIndex("donation_ledger_reverses_refund_uq")
      .on(t.reversesId, t.refundId)
      .where(sql`${t.reversesId} is not null`),
  ],
);

/** What an add-on or round-up choice is: a fixed offered amount, or the order total rounded up to the dollar. */
export type DonationAddonKind = "add-on" | "round-up";

/**
 * One cart's donation state, set by the server only: the donation tracking the shopper's browser
 * attached to it (PUT /api/donations/tracking/{id}/cart, checked against the browser's session) and
 * the add-on or round-up the shopper chose on the cart page. Read by place-order under the cart's lock.
 */
export const donationCartChoices = pgTable("donation_cart_choices", {
  /** The cart module's cart id; no foreign key across modules (a discarded cart leaves a stale row, never read again). */
  cartId: uuid().primaryKey(),
  storeId: text().notNull(),
  trackingId: uuid(),
  /**
   * The customer segment the widget matched on the cart page, kept only when it was this store's
   * and active then; the order re-reads it (still active?) and applies its action, so the ledger
   * gives what the widget showed. An id, never an amount: the client cannot name what is given.
   */
  segmentId: uuid(),
  addonKind: text().$type<DonationAddonKind>(),
  /** The add-on's amount (one of the offered choices); null for round-up, which follows the total. */
  addonCents: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
