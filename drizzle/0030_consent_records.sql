CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anonymous_id" text NOT NULL,
	"site" text NOT NULL,
	"revision" integer NOT NULL,
	"functional" boolean NOT NULL,
	"advertising" boolean NOT NULL,
	"source" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"ip_prefix" text,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_records_recorded_idx" ON "consent_records" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "consent_records_anonymous_idx" ON "consent_records" USING btree ("anonymous_id","recorded_at");