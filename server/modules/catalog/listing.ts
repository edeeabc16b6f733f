import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { CATEGORY_SLUGS } from "../../../rules/catalog/product-paths";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { filtersPredicate, filterPredicate, listingPrices, sameFilter } from "./filter-sql";
import { loadFilterCatalog } from "./filters";
import { inStockAt, productColumns, variantColumns } from "./catalog-columns";
import { toProducts, type ProductRow, type VariantRow } from "./mapping";
import { brands, dealSkus, products, variants } from "./schema";
import { searchProducts, type SearchHits } from "./search";
import { facetCacheKey, searchCacheKey, type FacetCache } from "./facet-cache";
import type { DealSkus, Facet, FacetOption, FilterDefinition, FilterField, ListingQuery, ListingResult, Product, SitemapEntry } from "./types";
import { dayOf } from "../../../rules/shared/calendar-days";
import { indexedSort, popcount, type ListingIndex } from "./listing-index";
import type { ListingIndexCache } from "./listing-index-cache";

// The listing, search results and category pages. One call runs a fixed number
// of queries whatever the page size (no N+1):
//   [filter catalogue ∥ search hits] → [facet counts + total ∥ the page's products] → the page's variants with stock.
// Facet counts are computed in SQL, each facet with every other facet's filters applied.
// With the process's listing index (listing-index.ts; kept while catalogue changes are heard) the
// total, the facet counts and the page's ids come from the index instead, and a call runs
//   [search hits, unless kept] → [lower() of non-ASCII flavour texts, when new] → [the page's products ∥ their variants with stock],
// plus, once per site and catalogue change, the index's own three reads (listing-index-load.ts).

export const MAX_LIMIT = 100;

/** The caches of one process (service.ts), dropped on every catalogue change it hears of. */
export type ListingCaches = { facets: FacetCache; searchHits: FacetCache<SearchHits>; index?: ListingIndexCache };

/** Sorts the page query orders itself; any other is the default (relevance first with a search). */
const SORTED_IN_SQL = new Set<ListingQuery["sort"]>(["price-asc", "price-desc", "name", "newest"]);
export const MAX_HANDLES = 50;

/** Sold on the site: listed there and published (an unpublished product is shown nowhere). */
export const onSite = (site: SiteId) => sql`${products.sites} @> array[${site}]::text[] and ${products.published}`;
/** A PostgreSQL array literal of numbers, bound as one parameter however long the list. */
const numberArray = (values: number[]) => `{${values.map((n) => String(n)).join(",")}}`;

/**
 * The variants of some products with "in stock anywhere" (any warehouse with on_hand - reserved > 0),
 * in one query.
 */
export async function loadVariantRows(db: Db, productIds: number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ ...variantColumns, inStock: inStockAt() })
    .from(variants)
    .where(sql`${variants.productId} = any(${numberArray(productIds)}::int[])`)
    .orderBy(asc(variants.productId), asc(variants.position));
  return rows.map((r) => ({ ...r, inStock: Boolean(r.inStock) }));
}

/** Products on a site by handle, in the order of `handles`; unknown handles are left out. Two queries. */
export async function getProductsByHandles(db: Db, handles: string[], site: SiteId): Promise<Product[]> {
  const unique = [...new Set(handles)];
  if (unique.length === 0) return [];
  const rows: ProductRow[] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.slug, products.brandSlug))
    .where(and(inArray(products.handle, unique), onSite(site)));
  const position = new Map(unique.map((h, i) => [h, i]));
  rows.sort((a, b) => position.get(a.handle)! - position.get(b.handle)!);
  return toProducts(
    rows,
    await loadVariantRows(
      db,
      rows.map((r) => r.id),
    ),
    site,
  );
}

