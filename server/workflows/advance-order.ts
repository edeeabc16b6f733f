import type { Config } from "../config";
import type { Db } from "../db/client";
import { answerOrCommit } from "../db/transaction";
import type { Logger } from "../log";
import { markCheckedOut } from "../modules/cart";
import { releaseStock, shipStock } from "../modules/catalog";
import { templates, type MailContent, type TemplateName } from "../modules/mail";
import { reverseDonations } from "./refund-donations";
import {
  cancel,
  lockOrderByRef,
  markDelivered,
  markFulfilled,
  markShipped,
  orderViewById,
  recordRefund,
  refund,
  refundableLines,
  setOrderStatus,
  type OrderStatus,
  type OrderView,
  type Transition,
} from "../modules/orders";
import type { PaymentsService } from "../modules/payments";
import type { MailService } from "../modules/mail";
import { formatUsd } from "../../rules/shared/money";
import { lineRefundCents, planRefund, unitsKept } from "../../rules/checkout/refunds";

// Advance order: the operator moves a paid order through its lifecycle. Guarantees:
//
// 1. One transaction holding the order's row lock (FOR UPDATE). The step is checked with
//    modules/orders/status.ts against the status read under that lock, so of two concurrent calls
//    the second sees the first's outcome: two "fulfilled" take the stock once, a cancel racing a
//    refund refunds once. A refused step (INVALID_TRANSITION) writes nothing.
// 2. Stock, in the order's warehouse, through the inventory module — the policy place-order reserved
//    by (ascending variant id, so an operator never deadlocks a checkout; lines of the stock-exempt
//    product type were never reserved and are skipped, as are variants with no inventory row).
//      fulfilled: the goods leave the warehouse: on_hand -= q and reserved -= q.
//      cancelled / refunded before fulfilment (placed, paid): the reservation is released (reserved -= q).
//      refunded after fulfilment: stock is NOT returned — the goods are out of the warehouse, and
//      returns (goods coming back and being restocked) are not handled by the shop.
// 3. Money: cancelled (when a payment was captured) and refunded return what the payment has left
//    (all of it, or what partial refunds — refund-order.ts — left) through payments.refund, recorded
//    as a refund of the units not yet refunded. The processor call is made INSIDE the transaction, as its last step, after every
//    other write: a refusal (REFUND_FAILED) rolls everything back, so the order, its stock and its
//    payment stay as they were; and the row lock held meanwhile keeps a second call from asking the
//    processor again. The trade-off: a row lock (and, on PostgreSQL, a pooled connection) is held for
//    the processor's round trip — acceptable for one order at an operator's pace. What remains is
//    a failed COMMIT after the processor said yes: the call throws, the order still reads paid while
//    the money went back; a real processor refuses a second full refund of one charge, so a retry
//    fails loudly and the operator reconciles by hand. (A refund outside the transaction, between two
//    transactions, would instead let two calls both reach the processor.)
// 4. Mails (shipped, cancelled, refunded) are sent after the commit: at most once, never for a step
//    that did not happen; a mail that cannot be recorded is logged and does not undo the step.
// 5. Donations: a cancel or full refund reverses what is left of the order's donation ledger rows
//    (new negative rows keyed by the refund, never an update), in the same transaction.

export type AdvanceTarget = "fulfilled" | "shipped" | "delivered" | "cancelled" | "refunded";
export const ADVANCE_TARGETS: readonly AdvanceTarget[] = ["fulfilled", "shipped", "delivered", "cancelled", "refunded"];

export type AdvanceOrderInput = {
  /** The order's id (uuid) or number ("KC-100001"). */
  orderRef: string;
  to: AdvanceTarget;
  /** Only with `to: "shipped"`; the carrier's tracking number, shown to the customer and mailed. */
  trackingNumber?: string | null;
  /** Who asked, recorded with a refund: "operator:<e-mail>"; the shell command by default. */
  actor?: string;
};

export type AdvanceOrderResult =
  | { ok: true; order: OrderView; from: OrderStatus }
  | { ok: false; code: "ORDER_NOT_FOUND" | "INVALID_INPUT"; message: string }
  | { ok: false; code: "INVALID_TRANSITION" | "REFUND_FAILED"; message: string; status: OrderStatus };

export type AdvanceOrderDeps = {
  db: Db;
  services: { payments: PaymentsService; mail: MailService };
  config: Pick<Config, "storeName">;
  log?: Logger;
};

const STEP: Record<AdvanceTarget, (from: OrderStatus) => Transition> = {
  fulfilled: markFulfilled,
  shipped: markShipped,
  delivered: markDelivered,
  cancelled: cancel,
  refunded: refund,
};

/** The moves an order in `status` allows (the console offers only these). */
export const movesFrom = (status: OrderStatus): AdvanceTarget[] => ADVANCE_TARGETS.filter((to) => STEP[to](status).ok);

/** Statuses in which the order's stock is still reserved (not yet out of the warehouse). */
const RESERVING: readonly OrderStatus[] = ["placed", "paid"];
const TRACKING_MAX = 64;

export type RefundRefused = { ok: false; code: "REFUND_FAILED"; message: string; status: OrderStatus };

/** The answer that rolls an order transaction back when the processor refuses its refund (its last step). */
export const refundRefused = (processorMessage: string, status: OrderStatus): RefundRefused => ({
  ok: false,
  code: "REFUND_FAILED",
  message: `The refund was refused: ${processorMessage}`,
  status,
});

