// Refunds of a paid order, whole or in part (the operator console): which units, how much money.
//
// A line's money is what was charged for it — its subtotal less its share of the discount, plus its
// tax. Units are refunded at that line's own rate, and the cents add up exactly: refunding every
// unit of a line, in any number of steps, returns exactly what the line was charged (the rounding
// is cumulative, never per step). Money beyond the lines (shipping, a goodwill gesture) is
// `otherCents`. Nothing is refunded twice: not a unit already refunded, not a cent beyond what the
// payment has left.

export type RefundableLine = {
  id: string;
  sku: string;
  title: string;
  quantity: number;
  /** subtotal − discount + tax, as charged. */
  chargedCents: number;
  refundedQuantity: number;
};

export type RefundRequest = { lines: readonly { lineId: string; quantity: number }[]; otherCents: number };

export type RefundPlan = {
  lines: { lineId: string; sku: string; title: string; quantity: number; amountCents: number }[];
  otherCents: number;
  totalCents: number;
  /** The payment is returned in full by this refund: the order becomes refunded. */
  whole: boolean;
};

export type RefundRefusal = { ok: false; field: string; message: string };

/** What a line's charged total comes to for its first `units` units (cumulative, so steps add up). */
const cumulative = (line: RefundableLine, units: number) => Math.floor((line.chargedCents * units) / line.quantity);

/** The money `quantity` more units of `line` return, after the units already refunded. */
export function lineRefundCents(line: RefundableLine, quantity: number): number {
  return cumulative(line, line.refundedQuantity + quantity) - cumulative(line, line.refundedQuantity);
}

/** A line's charged total: the figure each unit's refund is a share of. */
export const chargedCents = (l: { subtotalCents: number; discountCents: number; taxCents: number }) => l.subtotalCents - l.discountCents + l.taxCents;

export function planRefund(lines: readonly RefundableLine[], request: RefundRequest, paymentLeftCents: number): ({ ok: true } & RefundPlan) | RefundRefusal {
  const planned: RefundPlan["lines"] = [];
  const seen = new Set<string>();
  for (const [i, asked] of request.lines.entries()) {
    if (asked.quantity === 0) continue;
    const line = lines.find((l) => l.id === asked.lineId);
    const field = `lines.${i}.quantity`;
    if (!line || seen.has(line.id)) return { ok: false, field, message: "No such line on this order." };
    seen.add(line.id);
    if (!Number.isInteger(asked.quantity) || asked.quantity < 0) return { ok: false, field, message: "Enter a whole number of units." };
    const left = line.quantity - line.refundedQuantity;
    if (asked.quantity > left)
      return { ok: false, field, message: left === 0 ? `${line.sku} is already refunded in full.` : `At most ${left} of ${line.sku} can be refunded.` };
    planned.push({ lineId: line.id, sku: line.sku, title: line.title, quantity: asked.quantity, amountCents: lineRefundCents(line, asked.quantity) });
  }
  if (!Number.isInteger(request.otherCents) || request.otherCents < 0)
    return { ok: false, field: "otherCents", message: "Enter an amount in dollars and cents, not below zero." };
  const totalCents = planned.reduce((s, l) => s + l.amountCents, 0) + request.otherCents;
  if (totalCents === 0) return { ok: false, field: "lines", message: "Choose units to refund or an amount." };
  if (totalCents > paymentLeftCents)
    return {
      ok: false,
      field: request.otherCents > 0 ? "otherCents" : "lines",
      message: `At most ${(paymentLeftCents / 100).toFixed(2)} can still be refunded on this order.`,
    };
  return { ok: true, lines: planned, otherCents: request.otherCents, totalCents, whole: totalCents === paymentLeftCents };
}

/** The units of each line still to be delivered or held: ordered less refunded. */
export const unitsKept = (l: { quantity: number; refundedQuantity: number }) => l.quantity - l.refundedQuantity;
