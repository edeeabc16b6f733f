// Every module's tables, for the Drizzle client's relational queries and for drizzle-kit.
export * from "../modules/catalog/schema";
export * from "../modules/catalog/filters-schema";
export * from "../modules/cart/schema";
export * from "../modules/content/schema";
export * from "../modules/identity/schema";
export * from "../modules/rate-limit/schema";
export * from "../modules/contact/schema";
export * from "../modules/pets/schema";
export * from "../modules/mail/schema";
export * from "../modules/payments/schema";
export * from "../modules/orders/schema";
export * from "../modules/operators/schema";
