import { asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { changesListing, parseChangeNotice } from "../../../rules/shared/page-cache-keys";
import type { SiteId } from "../../../rules/shared/site";
import type { Config } from "../../config";
import type { Database, Db } from "../../db/client";
import { createFacetCache } from "./facet-cache";
import { createCartVariantCache } from "./cart-variant-cache";
import { getFiltersByHandle, loadFilterCatalog, resolveCategory } from "./filters";
import { getDealSkus, getProductsByHandles, listProducts, sitemapEntries, type ListingCaches } from "./listing";
import type { SearchHits } from "./search";
import { brands, inventory, products, variants } from "./schema";
import { getProductDetail } from "./product";
import { checkServedZip, estimatedDeliveryDate, productsStockForZip, servedZipRanges, stockObject, warehouseForZip } from "./stock";
import type { Destination } from "../../../rules/shared/shopper-location";
import { stateForZip } from "../../../rules/shared/us-states";
import type { FilterDefinition, ListingQuery, Product } from "./types";
import { variantsForCart } from "./cart-variants";
import { productFamilies } from "./families";
import { createListingIndexCache } from "./listing-index-cache";
import { loadListingIndex } from "./listing-index-load";
import type { Logger } from "../../log";

/**
 * Every variant of the given products, and the given variants whatever their product, with what a
 * subscription shows of them; in the products' variant order. Not filtered by site: a subscription
 * keeps showing its item. `conn` lets a workflow read them inside its transaction.
 */
export async function variantsOfProducts(conn: Db, productIds: readonly number[], alsoVariantIds: readonly number[] = []) {
  if (productIds.length === 0 && alsoVariantIds.length === 0) return [];
  return conn
    .select({
      id: variants.id,
      productId: variants.productId,
      productTitle: products.title,
      productHandle: products.handle,
      sites: products.sites,
      flavor: variants.flavor,
      sizeLabel: variants.sizeLabel,
      sku: variants.sku,
      priceCents: variants.priceCents,
      programPriceCents: variants.programPriceCents,
      imageKey: variants.imageKey,
      weight: variants.weight,
      weightUnit: variants.weightUnit,
      // The feeding calculator's table is the product's (rules/autoship/feeding-calculator.ts feedingGuideFor).
      species: products.species,
      foodForm: variants.foodForm,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(or(inArray(variants.productId, [...productIds, -1]), inArray(variants.id, [...alsoVariantIds, -1])))
    .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id));
}

export function createCatalogService(db: Db, config: Config, log?: Logger) {
  // Kept only once followChanges() hears of every catalogue change (scripts and tests count every call).
  const caches: ListingCaches = {
    facets: createFacetCache(),
    // A hit is three numbers: about 24 bytes each in the arrays.
    searchHits: createFacetCache<SearchHits>({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024, sizeOf: (h) => 64 + h.ids.length * 24 }),
    // Total, facet counts and page ids of any filter state without a count in SQL (listing-index.ts).
    index: createListingIndexCache(
      (site, prices) => loadListingIndex(db, site, prices),
      (index, ms) => log?.debug({ site: index.site, products: index.size, ms, bytes: index.bytes() }, "listing index built"),
    ),
  };
  // What nearly every page reads and an operator seldom changes — the filter catalogue, deal SKUs,
  // served ZIP ranges and the warehouse of a ZIP — kept under the same rule as the facet counts
  // (dropped by every page_cache NOTIFY: their tables all send one), so a page asks PostgreSQL only
  // for what is its own.
  const reference = createFacetCache<{ value: unknown }>({ maxEntries: 5000 });
  const kept = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    reference.load(key, reference.generation(), async () => ({ value: await load() })).then((r) => r.value as T);
  const filterCatalog = (site: SiteId) => kept(`filters:${site}`, () => loadFilterCatalog(db, site));
  // The shopper's cart reads its variants on every call (cart-variant-cache.ts).
  const cartVariantCache = createCartVariantCache((ids, site, conn) => variantsForCart(conn, ids, site));
  // Products by handle (carousels: the cart page renders one for every shopper), kept apart from the
  // reference data so that handles an API caller makes up never push it out.
  const byHandles = createFacetCache<{ products: Product[] }>({ maxEntries: 2000 });
  const productsByHandles = (handles: string[], site: SiteId) =>
    byHandles
      .load(JSON.stringify([site, handles]), byHandles.generation(), async () => ({ products: await getProductsByHandles(db, handles, site) }))
      .then((r) => r.products);
  const listingCaches = [caches.facets, caches.searchHits, caches.index!];
  const otherCaches = [reference, cartVariantCache, byHandles];
  const everyCache = [...listingCaches, ...otherCaches];
  return {
    /**
     * Keeps the listing's facet counts per filter state and search hits per text until the catalogue
     * changes: `listen` is the database's (server/db/client.ts); returns the function that stops listening.
     */
    followChanges: (listen: Database["listen"]) =>
      listen(
        "page_cache",
        // A stock or content change (every order makes one) keeps the listing's counts: rebuilding
        // them at 100,000 variants costs a second; the reference data and cart variants still go.
        (payload) => (changesListing(parseChangeNotice(payload).table) ? everyCache : otherCaches).forEach((c) => c.invalidate()),
        (live) => everyCache.forEach((c) => c.setLive(live)),
      ),
    // Product detail, stock and delivery by ZIP (product.ts, stock.ts).
    getProductDetail: (handle: string, site: SiteId, warehouseCode: string | null) => getProductDetail(db, handle, site, warehouseCode),
    warehouseForZip: (zip: string) => kept(`warehouse:${zip}`, () => warehouseForZip(db, zip)),
    servedZipRanges: () => kept("zip-ranges", () => servedZipRanges(db)),
    checkZip: (zip: string) => checkServedZip(db, zip, config.features.zipCheckBypass),
    stockObject: (destination: Destination) => stockObject(db, destination),
    productsStock: (input: { skus: readonly string[]; zipCode: string; destination: Destination }) =>
      productsStockForZip(db, input, config.features.zipCheckBypass),
    stateForZip: (zip: string) => stateForZip(zip),
    estimatedDeliveryDate: (zip: string, now: Date) => estimatedDeliveryDate(db, zip, now),

    async counts() {
      const [[p], [v]] = await Promise.all([db.select({ n: count() }).from(products), db.select({ n: count() }).from(variants)]);
      return { products: p.n, variants: v.n };
    },

    /** The product's name and brand, or null when no product has this handle. */
    async productSummary(handle: string) {
      const [row] = await db
        .select({ handle: products.handle, title: products.title, brand: brands.name, description: products.description })
        .from(products)
        .innerJoin(brands, eq(brands.slug, products.brandSlug))
        .where(eq(products.handle, handle))
        .limit(1);
      return row ?? null;
    },

    /** Listing, category pages and search: filtered, sorted, paged products with facet counts (listing.ts). */
    listProducts: (query: ListingQuery, preloaded?: { filterCatalog?: FilterDefinition[] }) => listProducts(db, query, preloaded, caches),
    /**
     * Products on the site by handle, in the order asked; unknown handles are left out. Kept per
     * process until the catalogue or stock changes: the answer is shared, never to be changed.
     */
    getProductsByHandles: productsByHandles,
    /** One product on the site, or null. */
    getProductByHandle: async (handle: string, site: SiteId) => (await productsByHandles([handle], site))[0] ?? null,
    /** Every filter definition on the site with its options, in the site's order (navigation menus). */
    filterDefinitions: filterCatalog,
    /** The filter definition of a category slug with at most `limit` options, or null. */
    getFiltersByHandle: (handle: string, limit: number, site: SiteId) => getFiltersByHandle(db, handle, limit, site, () => filterCatalog(site)),
    /** What /products/{species}/{category}/{detail} lists, or null when unknown (404). */
    resolveCategory: (site: SiteId, species: string, category: string | null, detail: string | null) =>
      resolveCategory(db, site, species, category, detail, () => filterCatalog(site)),
    /** Deal SKUs keyed by SKU (get-skus-with-deal); only those sold on `site` when given. */
    dealSkus: (site?: SiteId) => kept(`deals:${site ?? "*"}`, () => getDealSkus(db, site)),
    /** Variants for cart lines, in one query; `conn` lets a cart transaction read them (cart-variants.ts). */
    variantsForCart: (ids: readonly number[], site: SiteId, conn: Db = db) => variantsForCart(conn, ids, site),
    /** The same, kept per process until the catalogue or stock changes; for reads outside a transaction (cart-variant-cache.ts). */
    keptCartVariants: (ids: readonly number[], site: SiteId) => cartVariantCache.get(ids, site, db),
    /** Product and category URLs of the site for /sitemap.xml, site-relative. */
    sitemapEntries: (site: SiteId) => sitemapEntries(db, site),

    /**
     * For each line, whether the warehouse serving its ZIP (the one place-order reserves in) has the
     * quantity available now. In the order given; false for an unserved ZIP.
     */
    async canFillAtZip(lines: readonly { variantId: number; quantity: number; zip: string }[]): Promise<boolean[]> {
      if (lines.length === 0) return [];
      const zips = [...new Set(lines.map((l) => l.zip))];
      const serving = new Map(await Promise.all(zips.map(async (zip) => [zip, (await warehouseForZip(db, zip))?.code ?? null] as const)));
      const stock = await db
        .select({ warehouseCode: inventory.warehouseCode, variantId: inventory.variantId, onHand: inventory.onHand, reserved: inventory.reserved })
        .from(inventory)
        .where(inArray(inventory.variantId, [...new Set(lines.map((l) => l.variantId))]));
      return lines.map((l) => {
        const row = stock.find((r) => r.variantId === l.variantId && r.warehouseCode === serving.get(l.zip));
        return row !== undefined && row.onHand - row.reserved >= l.quantity;
      });
    },

    /** The given products and the rest of their families, with their variants (families.ts). */
    productFamilies: (productIds: readonly number[]) => productFamilies(db, productIds),

    /** Every variant of the given products, and the given variants (variantsOfProducts below). */
    variantsOfProducts: (productIds: readonly number[], alsoVariantIds: readonly number[] = []) => variantsOfProducts(db, productIds, alsoVariantIds),

    /**
     * The ids of variants whose SKU or product title contains `text` (any case), published or not, at
     * most `limit`: the operator console searches other modules' rows (subscriptions) by item this way.
     */
    async variantIdsMatching(text: string, limit = 500): Promise<number[]> {
      const like = `%${text.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const rows = await db
        .select({ id: variants.id })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(or(ilike(variants.sku, like), ilike(products.title, like)))
        .orderBy(asc(variants.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The variant with this SKU and what an autoship offer needs of its product, or null. */
    async variantBySku(sku: string) {
      const [row] = await db
        .select({
          id: variants.id,
          productId: variants.productId,
          priceCents: variants.priceCents,
          // An unpublished product is sold on no site (the autoship offer answers "not sold here").
          sites: sql<string[]>`case when ${products.published} then ${products.sites} else '{}'::text[] end`,
          productType: products.productType,
          title: products.title,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.sku, sku));
      return row ?? null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
