-- The guest page cache (server/http/page-cache.ts) is dropped in every shop process when anything a
-- cached page shows changes: products, prices, stock, deals, filters, warehouses, content.
-- NOTIFY is delivered at commit (and once per transaction for the same payload), so a process never
-- drops its cache before the change is visible, and an order's stock update costs one message.
CREATE OR REPLACE FUNCTION page_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['brands', 'products', 'variants', 'inventory', 'deal_skus', 'warehouses',
    'warehouse_zip_ranges', 'filter_definitions', 'filter_options', 'content_entries', 'url_redirects']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION page_cache_changed()', t || '_page_cache', t);
  END LOOP;
END
$$;
