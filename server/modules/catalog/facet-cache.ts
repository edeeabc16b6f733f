import { LRUCache } from "lru-cache";
import type { SiteId } from "../../../rules/shared/site";
import type { Facet, Filter, PriceAudience } from "./types";

/**
 * Facet counts and totals of the listing, per process and per filter state (site, search text,
 * filters), so each state is counted once until the catalogue changes (listing.ts countFacets is a
 * pass over every product of the site); the same kind of cache keeps search hits per site and text
 * (a broad word matches most of the catalogue, and ranking it is a pass too).
 *
 * Never older than the database's committed catalogue as far as this process can know: every change
 * to products, variants, brands or the filter catalogue NOTIFYs `page_cache` at commit (drizzle
 * migration page_cache_invalidation) and `invalidate()` drops everything; a count that began before
 * the notification is not kept (generations), and while the notification connection is down
 * (`setLive(false)`) nothing is kept or served. Concurrent requests for one state share one count.
 * Bounded: the least recently used states go first.
 */

export type FacetCounts = { total: number; facets: Facet[] };

export type FacetCache<T = FacetCounts> = {
  /** The generation a listing call starts in: taken before it reads anything the counts depend on. */
  generation(): number;
  /** The kept counts of `key`, or `count()`'s (kept when nothing changed since `generation`). */
  load(key: string, generation: number, count: () => Promise<T>): Promise<T>;
  /** The kept value of `key`, if any (none while changes are not heard). */
  peek(key: string): T | undefined;
  /** Keeps `value` for `key` when nothing changed since `generation` (and changes are heard). */
  keep(key: string, generation: number, value: T): void;
  /** Drops every count (a change was committed). */
  invalidate(): void;
  /** Whether changes are being heard; while not, nothing is kept. */
  setLive(live: boolean): void;
  readonly size: number;
};

/** One key per filter state: the same filters in another order count once. */
export function facetCacheKey(site: SiteId, searchText: string, filters: Filter[], prices: PriceAudience = "shop"): string {
  const canonical = filters.map((f) => ("value" in f ? `${f.field}=${f.value}` : `${f.field}:${f.min ?? ""}..${f.max ?? ""}`)).sort();
  // Whose prices the price facets compare: a member on program prices and a student count apart.
  return JSON.stringify([site, prices, searchText, [...new Set(canonical)]]);
}

/** The search hits' key. */
export function searchCacheKey(site: SiteId, searchText: string): string {
  return JSON.stringify([site, searchText]);
}

export function createFacetCache<T extends object = FacetCounts>(
  options: {
    maxEntries?: number;
    /** Bytes, with `sizeOf`: for values of very different sizes (search hits). */ maxBytes?: number;
    sizeOf?: (value: T) => number;
  } = {},
): FacetCache<T> {
  const kept = new LRUCache<string, T>(
    options.sizeOf
      ? { max: options.maxEntries ?? 500, maxSize: options.maxBytes ?? 16 * 1024 * 1024, sizeCalculation: (v) => Math.max(1, options.sizeOf!(v)) }
      : { max: options.maxEntries ?? 500 },
  );
  const counting = new Map<string, { generation: number; counts: Promise<T> }>();
  let generation = 0;
  let live = false;

  const invalidate = () => {
    generation++;
    kept.clear();
    counting.clear();
  };
  const keep = (key: string, startedIn: number, value: T) => {
    if (live && generation === startedIn) kept.set(key, value);
  };

  return {
    generation: () => generation,
    async load(key, startedIn, count) {
      if (!live || startedIn !== generation) return count();
      const hit = kept.get(key);
      if (hit) return hit;
      const running = counting.get(key);
      if (running && running.generation === startedIn) return running.counts;
      const counts = count();
      counting.set(key, { generation: startedIn, counts });
      try {
        const result = await counts;
        keep(key, startedIn, result);
        return result;
      } finally {
        if (counting.get(key)?.counts === counts) counting.delete(key);
      }
    },
    peek: (key) => (live ? kept.get(key) : undefined),
    keep,
    invalidate,
    setLive(next) {
      if (!next) invalidate();
      live = next;
    },
    get size() {
      return kept.size;
    },
  };
}
