import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { variants } from "../catalog/schema";

// Carts of SPEC §3/§4. A cart id is an unguessable UUID: holding it is what lets a guest use the cart.

export type CartAttribute = { key: string; value: string };
export type BuyerIdentity = { email: string | null; phone: string | null; countryCode: string | null };
export type CartStatus = "active" | "checked_out";

export const carts = pgTable(
  "carts",
  {
    id: uuid().primaryKey().defaultRandom(),
    site: text().$type<"d2c" | "hpsf">().notNull(),
    status: text().$type<CartStatus>().notNull().default("active"),
    /** The signed-in customer who owns the cart; null for a guest cart. */
    customerId: text(),
    buyerEmail: text(),
    buyerPhone: text(),
    buyerCountryCode: text(),
    note: text().notNull().default(""),
    attributes: jsonb()
      .$type<CartAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    discountCodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carts_customer_idx").on(t.customerId),
    // The abandoned-cart mails' read (abandoned.ts): signed-in customers' active carts by last change.
    index("carts_abandoned_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} = 'active' and ${t.customerId} is not null`),
  ],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => variants.id),
    quantity: integer().notNull(),
    /** Autoship selling plan ("autoship-4w"); null for a one-time purchase. */
    sellingPlanId: text(),
    attributes: jsonb()
      .$type<CartAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Lines show in the order they were added; timestamps tie within one transaction. */
    seq: serial().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per variant and purchase kind: adding again raises the quantity atomically.
    uniqueIndex("cart_lines_variant_plan_uq").on(t.cartId, t.variantId, sql`coalesce(${t.sellingPlanId}, '')`),
    index("cart_lines_cart_idx").on(t.cartId, t.seq),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export type DiscountKind = "percentage" | "fixed";

/** Discount codes (SPEC §9 AUTO35): percentage or fixed, optional autoship-only and first-subscription rules, expiry. */
export const discountCodes = pgTable("discount_codes", {
  code: text().primaryKey(),
  kind: text().$type<DiscountKind>().notNull(),
  /** Percent (e.g. 35) for percentage codes, cents for fixed ones. */
  value: integer().notNull(),
  autoshipOnly: boolean().notNull().default(false),
  firstSubscriptionOnly: boolean().notNull().default(false),
  expiresAt: timestamp({ withTimezone: true }),
  active: boolean().notNull().default(true),
  description: text().notNull().default(""),
});
