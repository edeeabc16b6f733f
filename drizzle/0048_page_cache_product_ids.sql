-- The page_cache NOTIFY of the tables whose rows belong to a product (products, variants, stock,
-- review summaries) names the products a statement changed: `inventory:12,40`. The shared cache in
-- front then purges those products' pages and cards (and, for a product or variant, the listings)
-- rather than every page, so an order's stock change leaves the rest of the cache alone
-- (rules/shared/page-cache-keys.ts reads the payload). Coalesced per statement from its transition
-- tables; over 100 products (NOTIFY payloads stay under 8000 bytes), a row whose product is gone,
-- or a TRUNCATE, the notice names the table alone, as before: anything in it may have changed.
-- TG_ARGV[0] is the expression of a row's product id over the changed rows `r`.
CREATE OR REPLACE FUNCTION page_cache_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END;
  ids bigint[];
  unknown boolean;
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT k ORDER BY k) FILTER (WHERE k IS NOT NULL), bool_or(k IS NULL) '
    'FROM (SELECT (%s)::bigint AS k FROM (%s) r) s', TG_ARGV[0], changed) INTO ids, unknown;
  -- A statement that changed no row changed nothing a page shows.
  IF unknown IS NULL THEN
    RETURN NULL;
  END IF;
  IF unknown OR cardinality(ids) > 100 THEN
    PERFORM pg_notify('page_cache', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('page_cache', TG_TABLE_NAME || ':' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  product text;
  op text;
BEGIN
  FOR t, product IN VALUES
    ('products', 'r.id'),
    ('variants', 'r.product_id'),
    ('inventory', '(SELECT v.product_id FROM variants v WHERE v.id = r.variant_id)'),
    ('review_summaries', 'r.product_id')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_page_cache', t);
    -- A trigger with transition tables has one event: INSERT has only new rows, DELETE only old ones.
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT '
        'EXECUTE FUNCTION page_cache_products_changed(%L)',
        t || '_page_cache_' || op, upper(op), t,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
          ELSE 'NEW TABLE AS new_rows OLD TABLE AS old_rows' END,
        product);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION page_cache_changed()',
      t || '_page_cache_truncate', t);
  END LOOP;
END
$$;
