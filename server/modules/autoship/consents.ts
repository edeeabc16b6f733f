import { eq } from "drizzle-orm";
import { TERMS_REMINDER_INTERVAL_MONTHS } from "../../../rules/autoship/terms";
import { addUtcMonths } from "../../../rules/shared/calendar-days";
import type { Db } from "../../db/client";
import { autoshipConsents } from "./schema";

// The proof of a customer's consent to an Autoship (the terms word for word, the order, when): written
// with the subscriptions a paid order starts (checkout.ts), reminded yearly by the renewal pass
// (renewals.ts), never purged; an erasure keeps it without the address (erasure.ts).

export type ConsentRow = typeof autoshipConsents.$inferSelect;

export type ConsentInput = Omit<ConsentRow, "lastRemindedAt" | "nextReminderAt" | "orderId" | "orderNumber" | "unitPriceCents"> &
  Partial<Pick<ConsentRow, "orderId" | "orderNumber" | "unitPriceCents">>;

/** Records consents inside the caller's transaction; each is first reminded a year after its acceptance. */
export async function recordConsents(tx: Db, consents: readonly ConsentInput[]): Promise<void> {
  if (!consents.length) return;
  await tx.insert(autoshipConsents).values(consents.map((c) => ({ ...c, nextReminderAt: addUtcMonths(c.acceptedAt, TERMS_REMINDER_INTERVAL_MONTHS) })));
}

/** A subscription's proof of consent, or null (support, the console, the tests of its keeping). */
export async function consentOf(conn: Db, subscriptionId: string): Promise<ConsentRow | null> {
  const [row] = await conn.select().from(autoshipConsents).where(eq(autoshipConsents.subscriptionId, subscriptionId));
  return row ?? null;
}
