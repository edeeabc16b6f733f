import { answerOrCommit } from "../db/transaction";
import { formatUsd } from "../../rules/shared/money";
import { planRefund, type RefundPlan } from "../../rules/checkout/refunds";
import { releaseStock, restockStock } from "../modules/catalog";
import { templates } from "../modules/mail";
import { reverseDonations } from "./refund-donations";
import {
  lockOrderByRef,
  orderViewById,
  recordRefund,
  refund as refundStep,
  refundableLines,
  setOrderStatus,
  type OrderStatus,
  type OrderView,
} from "../modules/orders";
import { refundRefused, type AdvanceOrderDeps, type RefundRefused } from "./advance-order";

// Refund part of an order (the operator console): some units of some lines, and/or an amount
// beyond them (shipping, a goodwill gesture). The same guarantees as advance-order's full refund:
//
// 1. One transaction holding the order's row lock; the refund is planned (rules/checkout/refunds.ts) from
//    what that lock shows — units already refunded, money the payment has left — so two refunds at
//    once never return a unit or a cent twice.
// 2. Stock: before fulfilment (paid) the refunded units' reservation is released — they will not
//    be shipped, and fulfilment ships only the units kept. After fulfilment the goods have left:
//    they go back on the shelf only when the operator says they came back (`restock`).
// 3. The refund is recorded (order_refunds, never updated; the lines' and order's running figures),
//    and when it returns all the payment has left the order becomes refunded.
// 4. The processor call is the transaction's last step: a refusal rolls everything back.
// 5. The customer is mailed after the commit, what was refunded and how much.
// 6. Donations: the refunded units' share of each donation ledger row is reversed (cumulatively, so
//    all of a line's reversals add up to exactly its donation), and everything left when the refund
//    makes the order refunded — under the same row lock, so concurrent refunds never over-reverse.

export type RefundOrderInput = {
  /** The order's id (uuid) or number ("KC-100001"). */
  orderRef: string;
  lines: readonly { lineId: string; quantity: number }[];
  /** Money beyond the lines, in cents. */
  otherCents: number;
  restock: boolean;
  reason: string;
  /** Who asked, e.g. "operator:ops@example.test". */
  actor: string;
};

export type RefundOrderResult =
  | { ok: true; order: OrderView; refundedCents: number; whole: boolean; restocked: boolean; from: OrderStatus; plan: RefundPlan }
  | { ok: false; code: "ORDER_NOT_FOUND"; message: string }
  | { ok: false; code: "INVALID_INPUT"; message: string; field: string }
  | { ok: false; code: "INVALID_TRANSITION" | "REFUND_FAILED"; message: string; status: OrderStatus };

const REASON_MAX = 200;

export async function refundOrderPart(deps: AdvanceOrderDeps, input: RefundOrderInput): Promise<RefundOrderResult> {
  const ref = input.orderRef.trim();
  const reason = input.reason.trim();
  if (!reason || reason.length > REASON_MAX || /[\p{Cc}]/u.test(reason))
    return { ok: false, code: "INVALID_INPUT", field: "reason", message: `Give a reason (at most ${REASON_MAX} characters).` };

  type Outcome = { ok: true; orderId: string; from: OrderStatus; plan: RefundPlan; restocked: boolean } | Exclude<RefundOrderResult, { ok: true }>;
  const outcome = await answerOrCommit<Outcome, RefundRefused>(deps.db, async (tx, rollback) => {
    const order = await lockOrderByRef(tx, ref);
    if (!order) return { ok: false as const, code: "ORDER_NOT_FOUND" as const, message: `No order ${ref}.` };
    const next = refundStep(order.status);
    if (!next.ok || !order.paymentId)
      return { ok: false as const, code: "INVALID_TRANSITION" as const, message: `An order that is ${order.status} cannot be refunded.`, status: order.status };

    const lines = await refundableLines(tx, order.id);
    const plan = planRefund(lines, { lines: input.lines, otherCents: input.otherCents }, order.totalCents - order.refundedCents);
    if (!plan.ok) return { ok: false as const, code: "INVALID_INPUT" as const, field: plan.field, message: plan.message };

    const stock = plan.lines.map((l) => ({ variantId: lines.find((x) => x.id === l.lineId)!.variantId, quantity: l.quantity }));
    const reserving = order.status === "paid";
    if (reserving) await releaseStock(tx, order.warehouseCode, stock);
    else if (input.restock) await restockStock(tx, order.warehouseCode, stock);
    const restocked = !reserving && input.restock && stock.length > 0;
    const refundId = await recordRefund(tx, order.id, plan, { restocked, reason, actor: input.actor });
    await reverseDonations(tx, order.id, refundId, plan.whole);
    if (plan.whole) await setOrderStatus(tx, order.id, next.status);

    // Last, once every other write is done: the processor call.
    const refunded = await deps.services.payments.refund(order.paymentId, tx, plan.totalCents);
    if (!refunded.ok) return rollback(refundRefused(refunded.message, order.status));
    return { ok: true as const, orderId: order.id, from: order.status, plan, restocked };
  });
  if (!outcome.ok) return outcome;

  const order = await orderViewById(deps.db, outcome.orderId);
  const { plan } = outcome;
  const content = templates.orderPartlyRefunded({
    storeName: deps.config.storeName,
    number: order.number,
    refunded: formatUsd(plan.totalCents),
    lines: plan.lines.map((l) => ({ title: l.title, quantity: l.quantity })),
    whole: plan.whole,
  });
  await deps.services.mail
    .send({ template: "orderPartlyRefunded", to: order.email, content })
    .catch((err: unknown) => deps.log?.error({ err, orderId: order.id }, "refund mail not recorded"));
  return { ok: true, order, refundedCents: plan.totalCents, whole: plan.whole, restocked: outcome.restocked, from: outcome.from, plan };
}
