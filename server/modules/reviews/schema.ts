import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products, variants } from "../catalog/schema";
import { orderLines, orders } from "../orders/schema";
import type { PetBreedSize, PetLifeStage, PetSpecies } from "../../../rules/reviews/states-and-sorts";

// Product reviews (server/modules/reviews/service.ts). A review written in the shop belongs to one
// delivered order line (a verified purchase); seeded reviews have none and carry no badge.

export type ReviewState = "new" | "approved" | "rejected";
export type { PetBreedSize, PetLifeStage, PetSpecies };

export const reviews = pgTable(
  "reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer().references(() => variants.id, { onDelete: "set null" }),
    /** One review per order line (unique); null for seeded reviews. */
    orderLineId: uuid().references(() => orderLines.id, { onDelete: "set null" }),
    customerId: uuid(),
    rating: smallint().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    nickname: text().notNull(),
    petSpecies: text().$type<PetSpecies>(),
    petLifeStage: text().$type<PetLifeStage>(),
    petBreedSize: text().$type<PetBreedSize>(),
    state: text().$type<ReviewState>().notNull().default("new"),
    /** A code of rules/reviews/states-and-sorts.ts REVIEW_REJECTION_REASONS; set only while rejected. */
    rejectionReason: text(),
    responseBody: text(),
    respondedAt: timestamp({ withTimezone: true }),
    helpfulCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_order_line_uq").on(t.orderLineId),
    index("reviews_product_newest_idx").on(t.productId, t.state, t.createdAt),
    index("reviews_product_helpful_idx").on(t.productId, t.state, t.helpfulCount),
    index("reviews_queue_idx").on(t.state, t.createdAt),
    index("reviews_customer_idx").on(t.customerId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_state_valid", sql`${t.state} in ('new', 'approved', 'rejected')`),
    check("reviews_lengths", sql`char_length(${t.title}) <= 120 and char_length(${t.body}) <= 4000 and char_length(${t.nickname}) <= 40`),
  ],
);

/** One helpful vote per customer and review: the primary key makes a second vote count nothing. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    customerId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.customerId] })],
);

/**
 * Approved reviews counted per product (variant_id 0: the whole product) and per variant, written in
 * the transaction of every state change. Cards and product pages read it; a trigger drops the page
 * cache when it changes.
 */
export const reviewSummaries = pgTable(
  "review_summaries",
  {
    productId: integer().notNull(),
    variantId: integer().notNull().default(0),
    count: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    count1: integer().notNull().default(0),
    count2: integer().notNull().default(0),
    count3: integer().notNull().default(0),
    count4: integer().notNull().default(0),
    count5: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.variantId] })],
);

/** The review-request mail of an order, claimed by this insert so it is sent once. */
export const reviewRequests = pgTable("review_requests", {
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
