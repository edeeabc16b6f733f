/**
 * What a `page_cache` change notice says and which shared-cache keys it purges: the one home of
 * the notice's format (drizzle 0048_page_cache_product_ids writes it; server/server.ts, the
 * catalogue's caches and server/http/shared-cache-purge.ts read it) and of the keys a shared page
 * carries (server/http/page-cache.ts `Surrogate-Key`, recorded by the loaders through
 * app/lib/page-shows.ts).
 *
 * A notice's payload is `table` (anything in that table may have changed: a TRUNCATE, a statement
 * over more than IDS_PER_NOTICE rows' ids, a table whose rows are not named, the empty payload of
 * older triggers) or `table:id,id,…`: for products, variants, stock and review summaries the
 * products whose rows one statement changed; for content entries the entries whose body alone
 * changed (publishing an edit; anything else may change which entries a page lists).
 */

/** Every page the shared cache keeps carries it: an "anything changed" notice, or a reconnect, purges it. */
export const SHARED_PAGES_KEY = "pages";

/**
 * Pages whose set of products may change when a product is added, removed, re-categorised,
 * re-priced or re-filtered: listings, category pages, search, carousels, the sitemap.
 */
export const LISTINGS_KEY = "listings";

/** The key of a page that shows a product (its page, or its card anywhere). */
export const productKey = (productId: number | string) => `p:${productId}`;

/** The key of a page that shows a content entry (every page shows the header's, the footer's…). */
export const contentKey = (entryId: number | string) => `content:${entryId}`;

/** Above this many ids a statement's notice names the table alone (NOTIFY payloads stay under 8000 bytes). */
export const IDS_PER_NOTICE = 100;

/**
 * A page naming more products than this is not handed to the shared cache (its own process still
 * keeps it): the key header stays far under Varnish's 8 KB header line. A listing page shows 24.
 */
export const MAX_PRODUCT_KEYS = 150;

export type ChangeNotice = {
  table: string;
  /** The products (content entries) whose rows changed, or null: anything in the table may have. */
  ids: number[] | null;
};

/** A `page_cache` payload read; anything but `table:` and a list of whole numbers is the table alone. */
export function parseChangeNotice(payload: string): ChangeNotice {
  const colon = payload.indexOf(":");
  if (colon < 0) return { table: payload, ids: null };
  const table = payload.slice(0, colon);
  const ids = payload.slice(colon + 1).split(",");
  if (!ids.every((id) => /^\d+$/.test(id))) return { table, ids: null };
  return { table, ids: ids.map(Number) };
}

/**
 * Tables whose changes leave the listing's facet counts, search hits and index — and so which
 * products a listing shows — as they were: stock (every order changes it), warehouses, deals,
 * content, redirects and review summaries. Any other table, or no table, may change them.
 */
const NOT_LISTED = new Set(["inventory", "warehouses", "warehouse_zip_ranges", "deal_skus", "content_entries", "url_redirects", "review_summaries"]);

/** Whether the change a notice names may change what the listing counts and finds (server/modules/catalog/facet-cache.ts). */
export const changesListing = (table: string): boolean => !NOT_LISTED.has(table);

/**
 * The shared-cache keys to purge for a notice. A change to named products purges their pages and
 * cards (`p:<id>`), and when it can move them in or out of a listing (a product or variant row:
 * price, category, filter values) the listings too; a stock or rating change purges only their
 * pages and cards. An edited content entry purges the pages that show it. Anything else — a whole
 * table, filters and navigation, warehouses, deals, brands, redirects — is on too many pages to
 * name: every page goes.
 */
export function purgeKeysFor(notice: ChangeNotice): string[] {
  if (notice.ids === null) return [SHARED_PAGES_KEY];
  if (notice.table === "content_entries") return notice.ids.map(contentKey);
  if (!PRODUCT_TABLES.has(notice.table)) return [SHARED_PAGES_KEY];
  const keys = notice.ids.map(productKey);
  return changesListing(notice.table) ? [...keys, LISTINGS_KEY] : keys;
}

/** The tables whose notices name products (drizzle 0048_page_cache_product_ids). */
const PRODUCT_TABLES = new Set(["products", "variants", "inventory", "review_summaries"]);

/**
 * The `Surrogate-Key` of a shared page from what its render recorded, or null when it names too
 * many products to list (then it is not shared). Every page carries SHARED_PAGES_KEY.
 */
export function surrogateKeyHeader(shown: Iterable<string>): string | null {
  // A content key is one per entry the page read: a few dozen at most (the layout's, the page's blocks).
  const keys = new Set([SHARED_PAGES_KEY, ...shown]);
  let products = 0;
  for (const key of keys) if (key.startsWith("p:")) products++;
  return products > MAX_PRODUCT_KEYS ? null : [...keys].join(" ");
}
