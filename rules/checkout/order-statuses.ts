// An order's statuses (SPEC §3 Order), one list for the orders table's type and the console's filter.
export const ORDER_STATUSES = ["placed", "paid", "fulfilled", "shipped", "delivered", "cancelled", "refunded", "declined"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
