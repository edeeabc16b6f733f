import type { OrderStatus } from "./schema";

// The order's lifecycle. One function per allowed transition; anything else is refused.
//   placed (stock reserved, payment under way) → paid → fulfilled → shipped → delivered
//   placed | paid → cancelled;   paid | fulfilled | shipped | delivered → refunded
//   placed → declined (its payment was refused; kept, never shown as an order, and final)

export type Transition = { ok: true; status: OrderStatus } | { ok: false; code: "INVALID_TRANSITION"; message: string };

const step = (from: OrderStatus, allowed: readonly OrderStatus[], to: OrderStatus): Transition =>
  allowed.includes(from) ? { ok: true, status: to } : { ok: false, code: "INVALID_TRANSITION", message: `An order that is ${from} cannot become ${to}.` };

export const markPaid = (from: OrderStatus) => step(from, ["placed"], "paid");
export const markFulfilled = (from: OrderStatus) => step(from, ["paid"], "fulfilled");
export const markShipped = (from: OrderStatus) => step(from, ["fulfilled"], "shipped");
export const markDelivered = (from: OrderStatus) => step(from, ["shipped"], "delivered");
export const cancel = (from: OrderStatus) => step(from, ["placed", "paid"], "cancelled");
export const decline = (from: OrderStatus) => step(from, ["placed"], "declined");
export const refund = (from: OrderStatus) => step(from, ["paid", "fulfilled", "shipped", "delivered"], "refunded");
