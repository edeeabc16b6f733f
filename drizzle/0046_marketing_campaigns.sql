CREATE TABLE "marketing_campaign_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"mail_id" integer,
	"reason" text,
	"sent_at" timestamp with time zone,
	"clicked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"site" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"blocks" jsonb NOT NULL,
	"segment" jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_campaign_deliveries" ADD CONSTRAINT "marketing_campaign_deliveries_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaign_deliveries" ADD CONSTRAINT "marketing_campaign_deliveries_subscriber_id_marketing_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."marketing_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_campaign_deliveries_key" ON "marketing_campaign_deliveries" USING btree ("campaign_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "marketing_campaign_deliveries_state_idx" ON "marketing_campaign_deliveries" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "marketing_campaign_deliveries_subscriber_idx" ON "marketing_campaign_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_state_idx" ON "marketing_campaigns" USING btree ("state","scheduled_at");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_created_idx" ON "marketing_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_profiles_account_group_idx" ON "staff_profiles" USING btree ("account_group");