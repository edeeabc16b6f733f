CREATE TABLE "errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"route" text,
	"release" text NOT NULL,
	"first_release" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "errors_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE INDEX "errors_last_seen_idx" ON "errors" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "errors_count_idx" ON "errors" USING btree ("count");