/** The ORDER BY of a sort (listing-index-load.ts numbers the index's orders with the same expressions). */
export function orderBy(query: Pick<ListingQuery, "site" | "sort" | "priceAudience">, searching: boolean): SQL[] {
  const minPrice = listingPrices(query) === "program" ? products.minProgramPriceCents : products.minPriceCents;
  switch (query.sort) {
    case "price-asc":
      return [sql`${minPrice} asc nulls last`, asc(products.id)];
    case "price-desc":
      return [sql`${minPrice} desc nulls last`, asc(products.id)];
    case "name":
      return [asc(products.title), asc(products.id)];
    case "newest":
      // NULLS LAST like products_newest_idx (created_at is never null): otherwise the index cannot serve it.
      return [sql`${products.createdAt} desc nulls last`, asc(products.id)];
    case "featured":
    default:
      // With a search the default order is relevance.
      return searching ? [sql`search_hits.rank desc`, asc(products.featuredRank), asc(products.id)] : [asc(products.featuredRank), asc(products.id)];
  }
}

/** The facets to count for a query: facet definitions, narrowed to the selected species. */
function facetDefinitions(catalog: FilterDefinition[], query: ListingQuery): FilterDefinition[] {
  const species = new Set(query.filters.filter((f) => f.field === "species" && "value" in f).map((f) => ("value" in f ? f.value : "")));
  const fits = (s: string[]) => species.size === 0 || s.some((x) => species.has(x));
  return catalog
    .filter((d) => d.isFacet && (d.field === "species" || fits(d.species)))
    .map((d) => ({ ...d, options: d.field === "species" ? d.options : d.options.filter((o) => fits(o.species)) }))
    .filter((d) => d.options.length > 0);
}

/**
 * Facet counts and the total in one statement: for each option, the products matching the option
 * and every filter on other fields than the facet's own.
 */
async function countFacets(db: Db, query: ListingQuery, base: SQL, definitions: FilterDefinition[]): Promise<{ total: number; facets: Facet[] }> {
  const prices = listingPrices(query);
  const columns: SQL[] = [sql`count(*) filter (where ${filtersPredicate(query.filters, prices, undefined, "stored")})::int as total`];
  let index = 0;
  const slots = definitions.map((d) => {
    const ownFields = new Set<FilterField>([d.field, ...d.options.map((o) => o.filter.field)]);
    const others = filtersPredicate(query.filters, prices, ownFields, "stored");
    return d.options.map((o) => {
      const column = `c${index++}`;
      const matches = filterPredicate(o.filter, prices, "stored");
      columns.push(sql`count(*) filter (where ${matches} and ${others})::int as ${sql.identifier(column)}`);
      return column;
    });
  });
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)} from ${products} where ${base}`);
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
  const facets = definitions
    .map((d, i): Facet => ({
      field: d.field,
      label: d.label,
      slug: d.slug,
      options: d.options
        .map((o, j): FacetOption => ({
          label: o.label,
          slug: o.slug,
          filter: o.filter,
          count: Number(row[slots[i][j]] ?? 0),
          selected: query.filters.some((f) => sameFilter(f, o.filter)),
        }))
        .filter((o) => o.count > 0 || o.selected),
    }))
    .filter((f) => f.options.length > 0);
  return { total: Number(row.total ?? 0), facets };
}

async function countOnly(db: Db, query: ListingQuery, base: SQL): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as total from ${products} where ${base} and ${filtersPredicate(query.filters, listingPrices(query), undefined, "stored")}`,
  );
  return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

/**
 * The listing of SPEC §2 /products, category pages and /search: products on the query's site that
 * match every filter (AND across fields, OR within a field) and the search text, sorted and paged,
 * with facet counts. At most five queries, whatever `limit` is (at most four with the listing index
 * once it is built).
 */
