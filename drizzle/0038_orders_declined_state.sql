-- A declined checkout is kept as an order in state 'declined' (it was deleted): it frees its cart and
-- its idempotency key for the shopper's retry, so the two unique indexes skip it.
DROP INDEX "orders_idempotency_key_uq";--> statement-breakpoint
DROP INDEX "orders_cart_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_uq" ON "orders" USING btree ("idempotency_key") WHERE "orders"."status" <> 'declined';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_uq" ON "orders" USING btree ("cart_id") WHERE "orders"."status" <> 'declined';