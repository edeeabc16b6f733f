-- products.variant_flavors in lower case (drizzle/0034_listing_variant_aggregates.sql stored the labels
-- as they are): the facet query tests every flavour option against every product, and ILIKE lowers
-- each row once per option. The function is 0034's but for that line.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    search_text = d.search_text,
    search_document = d.search_document,
    min_price_cents = d.min_price_cents,
    min_program_price_cents = d.min_program_price_cents,
    variant_food_forms = d.food_forms,
    variant_pack_types = d.pack_types,
    variant_weight_units = d.weight_units,
    variant_flavors = d.flavor_labels,
    variant_weights_lb = d.weights_lb,
    variant_prices = d.prices,
    variant_program_prices = d.program_prices
  FROM (
    SELECT p2.id,
      lower(concat_ws(' ', p2.title, b.name, p2.sub_brand, v.flavors, v.skus)) AS search_text,
      setweight(to_tsvector('english', concat_ws(' ', p2.title, b.name)), 'A')
        || setweight(to_tsvector('english', concat_ws(' ', p2.sub_brand, v.flavors, p2.product_type)), 'B')
        || setweight(to_tsvector('english', p2.description), 'C')
        || setweight(to_tsvector('simple', coalesce(v.skus, '')), 'D') AS search_document,
      v.min_price_cents,
      v.min_program_price_cents,
      coalesce(v.food_forms, '{}') AS food_forms,
      coalesce(v.pack_types, '{}') AS pack_types,
      coalesce(v.weight_units, '{}') AS weight_units,
      coalesce(v.flavor_labels, '') AS flavor_labels,
      coalesce(v.weights_lb, '{}') AS weights_lb,
      coalesce(v.prices, '{}') AS prices,
      coalesce(v.program_prices, '{}') AS program_prices
    FROM products p2
    JOIN brands b ON b.slug = p2.brand_slug
    LEFT JOIN LATERAL (
      SELECT string_agg(DISTINCT x.flavor, ' ') AS flavors,
             string_agg(x.sku, ' ') AS skus,
             min(x.price_cents) AS min_price_cents,
             min(coalesce(x.program_price_cents, x.price_cents)) AS min_program_price_cents,
             array_agg(DISTINCT x.food_form) AS food_forms,
             array_agg(DISTINCT x.pack_type) AS pack_types,
             array_agg(DISTINCT x.weight_unit) AS weight_units,
             -- U+001F separates the labels: the flavour filter's ILIKE never matches across two.
             -- In lower case: the flavour filter's case-insensitive "contains" is then a LIKE on
             -- lower(value) (server/modules/catalog/filter-sql.ts), far cheaper per row than ILIKE.
             lower(string_agg(x.flavor, chr(31) ORDER BY x.position, x.id)) AS flavor_labels,
             -- The same expression as the variants_weight_lb_idx index and filter-sql.ts variantWeightLb.
             array_agg((CASE WHEN x.weight_unit = 'oz' THEN x.weight / 16 ELSE x.weight END) ORDER BY x.position, x.id) AS weights_lb,
             array_agg(x.price_cents ORDER BY x.position, x.id) AS prices,
             array_agg(coalesce(x.program_price_cents, x.price_cents) ORDER BY x.position, x.id) AS program_prices
      FROM variants x
      WHERE x.product_id = p2.id
    ) v ON true
    WHERE p2.id = ANY(ids)
  ) d
  WHERE p.id = d.id;
$$;
--> statement-breakpoint
SELECT catalog_refresh_products(ARRAY(SELECT id FROM products));