export async function listProducts(
  db: Db,
  query: ListingQuery,
  /** The site's filter catalogue when the caller already loaded it (no query repeated within a request). */
  preloaded: { filterCatalog?: FilterDefinition[] } = {},
  /** The process's facet counts per filter state and search hits per text (facet-cache.ts); none: counted every call. */
  caches: ListingCaches | null = null,
): Promise<ListingResult> {
  const facetCache = caches?.facets ?? null;
  // Before anything the counts depend on is read: a change committed after this drops them.
  const generation = facetCache?.generation() ?? 0;
  const hitsGeneration = caches?.searchHits.generation() ?? 0;
  const indexGeneration = caches?.index?.generation() ?? 0;
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(query.limit) || 1));
  const page = Math.max(1, Math.floor(query.page) || 1);
  const q: ListingQuery = { ...query, limit, page };
  const wantFacets = q.facets !== false;
  const searchText = q.search?.trim() ?? "";
  const searching = searchText.length > 0;
  // Null while catalogue changes are not heard: then everything is counted in SQL below.
  const index = caches?.index?.get(q.site, indexGeneration, listingPrices(q)) ?? null;

  const [catalog, hits] = await Promise.all([
    // With a facet cache the catalogue is read only when the counts are not kept (below).
    wantFacets && !facetCache && !index
      ? preloaded.filterCatalog
        ? Promise.resolve(preloaded.filterCatalog)
        : loadFilterCatalog(db, q.site)
      : Promise.resolve([]),
    !searching
      ? Promise.resolve<SearchHits | null>(null)
      : caches
        ? caches.searchHits.load(searchCacheKey(q.site, searchText), hitsGeneration, () => searchProducts(db, q.site, searchText))
        : searchProducts(db, q.site, searchText),
  ]);
  const empty: ListingResult = { products: [], total: 0, page, limit, pageCount: 0, facets: [] };
  if (hits && hits.ids.length === 0) return empty;
  if (index) return listFromIndex(db, q, await index, hits);

  const hitIds = hits ? numberArray(hits.ids) : null;
  const base = hitIds ? and(onSite(q.site), sql`${products.id} = any(${hitIds}::int[])`)! : onSite(q.site);

  // Search hits come in the listing's default order (relevance, featured rank, id): without filters
  // that order is the page's, and its products are read by id instead of sorting every hit in SQL.
  const unfilteredSearch = hits !== null && q.filters.length === 0;
  const hitsPage = unfilteredSearch && !SORTED_IN_SQL.has(q.sort) ? hits.ids.slice((page - 1) * limit, page * limit) : null;
  let pageQuery = db.select(productColumns).from(products).innerJoin(brands, eq(brands.slug, products.brandSlug)).$dynamic();
  if (hits && !hitsPage) {
    pageQuery = pageQuery.innerJoin(
      sql`unnest(${hitIds}::int[], ${numberArray(hits.ranks)}::float8[]) as search_hits(id, rank)`,
      sql`search_hits.id = ${products.id}`,
    );
  }
  const [counted, rows] = await Promise.all([
    !wantFacets
      ? unfilteredSearch
        ? { total: hits.ids.length, facets: [] as Facet[] }
        : countOnly(db, q, base).then((total) => ({ total, facets: [] as Facet[] }))
      : facetCache
        ? // The catalogue is read again here, after `generation`, never taken from the caller: kept
          // counts must not rest on a read made before it.
          facetCache.load(facetCacheKey(q.site, searchText, q.filters, listingPrices(q)), generation, async () =>
            countFacets(db, q, base, facetDefinitions(await loadFilterCatalog(db, q.site), q)),
          )
        : countFacets(db, q, base, facetDefinitions(catalog, q)),
    hitsPage
      ? pageQuery.where(and(onSite(q.site), sql`${products.id} = any(${numberArray(hitsPage)}::int[])`)).then((found) => {
          const position = new Map(hitsPage.map((id, i) => [id, i]));
          return (found as ProductRow[]).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
        })
      : pageQuery
          .where(and(base, filtersPredicate(q.filters, listingPrices(q), undefined, "stored")))
          .orderBy(...orderBy(q, searching))
          .limit(limit)
          .offset((page - 1) * limit),
  ]);
  const productRows = rows as ProductRow[];
  const variantRows = await loadVariantRows(
    db,
    productRows.map((r) => r.id),
  );
  return {
    products: toProducts(productRows, variantRows, q.site),
    total: counted.total,
    page,
    limit,
    pageCount: Math.ceil(counted.total / limit),
    facets: counted.facets,
  };
}

