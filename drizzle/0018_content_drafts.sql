ALTER TABLE "content_entries" ADD COLUMN "draft_body" jsonb;--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "published_at" timestamp with time zone;