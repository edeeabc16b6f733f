/** The order statuses the console's order list filters by: every status an order has. */
export { ORDER_STATUSES } from "../../../rules/checkout/order-statuses";

/** The order list's sortable columns; newest first by default. */
export const ORDER_SORTS = ["placed", "number", "email", "status", "total"] as const;
export type OrderSort = { key: (typeof ORDER_SORTS)[number]; dir: "asc" | "desc" };
export const DEFAULT_ORDER_SORT: OrderSort = { key: "placed", dir: "desc" };
