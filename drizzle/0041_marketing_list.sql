CREATE TABLE "marketing_consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"policy_version" text NOT NULL,
	"ip_prefix" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site" text NOT NULL,
	"email" text NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"topics" text[] NOT NULL,
	"customer_id" uuid,
	"integration_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confirm_nonce" text,
	"confirmation_mailed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"policy_version" text NOT NULL,
	"paused_until" timestamp with time zone,
	"suppression_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_subscriber_id_marketing_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."marketing_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_events_subscriber_idx" ON "marketing_consent_events" USING btree ("subscriber_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_subscribers_site_email_key" ON "marketing_subscribers" USING btree ("site","email");--> statement-breakpoint
CREATE INDEX "marketing_subscribers_email_idx" ON "marketing_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "marketing_subscribers_customer_idx" ON "marketing_subscribers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "marketing_subscribers_site_state_idx" ON "marketing_subscribers" USING btree ("site","state","created_at");