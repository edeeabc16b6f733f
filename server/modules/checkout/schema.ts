import { boolean, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { carts } from "../cart/schema";
import type { OrderAddress } from "../orders/schema";

// The checkout in progress for a cart: what the shopper has entered on the contact,
// address and shipping-method steps. Card details are NEVER stored here — they go from the payment
// form straight to the payments module.

export type CheckoutShipping = { kind: "saved"; savedAddressId: string; address: OrderAddress } | { kind: "entered"; address: OrderAddress };

export const checkoutSessions = pgTable("checkout_sessions", {
  cartId: uuid()
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  /** The signed-in customer the checkout belongs to (set by a verified multipass link); null for a guest. */
  customerId: uuid(),
  email: text(),
  acceptsEmailMarketing: boolean().notNull().default(false),
  shipping: jsonb().$type<CheckoutShipping>(),
  shippingMethod: text().$type<"standard" | "express">(),
  /** The autoship terms (price, frequency, how to cancel) were acknowledged for this cart. */
  autoshipTermsAcknowledged: boolean().notNull().default(false),
  initiatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
