CREATE TABLE "brands" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"color" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_skus" (
	"sku" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"warehouse_code" text NOT NULL,
	"variant_id" integer NOT NULL,
	"on_hand" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_warehouse_code_variant_id_pk" PRIMARY KEY("warehouse_code","variant_id"),
	CONSTRAINT "inventory_non_negative" CHECK ("inventory"."reserved" >= 0 and "inventory"."on_hand" >= "inventory"."reserved")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"brand_slug" text NOT NULL,
	"sub_brand" text,
	"species" text NOT NULL,
	"product_type" text NOT NULL,
	"lifestages" text[] DEFAULT '{}'::text[] NOT NULL,
	"breed_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"health_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"sites" text[] DEFAULT '{d2c,hpsf}'::text[] NOT NULL,
	"featured_rank" integer DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"position" integer NOT NULL,
	"flavor" text NOT NULL,
	"size_label" text NOT NULL,
	"weight" double precision NOT NULL,
	"weight_unit" text NOT NULL,
	"food_form" text NOT NULL,
	"pack_type" text NOT NULL,
	"price_cents" integer NOT NULL,
	"compare_at_cents" integer,
	"program_price_cents" integer,
	"badge_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_key" text NOT NULL,
	CONSTRAINT "variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "variants_price_positive" CHECK ("variants"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_zip_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_code" text NOT NULL,
	"group_name" text NOT NULL,
	"transit_days" integer NOT NULL,
	"zip_start" integer NOT NULL,
	"zip_end" integer NOT NULL,
	CONSTRAINT "warehouse_zip_ranges_order" CHECK ("warehouse_zip_ranges"."zip_start" <= "warehouse_zip_ranges"."zip_end")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_skus" ADD CONSTRAINT "deal_skus_sku_variants_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."variants"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_slug_brands_slug_fk" FOREIGN KEY ("brand_slug") REFERENCES "public"."brands"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_zip_ranges" ADD CONSTRAINT "warehouse_zip_ranges_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_variant_idx" ON "inventory" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_slug");--> statement-breakpoint
CREATE INDEX "products_species_type_idx" ON "products" USING btree ("species","product_type");--> statement-breakpoint
CREATE INDEX "products_lifestages_idx" ON "products" USING gin ("lifestages");--> statement-breakpoint
CREATE INDEX "products_breed_sizes_idx" ON "products" USING gin ("breed_sizes");--> statement-breakpoint
CREATE INDEX "products_health_idx" ON "products" USING gin ("health_conditions");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "variants_price_idx" ON "variants" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "variants_food_form_idx" ON "variants" USING btree ("food_form");--> statement-breakpoint
CREATE INDEX "warehouse_zip_ranges_lookup_idx" ON "warehouse_zip_ranges" USING btree ("zip_start","zip_end");