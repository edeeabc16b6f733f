import { formatUtcDateTime } from "../../../rules/shared/dates";
import type { OrderView } from "../../../server/modules/orders";

/**
 * The order as its receipt (order-receipt.tsx) shows it, for the loaders that show one: the time the
 * household use was confirmed as people read it, formatted here so the page loads no date formatter.
 */
export function receiptOrder<O extends Pick<OrderView, "attestedAt">>(order: O): O {
  return { ...order, attestedAt: order.attestedAt && formatUtcDateTime(order.attestedAt) };
}