/** The database's lower() of each value (the flavour filter lowers its pattern in SQL). One query; none for no values. */
export async function lowerInDatabase(db: Db, values: readonly string[]): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const result = await db.execute(
    sql`select v, lower(v) as l from unnest(array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]) as t(v)`,
  );
  return new Map((result as unknown as { rows: { v: string; l: string }[] }).rows.map((r) => [r.v, r.l]));
}

/** Products on the site by id, in the order of `ids`, brands joined (ids no longer on the site are left out). */
async function productRowsById(db: Db, site: SiteId, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows: ProductRow[] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.slug, products.brandSlug))
    .where(and(onSite(site), sql`${products.id} = any(${numberArray(ids)}::int[])`));
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/**
 * listProducts with the site's listing index: the total, facet counts and the page's ids from the
 * index; the page's products, prices and stock from the database.
 */
async function listFromIndex(db: Db, q: ListingQuery, index: ListingIndex, hits: SearchHits | null): Promise<ListingResult> {
  const { page, limit } = q;
  const lower = index.valuesToLower(q.filters);
  if (lower.length > 0) index.addLowered(await lowerInDatabase(db, lower));
  const found = hits ? index.hits(hits) : null;
  const { matching, groups } = index.match(q.filters, found ? found.mask : index.all);
  const total = popcount(matching);
  const facets = q.facets === false ? [] : index.facets(q.filters, facetDefinitions(index.catalog, q), found ? found.mask : index.all, groups);
  // With a search the default order is relevance: the hits' order (relevance, featured rank, id).
  const order = found && !SORTED_IN_SQL.has(q.sort) ? found.order : index.orders[indexedSort(q.sort)];
  const ids = index.page(matching, order, (page - 1) * limit, limit);
  // Both by the page's ids at once: variants of a product no longer on the site are not shown (toProducts).
  const [productRows, variantRows] = await Promise.all([productRowsById(db, q.site, ids), loadVariantRows(db, ids)]);
  return { products: toProducts(productRows, variantRows, q.site), total, page, limit, pageCount: Math.ceil(total / limit), facets };
}

/** get-skus-with-deal: every deal SKU (on `site`, when given) keyed by SKU. */
export async function getDealSkus(db: Db, site?: SiteId): Promise<DealSkus> {
  const rows = await db
    .select({ sku: dealSkus.sku, label: dealSkus.label })
    .from(dealSkus)
    .innerJoin(variants, eq(variants.sku, dealSkus.sku))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(site ? onSite(site) : undefined)
    .orderBy(asc(dealSkus.sku));
  return Object.fromEntries(rows.map((r) => [r.sku, { sku: r.sku, label: r.label }]));
}

/**
 * Every product and category URL of a site (for /sitemap.xml), site-relative: /products, each
 * species, each category option a product of that species is listed under, and each product.
 */
export async function sitemapEntries(db: Db, site: SiteId): Promise<SitemapEntry[]> {
  const [catalog, rows] = await Promise.all([
    loadFilterCatalog(db, site),
    db
      .select({ handle: products.handle, species: products.species, createdAt: products.createdAt })
      .from(products)
      .where(onSite(site))
      .orderBy(asc(products.handle)),
  ]);
  const species = [...new Set(rows.map((r) => r.species))].sort();
  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/products" }];
  for (const s of species) {
    entries.push({ path: `/products/${s}` });
    for (const d of catalog) {
      const routable = (CATEGORY_SLUGS as readonly string[]).includes(d.slug);
      if (!routable || d.field === "species" || !d.species.includes(s)) continue;
      for (const o of d.options) if (o.species.includes(s)) entries.push({ path: `/products/${s}/${d.slug}/${o.slug}` });
    }
  }
  for (const r of rows) entries.push({ path: `/products/${r.handle}`, lastModified: dayOf(new Date(r.createdAt)) });
  return entries;
}
