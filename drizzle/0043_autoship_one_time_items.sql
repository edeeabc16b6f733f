CREATE TABLE "subscription_one_time_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"order_id" uuid,
	"placed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_one_time_items_quantity" CHECK ("subscription_one_time_items"."quantity" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "subscription_one_time_items" ADD CONSTRAINT "subscription_one_time_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_one_time_items" ADD CONSTRAINT "subscription_one_time_items_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_one_time_items" ADD CONSTRAINT "subscription_one_time_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_one_time_items_pending_uq" ON "subscription_one_time_items" USING btree ("subscription_id","variant_id") WHERE placed_at is null;--> statement-breakpoint
CREATE INDEX "subscription_one_time_items_order_idx" ON "subscription_one_time_items" USING btree ("order_id");