// An order's statuses (SPEC §3 Order), one list for the orders table's type and the console's filter.
export const ORDER_STATUSES = ["placed", "paid", "fulfilled", "shipped", "delivered", "cancelled", "refunded", "declined"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders that count as sold in the console's figures: paid or later, neither cancelled nor refunded. */
export const SOLD_ORDER_STATUSES: readonly OrderStatus[] = ["paid", "fulfilled", "shipped", "delivered"];

/** Orders the staff program's allowance counts: sold ones, and placed ones being paid right now. */
export const QUOTA_ORDER_STATUSES: readonly OrderStatus[] = ["placed", ...SOLD_ORDER_STATUSES];
