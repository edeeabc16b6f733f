-- Search documents and price sorts of the listing (issue 3), hand-written.
--
-- products.search_text, search_document, min_price_cents and min_program_price_cents are derived
-- from the product, its brand and its variants. These triggers keep them current on every write,
-- so no application code ever maintains them (and bulk inserts refresh once per statement).

CREATE INDEX IF NOT EXISTS "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The flavor filter matches "label contains the value" (ILIKE '%chicken%'): a trigram index serves it.
CREATE INDEX IF NOT EXISTS "variants_flavor_trgm_idx" ON "variants" USING gin ("flavor" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    search_text = d.search_text,
    search_document = d.search_document,
    min_price_cents = d.min_price_cents,
    min_program_price_cents = d.min_program_price_cents
  FROM (
    SELECT p2.id,
      lower(concat_ws(' ', p2.title, b.name, p2.sub_brand, v.flavors, v.skus)) AS search_text,
      setweight(to_tsvector('english', concat_ws(' ', p2.title, b.name)), 'A')
        || setweight(to_tsvector('english', concat_ws(' ', p2.sub_brand, v.flavors, p2.product_type)), 'B')
        || setweight(to_tsvector('english', p2.description), 'C')
        || setweight(to_tsvector('simple', coalesce(v.skus, '')), 'D') AS search_document,
      v.min_price_cents,
      v.min_program_price_cents
    FROM products p2
    JOIN brands b ON b.slug = p2.brand_slug
    LEFT JOIN LATERAL (
      SELECT string_agg(DISTINCT x.flavor, ' ') AS flavors,
             string_agg(x.sku, ' ') AS skus,
             min(x.price_cents) AS min_price_cents,
             min(coalesce(x.program_price_cents, x.price_cents)) AS min_program_price_cents
      FROM variants x
      WHERE x.product_id = p2.id
    ) v ON true
    WHERE p2.id = ANY(ids)
  ) d
  WHERE p.id = d.id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_products(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_products(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the columns the derived ones read: the refresh itself updates none of them, so it never recurses.
CREATE TRIGGER products_search_update AFTER UPDATE OF title, description, brand_slug, sub_brand, product_type ON products
  FOR EACH ROW EXECUTE FUNCTION catalog_product_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_products(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variants_search_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_products(ARRAY(
    SELECT unnest(ARRAY[o.product_id, n.product_id])
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.product_id, n.sku, n.flavor, n.price_cents, n.program_price_cents)
      IS DISTINCT FROM (o.product_id, o.sku, o.flavor, o.price_cents, o.program_price_cents)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variants_search_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_variants_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_products(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variants_search_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_brand_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_products(ARRAY(SELECT id FROM products WHERE brand_slug = NEW.slug));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search_update AFTER UPDATE OF name ON brands
  FOR EACH ROW EXECUTE FUNCTION catalog_brand_renamed();
--> statement-breakpoint
-- Databases seeded before this migration.
SELECT catalog_refresh_products(ARRAY(SELECT id FROM products));
