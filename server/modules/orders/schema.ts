import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CartAttribute } from "../cart/schema";
import type { OrderStatus } from "../../../rules/checkout/order-statuses";
import { variants } from "../catalog/schema";
import { payments } from "../payments/schema";
import type { OrderAddress } from "./address";

// The postal-address shape is its own file so other modules can use it without the orders tables.
export { orderAddressOf, type OrderAddress } from "./address";

// Orders (SPEC §3 Order). Numbers come from a sequence: "KC-100001", "KC-100002", …

// A declined checkout is kept as a `declined` order (its number spent, its stock released): it is
// no order to the shopper, the figures or the console's default list, and it does not hold its cart
// or its idempotency key — the shopper's retry places a new order (the unique indexes below skip it).
export type { OrderStatus } from "../../../rules/checkout/order-statuses";

export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 100001 });

export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text()
      .notNull()
      .default(sql`('KC-' || nextval('order_number_seq'))`),
    site: text().$type<"d2c" | "hpsf">().notNull(),
    customerId: uuid(),
    email: text().notNull(),
    /** The cart it came from: a cart is checked out once (declined attempts aside). */
    cartId: uuid().notNull(),
    status: text().$type<OrderStatus>().notNull(),
    shippingMethod: text().notNull(),
    shippingAddress: jsonb().$type<OrderAddress>().notNull(),
    billingAddress: jsonb().$type<OrderAddress>().notNull(),
    warehouseCode: text().notNull(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull(),
    shippingCents: integer().notNull(),
    serviceChargeCents: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    discountCodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attributes: jsonb()
      .$type<CartAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    donationTrackingId: text(),
    /** The shopper's add-on or round-up donation, charged with the order (no tax, shipping or discount on it); in totalCents. */
    donationAddonCents: integer().notNull().default(0),
    idempotencyKey: text().notNull(),
    paymentId: uuid().references(() => payments.id),
    /** The carrier's tracking number, when the operator gave one on marking the order shipped. */
    trackingNumber: text(),
    /** Money returned so far by refunds, whole or partial (order_refunds has each one). */
    refundedCents: integer().notNull().default(0),
    /** Staff orders: the program discount given (shop prices less program prices). */
    programDiscountCents: integer().notNull().default(0),
    /** Staff orders: when the buyer confirmed the food is for their own household's pets. */
    attestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_idempotency_key_uq")
      .on(t.idempotencyKey)
      .where(sql`${t.status} <> 'declined'`),
    uniqueIndex("orders_number_uq").on(t.number),
    uniqueIndex("orders_cart_uq")
      .on(t.cartId)
      .where(sql`${t.status} <> 'declined'`),
    index("orders_customer_idx").on(t.customerId, t.createdAt),
    // The operator console's order list: newest first, by status, by e-mail.
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_email_idx").on(t.email),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    variantId: integer()
      .notNull()
      .references(() => variants.id),
    sku: text().notNull(),
    title: text().notNull(),
    productTitle: text().notNull(),
    quantity: integer().notNull(),
    sellingPlanId: text(),
    /** Prices as charged, captured at checkout. */
    unitPriceCents: integer().notNull(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull(),
    taxCents: integer().notNull(),
    /** The line's weight in pounds (the catalogue's weight × quantity), for the staff program's monthly allowance. */
    weightLb: doublePrecision().notNull().default(0),
    attributes: jsonb()
      .$type<CartAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Units refunded so far, and the money returned for them (written with the order's row lock held). */
    refundedQuantity: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId, t.position), index("order_lines_sku_idx").on(t.sku)],
);

/** One line of a refund: how many units of which order line, and the money returned for them. */
export type RefundedLine = { lineId: string; sku: string; title: string; quantity: number; amountCents: number };

/**
 * Every refund of an order, partial or whole, as it happened: never updated. `lines` are the units
 * returned; `otherCents` money given back beyond them (shipping, a goodwill gesture); `restocked`
 * whether the returned goods went back on the shelf.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    lines: jsonb()
      .$type<RefundedLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    otherCents: integer().notNull().default(0),
    restocked: boolean().notNull().default(false),
    reason: text().notNull(),
    /** Who asked: "operator:<e-mail>" or "shell". */
    actor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * The analytics `purchase` event of an order, handed to the first confirmation page that shows it.
 * A row is claimed once (its primary key): a reload, a second tab or a later visit finds it taken,
 * so the tag manager sees one purchase per order. Its own table, so the claim never waits on the
 * order row's lock (advance-order, refunds) and never touches the order itself.
 */
export const orderPurchaseEvents = pgTable("order_purchase_events", {
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  deliveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
