CREATE TABLE "donation_cart_choices" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"tracking_id" uuid,
	"addon_kind" text,
	"addon_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "donation_ledger_reverses_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "donation_addon_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_ledger" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_ledger_reverses_refund_uq" ON "donation_ledger" USING btree ("reverses_id","refund_id") WHERE "donation_ledger"."reverses_id" is not null;