import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "../identity/schema";

// Payments. A saved method keeps only what a receipt shows — brand, last 4 digits, expiry —
// and the processor's opaque token. NEVER the card number or the CVC.

export type PaymentStatus = "authorized" | "captured" | "failed" | "refunded";

export const paymentMethods = pgTable(
  "payment_methods",
  {
    /** Random public token ("pm_…"), the only handle the browser ever sees. */
    id: text().primaryKey(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** The processor's own opaque token for the card. */
    processorToken: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_methods_customer_idx").on(t.customerId)],
);

/** One row per charge attempt; the idempotency key makes a retried charge the same charge. */
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    idempotencyKey: text().notNull(),
    provider: text().notNull(),
    processorRef: text(),
    status: text().$type<PaymentStatus>().notNull(),
    amountCents: integer().notNull(),
    refundedCents: integer().notNull().default(0),
    customerId: uuid(),
    brand: text(),
    last4: text(),
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payments_idempotency_key_uq").on(t.idempotencyKey)],
);
