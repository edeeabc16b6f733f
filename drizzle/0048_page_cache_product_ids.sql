-- The page_cache NOTIFY of the tables whose rows belong to a product (products, variants, stock,
-- review summaries) names the products a statement changed: `inventory:12,40`. The shared cache in
-- front then purges those products' pages and cards (and, for a product or variant, the listings)
-- rather than every page, so an order's stock change leaves the rest of the cache alone
-- (rules/shared/page-cache-keys.ts reads the payload). Coalesced per statement from its transition
-- tables; over 100 products (NOTIFY payloads stay under 8000 bytes), a row whose product is gone,
-- or a TRUNCATE, the notice names the table alone, as before: anything in it may have changed.
-- TG_ARGV[0] is the expression of a row's product id over the changed rows `r`.
-- The notice of a statement's changed rows: their ids, or the table alone when `whole` or over 100.
CREATE OR REPLACE FUNCTION page_cache_notify_ids(tbl text, ids bigint[], whole boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF whole OR cardinality(ids) > 100 THEN
    PERFORM pg_notify('page_cache', tbl);
  ELSE
    PERFORM pg_notify('page_cache', tbl || ':' || array_to_string(ids, ','));
  END IF;
END
$$;
--> statement-breakpoint
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
  PERFORM page_cache_notify_ids(TG_TABLE_NAME, ids, unknown);
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
--> statement-breakpoint
-- A content entry whose body alone changed (publishing an edit of a published entry) is named by
-- its id: only the pages that show it go. Any other change — an entry added, removed, published,
-- archived, moved to another type, key or site — may change which entries a page lists (every page
-- lists the announcements and banners), so it names the table, as before.
CREATE OR REPLACE FUNCTION page_cache_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  moved boolean;
BEGIN
  SELECT array_agg(DISTINCT n.id ORDER BY n.id),
    bool_or(o.id IS NULL OR n.id IS NULL OR (o.type, o.key, o.site, o.status) IS DISTINCT FROM (n.type, n.key, n.site, n.status))
    INTO ids, moved
    FROM old_rows o FULL JOIN new_rows n ON n.id = o.id;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM page_cache_notify_ids(TG_TABLE_NAME, ids, moved);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER content_entries_page_cache ON content_entries;
--> statement-breakpoint
CREATE TRIGGER content_entries_page_cache AFTER INSERT OR DELETE OR TRUNCATE ON content_entries
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_changed();
--> statement-breakpoint
CREATE TRIGGER content_entries_page_cache_update AFTER UPDATE ON content_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_content_changed();
