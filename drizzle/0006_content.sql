CREATE TABLE "content_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"site" text DEFAULT 'both' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_site_check" CHECK ("content_entries"."site" in ('d2c', 'hpsf', 'both')),
	CONSTRAINT "content_entries_status_check" CHECK ("content_entries"."status" in ('published', 'draft', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "url_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"permanent" boolean DEFAULT true NOT NULL,
	"site" text DEFAULT 'both' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "url_redirects_site_check" CHECK ("url_redirects"."site" in ('d2c', 'hpsf', 'both'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_type_key_site_idx" ON "content_entries" USING btree ("type","key","site");--> statement-breakpoint
CREATE INDEX "content_entries_type_status_idx" ON "content_entries" USING btree ("type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "url_redirects_source_site_idx" ON "url_redirects" USING btree ("source","site");