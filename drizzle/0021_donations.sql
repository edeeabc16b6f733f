CREATE TABLE "donation_causes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"category_icon_id" smallint DEFAULT 0 NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"multiplier_hundredths" integer DEFAULT 100 NOT NULL,
	"category_id" integer NOT NULL,
	"category_name" text NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"banner_image_url" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"ntee_full" text DEFAULT '' NOT NULL,
	"ntee_main" text DEFAULT '' NOT NULL,
	"ntee_sub" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_clickstream_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"tracking_id" text,
	"event_type" text NOT NULL,
	"event_version" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"envelope" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"cause_id" text NOT NULL,
	"rule" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"funded_by" text NOT NULL,
	"reverses_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_portfolio_charities" (
	"portfolio_id" text NOT NULL,
	"charity_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "donation_portfolio_charities_portfolio_id_charity_id_pk" PRIMARY KEY("portfolio_id","charity_id")
);
--> statement-breakpoint
CREATE TABLE "donation_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"exclude_segment" boolean DEFAULT false NOT NULL,
	"front_end_property_name" text NOT NULL,
	"front_end_source" smallint NOT NULL,
	"priority_index" integer DEFAULT 0 NOT NULL,
	"value_category" smallint,
	"specified_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"back_end_property_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"donation_action" text DEFAULT 'none' NOT NULL,
	"donation_action_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active_campaigns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address_information" jsonb,
	"contact_information" jsonb,
	"custom_css" text DEFAULT '' NOT NULL,
	"default_cause_id" text,
	"default_cause_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_donation_hundredths" integer NOT NULL,
	"default_donation_type" smallint NOT NULL,
	"featured_cause_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_embedded_confirmation" boolean DEFAULT false NOT NULL,
	"is_experience_active" boolean DEFAULT true NOT NULL,
	"let_shoppers_choose" boolean DEFAULT true NOT NULL,
	"search_enabled" boolean DEFAULT true NOT NULL,
	"primary_currency" text DEFAULT 'USD' NOT NULL,
	"target_css_selector" text DEFAULT '' NOT NULL,
	"cause_multipliers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"excluded_cms_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"direct_donation_cms_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cart_donation_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"session_key_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"cause_id" text,
	"cause_name" text,
	"is_test_mode" boolean DEFAULT false NOT NULL,
	"integration_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confirmation_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donation_portfolio_charities" ADD CONSTRAINT "donation_portfolio_charities_portfolio_id_donation_causes_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."donation_causes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_portfolio_charities" ADD CONSTRAINT "donation_portfolio_charities_charity_id_donation_causes_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."donation_causes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_segments" ADD CONSTRAINT "donation_segments_store_id_donation_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."donation_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_tracking" ADD CONSTRAINT "donation_tracking_store_id_donation_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."donation_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_causes_name_trgm_idx" ON "donation_causes" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "donation_causes_city_idx" ON "donation_causes" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "donation_causes_state_idx" ON "donation_causes" USING btree ("state");--> statement-breakpoint
CREATE INDEX "donation_causes_zip_idx" ON "donation_causes" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "donation_causes_category_idx" ON "donation_causes" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "donation_causes_kind_idx" ON "donation_causes" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "donation_clickstream_store_idx" ON "donation_clickstream_events" USING btree ("store_id","received_at");--> statement-breakpoint
CREATE INDEX "donation_clickstream_tracking_idx" ON "donation_clickstream_events" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "donation_ledger_order_idx" ON "donation_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "donation_ledger_cause_idx" ON "donation_ledger" USING btree ("cause_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_ledger_line_uq" ON "donation_ledger" USING btree ("order_line_id","cause_id","rule") WHERE "donation_ledger"."reverses_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_ledger_reverses_uq" ON "donation_ledger" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "donation_portfolio_charities_charity_idx" ON "donation_portfolio_charities" USING btree ("charity_id");--> statement-breakpoint
CREATE INDEX "donation_segments_store_idx" ON "donation_segments" USING btree ("store_id","priority_index");--> statement-breakpoint
CREATE INDEX "donation_tracking_store_idx" ON "donation_tracking" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE FUNCTION donation_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'donation_ledger is append-only'; END $$;
--> statement-breakpoint
CREATE TRIGGER donation_ledger_no_change BEFORE UPDATE OR DELETE ON "donation_ledger" FOR EACH ROW EXECUTE FUNCTION donation_ledger_append_only();
