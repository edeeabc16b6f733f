CREATE TABLE "marketing_automation_sends" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_automation_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site" text NOT NULL,
	"email" text NOT NULL,
	"variant_id" integer NOT NULL,
	"customer_id" uuid,
	"zip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_automation_sends_kind_key" ON "marketing_automation_sends" USING btree ("kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_back_in_stock_site_email_variant_key" ON "marketing_back_in_stock_requests" USING btree ("site","email","variant_id");--> statement-breakpoint
CREATE INDEX "marketing_back_in_stock_open_idx" ON "marketing_back_in_stock_requests" USING btree ("notified_at","created_at");--> statement-breakpoint
CREATE INDEX "carts_abandoned_idx" ON "carts" USING btree ("updated_at") WHERE "carts"."status" = 'active' and "carts"."customer_id" is not null;