import type { Db } from "../db/client";
import { createDonationLedger } from "../modules/donations";
import { linesOf } from "../modules/orders";

/**
 * A refund's donation reversals (README "Donations"), inside the refunding transaction after the
 * refund is recorded (the order's row lock held): the order's lines carry the units refunded so
 * far, this refund's included. `whole`: cancelled or refunded in full — everything left goes.
 */
export async function reverseDonations(tx: Db, orderId: string, refundId: string, whole: boolean) {
  const lines = await linesOf(tx, orderId);
  return createDonationLedger(tx).reverseForRefund(tx, { orderId, refundId, whole, lines });
}
