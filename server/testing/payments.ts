import { and, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentMethods, payments } from "../modules/payments/schema";

// Payments as stored, for tests that check what was charged (once, and how much, or not at all)
// and what a saved card keeps.

export async function paymentOf(db: Db, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/** The charges made under these idempotency keys (an order's is `order:<order key>`; a retried order must make one). */
export const chargesUnder = (db: Db, keys: string[]) => db.select().from(payments).where(inArray(payments.idempotencyKey, keys));

/** The keys of the captured charges of renewal orders, of one cycle date when given. */
export async function capturedRenewalChargeKeys(db: Db, cycleDate = "%"): Promise<string[]> {
  const rows = await db
    .select({ key: payments.idempotencyKey })
    .from(payments)
    .where(and(like(payments.idempotencyKey, `order:renewal:%:${cycleDate}`), eq(payments.status, "captured")));
  return rows.map((r) => r.key);
}

export const storedCards = (db: Db) => db.select().from(paymentMethods);
