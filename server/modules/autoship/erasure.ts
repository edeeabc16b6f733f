import { eq, inArray, sql } from "drizzle-orm";
import { endsHold, holdAfter, transition } from "../../../rules/autoship/subscription-states";
import type { Db } from "../../db/client";
import { anonymisedAddress } from "../orders";
import { autoshipConsents, subscriptionEvents, subscriptions } from "./schema";

// A customer's subscriptions when their personal data is erased, inside the erasure workflow's
// transaction: every one the lifecycle lets be cancelled is cancelled by the same move a customer's
// cancel makes (rules/autoship/subscription-states.ts transition "cancel", its hold rules, a "cancelled"
// event), with the reason "account erased" and no mail (the address is gone); and every one,
// cancelled before or now, keeps no e-mail, address or card (its proof of consent keeps no e-mail).

export const ACCOUNT_ERASED_REASON = "account_erased";

export type RenewalUnderWay = { ok: false; code: "RENEWAL_IN_PROGRESS"; message: string };

/**
 * Locks the customer's subscriptions (FOR UPDATE, ascending id) and cancels and anonymises them. A
 * subscription the renewal engine is placing an order for right now (its lease) is not touched: the
 * whole erasure is refused, to be tried again in a few minutes, rather than leave an order placed
 * from the old address after it.
 */
export async function cancelForErasure(
  tx: Db,
  customerId: string,
  email: string,
  now: Date,
): Promise<{ ok: true; cancelled: number; subscriptions: number } | RenewalUnderWay> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)).orderBy(subscriptions.id).for("update");
  if (rows.some((s) => s.renewalClaimedUntil && s.renewalClaimedUntil > now))
    return { ok: false, code: "RENEWAL_IN_PROGRESS", message: "A renewal order of this customer is being placed right now. Try again in a few minutes." };
  let cancelled = 0;
  for (const s of rows) {
    const next = transition(s.status, "cancel");
    const patch = next.ok
      ? {
          status: next.status,
          hold: holdAfter(s.hold, "cancel"),
          ...(endsHold(s.hold, "cancel") ? { retryAt: null, failedAttempts: 0 } : {}),
          cancelReason: ACCOUNT_ERASED_REASON,
        }
      : {};
    await tx
      .update(subscriptions)
      .set({ ...patch, email, shippingAddress: anonymisedAddress(s.shippingAddress), paymentMethodId: null, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, s.id));
    if (next.ok) {
      await tx
        .insert(subscriptionEvents)
        .values({ subscriptionId: s.id, kind: "cancelled", actor: "system", detail: { reason: ACCOUNT_ERASED_REASON, from: s.status } });
      cancelled++;
    }
  }
  // The history's address changes recorded the ZIP and city: the city goes, like the orders'.
  await tx.execute(
    sql`update ${subscriptionEvents} set detail = detail - 'city' where ${subscriptionEvents.subscriptionId} in (select ${subscriptions.id} from ${subscriptions} where ${subscriptions.customerId} = ${customerId}) and detail ? 'city'`,
  );
  // The proof of consent stays (the law asks for it and erasure allows a record kept for a legal
  // duty); the address it was sent to goes, like the subscription's.
  if (rows.length)
    await tx
      .update(autoshipConsents)
      .set({ email })
      .where(
        inArray(
          autoshipConsents.subscriptionId,
          rows.map((s) => s.id),
        ),
      );
  return { ok: true, cancelled, subscriptions: rows.length };
}
