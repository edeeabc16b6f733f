CREATE TABLE "autoship_consents" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"order_number" text,
	"email" text NOT NULL,
	"terms_version" text NOT NULL,
	"terms_text" text NOT NULL,
	"unit_price_cents" integer,
	"frequency_weeks" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"next_reminder_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autoship_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"save_discount_percent" integer DEFAULT 15 NOT NULL,
	"save_discount_interval_months" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autoship_settings_one_row" CHECK ("autoship_settings"."id" = 1),
	CONSTRAINT "autoship_settings_discount" CHECK ("autoship_settings"."save_discount_percent" between 0 and 50),
	CONSTRAINT "autoship_settings_interval" CHECK ("autoship_settings"."save_discount_interval_months" >= 12)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "save_discount_code" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "save_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "autoship_consents" ADD CONSTRAINT "autoship_consents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoship_consents" ADD CONSTRAINT "autoship_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autoship_consents_reminder_idx" ON "autoship_consents" USING btree ("next_reminder_at");--> statement-breakpoint
-- Subscriptions started before consent was recorded: their proof is the order that started them
-- (the checkout asked for the terms); the terms' words were not kept, and the version says so.
INSERT INTO "autoship_consents" ("subscription_id", "order_id", "order_number", "email", "terms_version", "terms_text", "frequency_weeks", "accepted_at", "next_reminder_at")
SELECT s."id", s."origin_order_id", o."number", s."email", 'unrecorded', '', s."frequency_weeks", s."created_at", s."created_at" + interval '1 year'
FROM "subscriptions" s LEFT JOIN "orders" o ON o."id" = s."origin_order_id";
