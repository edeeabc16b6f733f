CREATE TABLE "filter_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"navigation_label" text NOT NULL,
	"sites" text[] DEFAULT '{d2c,hpsf}'::text[] NOT NULL,
	"species" text[] DEFAULT '{dog,cat}'::text[] NOT NULL,
	"is_navigation" boolean DEFAULT true NOT NULL,
	"is_facet" boolean DEFAULT true NOT NULL,
	"base_filter" jsonb,
	"sort_d2c" integer NOT NULL,
	"sort_hpsf" integer NOT NULL,
	CONSTRAINT "filter_definitions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "filter_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"sites" text[] DEFAULT '{d2c,hpsf}'::text[] NOT NULL,
	"species" text[] DEFAULT '{dog,cat}'::text[] NOT NULL,
	"filter" jsonb NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_program_price_cents" integer;--> statement-breakpoint
ALTER TABLE "filter_options" ADD CONSTRAINT "filter_options_definition_id_filter_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."filter_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filter_definitions_sites_idx" ON "filter_definitions" USING gin ("sites");--> statement-breakpoint
CREATE UNIQUE INDEX "filter_options_definition_slug_idx" ON "filter_options" USING btree ("definition_id","slug");--> statement-breakpoint
CREATE INDEX "filter_options_definition_sort_idx" ON "filter_options" USING btree ("definition_id","sort");--> statement-breakpoint
CREATE INDEX "filter_options_sites_idx" ON "filter_options" USING gin ("sites");--> statement-breakpoint
CREATE INDEX "products_sub_brand_idx" ON "products" USING btree ("sub_brand");--> statement-breakpoint
CREATE INDEX "products_sites_idx" ON "products" USING gin ("sites");--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured_rank","id");--> statement-breakpoint
CREATE INDEX "products_min_price_idx" ON "products" USING btree ("min_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_min_program_price_idx" ON "products" USING btree ("min_program_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "variants_pack_type_idx" ON "variants" USING btree ("pack_type");--> statement-breakpoint
CREATE INDEX "variants_weight_unit_idx" ON "variants" USING btree ("weight_unit");--> statement-breakpoint
CREATE INDEX "variants_weight_lb_idx" ON "variants" USING btree ((case when "weight_unit" = 'oz' then "weight" / 16 else "weight" end));--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_slug","sub_brand");