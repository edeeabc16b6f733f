import { and, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { payments } from "../modules/payments/schema";

// Charges as stored, for tests that check a payment was taken exactly once (or not at all).

/** The charges made under these idempotency keys (an order's is `order:<order key>`). */
export const chargesUnder = (db: Db, keys: string[]) => db.select().from(payments).where(inArray(payments.idempotencyKey, keys));

/** The keys of the captured charges of renewal orders, of one cycle date when given. */
export async function capturedRenewalChargeKeys(db: Db, cycleDate = "%"): Promise<string[]> {
  const rows = await db
    .select({ key: payments.idempotencyKey })
    .from(payments)
    .where(and(like(payments.idempotencyKey, `order:renewal:%:${cycleDate}`), eq(payments.status, "captured")));
  return rows.map((r) => r.key);
}
