import type { Db } from "../db/client";
import { attachSaveDiscount, claimSaveDiscount, type DiscountClaim } from "../modules/autoship";
import { createPrivateAutoshipCode } from "../modules/cart";

// Accept a save offer's one-time discount (the cancellation flow, "It costs too much"). Steps, in
// ONE transaction holding the subscription's row lock:
//   1. autoship: the discount is this subscription's offer right now (enabled, not offered within
//      the console's interval, none waiting) — recorded as accepted;
//   2. cart: a private single-use Autoship code for that percent;
//   3. autoship: the code waits on the subscription for its next renewal (which retires it).
// A second click finds the discount waiting and is refused; nothing is half done.

export async function acceptSaveDiscount(deps: { db: Db }, customerId: string, subscriptionId: string, now: Date): Promise<DiscountClaim> {
  return deps.db.transaction(async (tx) => {
    const claim = await claimSaveDiscount(tx, customerId, subscriptionId, now);
    if (!claim.ok) return claim;
    const code = await createPrivateAutoshipCode(tx, claim.percent, "Autoship save offer: one renewal");
    await attachSaveDiscount(tx, subscriptionId, code, claim.percent);
    return claim;
  });
}
