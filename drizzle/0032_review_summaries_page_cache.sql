-- Product cards and product pages show the review average and count, and guest pages are cached
-- (server/http/page-cache.ts): a changed summary drops the cache in every shop process, like the
-- catalogue tables in 0012_page_cache_invalidation. Only approvals (and rejections of approved
-- reviews) touch the summaries, so new reviews waiting for moderation never empty the cache.
CREATE TRIGGER review_summaries_page_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_summaries
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_changed();
