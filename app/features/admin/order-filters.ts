/** The order statuses the console's order list filters by (server/modules/orders/schema.ts OrderStatus). */
export const ORDER_STATUSES = ["placed", "paid", "fulfilled", "shipped", "delivered", "cancelled", "refunded"] as const;
