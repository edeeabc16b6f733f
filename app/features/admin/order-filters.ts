/** The order statuses the console's order list filters by (server/modules/orders/schema.ts OrderStatus). */
export const ORDER_STATUSES = ["placed", "paid", "fulfilled", "shipped", "delivered", "cancelled", "refunded", "declined"] as const;

/** The order list's sortable columns; newest first by default. */
export const ORDER_SORTS = ["placed", "number", "email", "status", "total"] as const;
export type OrderSort = { key: (typeof ORDER_SORTS)[number]; dir: "asc" | "desc" };
export const DEFAULT_ORDER_SORT: OrderSort = { key: "placed", dir: "desc" };
