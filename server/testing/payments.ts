import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentMethods, payments } from "../modules/payments/schema";

// Payments as stored, for tests that check what was charged (once, and how much) and what a saved
// card keeps.

export async function paymentOf(db: Db, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/** The charges made under one idempotency key (a retried order must make one). */
export const chargesWithKey = (db: Db, idempotencyKey: string) => db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));

export const storedCards = (db: Db) => db.select().from(paymentMethods);
