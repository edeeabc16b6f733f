CREATE TABLE "life_stage_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"pet_id" uuid,
	"stage" text NOT NULL,
	"reached_on" date NOT NULL,
	"from_variant_id" integer NOT NULL,
	"to_variant_id" integer NOT NULL,
	"from_unit_cents" integer NOT NULL,
	"to_unit_cents" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "life_stage_proposals_stage" CHECK ("life_stage_proposals"."stage" in ('adult', 'senior')),
	CONSTRAINT "life_stage_proposals_status" CHECK ("life_stage_proposals"."status" in ('proposed', 'accepted', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "life_stage_checked_on" date;--> statement-breakpoint
ALTER TABLE "life_stage_proposals" ADD CONSTRAINT "life_stage_proposals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_stage_proposals" ADD CONSTRAINT "life_stage_proposals_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_stage_proposals" ADD CONSTRAINT "life_stage_proposals_from_variant_id_variants_id_fk" FOREIGN KEY ("from_variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_stage_proposals" ADD CONSTRAINT "life_stage_proposals_to_variant_id_variants_id_fk" FOREIGN KEY ("to_variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "life_stage_proposals_stage_uq" ON "life_stage_proposals" USING btree ("subscription_id","stage");--> statement-breakpoint
CREATE INDEX "life_stage_proposals_created_idx" ON "life_stage_proposals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "life_stage_proposals_pet_idx" ON "life_stage_proposals" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "subscription_renewals_placed_idx" ON "subscription_renewals" USING btree ("updated_at") WHERE status = 'placed';--> statement-breakpoint
CREATE INDEX "subscriptions_life_stage_check_idx" ON "subscriptions" USING btree ("life_stage_checked_on") WHERE status = 'active' and pet_id is not null;