export async function advanceOrder(deps: AdvanceOrderDeps, input: AdvanceOrderInput): Promise<AdvanceOrderResult> {
  const { db, services } = deps;
  const ref = input.orderRef.trim();
  const trackingNumber = input.trackingNumber?.trim() || null;
  if (!STEP[input.to]) return { ok: false, code: "INVALID_INPUT", message: `An order cannot be moved to "${input.to}".` };
  if (trackingNumber && input.to !== "shipped") return { ok: false, code: "INVALID_INPUT", message: "A tracking number goes with shipped only." };
  if (trackingNumber && (trackingNumber.length > TRACKING_MAX || /[\p{Cc}]/u.test(trackingNumber)))
    return { ok: false, code: "INVALID_INPUT", message: `A tracking number is at most ${TRACKING_MAX} printable characters.` };

  type Outcome = { ok: true; orderId: string; from: OrderStatus; returnedCents: number } | Exclude<AdvanceOrderResult, { ok: true }>;
  const outcome = await answerOrCommit<Outcome, RefundRefused>(db, async (tx, rollback) => {
    const order = await lockOrderByRef(tx, ref);
    if (!order) return { ok: false as const, code: "ORDER_NOT_FOUND" as const, message: `No order ${ref}.` };
    const next = STEP[input.to](order.status);
    if (!next.ok) return { ok: false as const, code: next.code, message: next.message, status: order.status };

    // Units refunded before fulfilment were released then: only the units kept are held or shipped.
    const lines = await refundableLines(tx, order.id);
    const stock = lines.map((l) => ({ variantId: l.variantId, quantity: unitsKept(l) }));
    if (next.status === "fulfilled") await shipStock(tx, order.warehouseCode, stock);
    if ((next.status === "cancelled" || next.status === "refunded") && RESERVING.includes(order.status)) await releaseStock(tx, order.warehouseCode, stock);
    // A placed order never reached "paid", so its cart is still active — and UNIQUE(cart_id) would
    // keep that cart from ever being checked out again: close it, the shopper starts a fresh one.
    if (order.status === "placed") await markCheckedOut(tx, order.cartId);
    await setOrderStatus(tx, order.id, next.status, next.status === "shipped" ? trackingNumber : undefined);

    // What the payment has left (after any partial refunds) goes back, recorded like every refund:
    // the units not yet refunded, and the rest of the money (shipping) beside them.
    const leftCents = order.totalCents - order.refundedCents;
    const needsRefund = (next.status === "refunded" || (next.status === "cancelled" && order.paymentId !== null)) && leftCents > 0;
    if (needsRefund) {
      const units = lines.filter((l) => unitsKept(l) > 0).map((l) => ({ lineId: l.id, quantity: unitsKept(l) }));
      const linesCents = units.reduce(
        (s, u) =>
          s +
          lineRefundCents(
            lines.find((l) => l.id === u.lineId)!,
            u.quantity,
          ),
        0,
      );
      const plan = planRefund(lines, { lines: units, otherCents: leftCents - linesCents }, leftCents);
      if (!plan.ok) throw new Error(`order ${order.number}: the remaining refund does not add up (${plan.message})`);
      const refundId = await recordRefund(tx, order.id, plan, {
        restocked: false,
        reason: next.status === "cancelled" ? "Order cancelled" : "Order refunded in full",
        actor: input.actor ?? "shell",
      });
      await reverseDonations(tx, order.id, refundId, true);
    }

    // Last, once every other write is done (guarantee 3): the processor call.
    if (needsRefund) {
      // Every paid order has its payment (place-order); one without is refused, never marked refunded.
      const refunded = order.paymentId
        ? await services.payments.refund(order.paymentId, tx, leftCents)
        : { ok: false as const, message: "This order has no payment to refund." };
      if (!refunded.ok) return rollback(refundRefused(refunded.message, order.status));
    }
    return { ok: true as const, orderId: order.id, from: order.status, returnedCents: needsRefund ? leftCents : 0 };
  });
  if (!outcome.ok) return outcome;

  const order = await orderViewById(db, outcome.orderId);
  const mail = customerMail(deps, order, outcome.returnedCents > 0 ? formatUsd(outcome.returnedCents) : null);
  if (mail)
    await services.mail
      .send({ template: mail.template, to: order.email, content: mail.content })
      .catch((err: unknown) => deps.log?.error({ err, orderId: order.id, status: order.status }, "order status mail not recorded"));
  return { ok: true, order, from: outcome.from };
}

/** The customer's mail for the step just taken; `refunded` is the amount returned, if any. */
function customerMail(deps: AdvanceOrderDeps, order: OrderView, refunded: string | null): { template: TemplateName; content: MailContent } | null {
  const { storeName } = deps.config;
  switch (order.status) {
    case "shipped":
      return { template: "orderShipped", content: templates.orderShipped({ storeName, number: order.number, trackingNumber: order.trackingNumber }) };
    case "cancelled":
      return { template: "orderCancelled", content: templates.orderCancelled({ storeName, number: order.number, refunded }) };
    case "refunded":
      return refunded ? { template: "orderRefunded", content: templates.orderRefunded({ storeName, number: order.number, refunded }) } : null;
    default:
      // Fulfilled and delivered are the shop's own milestones: the customer hears about shipping.
      return null;
  }
}
