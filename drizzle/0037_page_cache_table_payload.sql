-- The page_cache NOTIFY names the table that changed (it was empty), so a process's catalogue caches
-- can tell a stock or content change, which happens with every order and leaves the listing's facet
-- counts, search hits and listing index as they were, from a product, price or filter change
-- (server/modules/catalog/service.ts). The guest page cache still drops on every notice.
-- NOTIFY collapses identical payloads within a transaction: one message per table changed.
CREATE OR REPLACE FUNCTION page_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
