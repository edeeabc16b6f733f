CREATE TABLE "subscription_price_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"cycle_date" date NOT NULL,
	"old_unit_cents" integer NOT NULL,
	"new_unit_cents" integer NOT NULL,
	"threshold_percent" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_guard_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_price_holds" ADD CONSTRAINT "subscription_price_holds_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_price_holds_cycle_uq" ON "subscription_price_holds" USING btree ("subscription_id","cycle_date");--> statement-breakpoint
CREATE INDEX "subscription_price_holds_pending_idx" ON "subscription_price_holds" USING btree ("expires_at") WHERE status = 'pending';