CREATE INDEX "products_min_price_desc_idx" ON "products" USING btree ("min_price_cents" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_min_program_price_desc_idx" ON "products" USING btree ("min_program_price_cents" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_variant_food_forms_idx" ON "products" USING gin ("variant_food_forms");--> statement-breakpoint
CREATE INDEX "products_variant_pack_types_idx" ON "products" USING gin ("variant_pack_types");--> statement-breakpoint
CREATE INDEX "products_variant_flavors_trgm_idx" ON "products" USING gin ("variant_flavors" gin_trgm_ops);