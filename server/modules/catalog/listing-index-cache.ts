import type { SiteId } from "../../../rules/shared/site";
import type { PriceAudience } from "./types";
import type { ListingIndex } from "./listing-index";

/**
 * The listing index (listing-index.ts) of each site, per process, under the facet cache's rule
 * (facet-cache.ts): built in a generation taken before its read, dropped by `invalidate()` (every
 * committed catalogue change NOTIFYs `page_cache`), and neither built nor served while changes are
 * not heard (`setLive(false)`): then `get` answers null and the listing counts in SQL. Concurrent
 * calls share one build. One index per site and price audience (filter-sql.ts listingPrices: the
 * staff site's program and shop prices compare and sort apart): three at most.
 */
export type ListingIndexCache = {
  /** The generation a listing call starts in: taken before it reads anything. */
  generation(): number;
  /** The site's index for a call started in `generation`; null while changes are not heard or after one was heard since. */
  get(site: SiteId, generation: number, prices?: PriceAudience): Promise<ListingIndex> | null;
  invalidate(): void;
  setLive(live: boolean): void;
  readonly size: number;
};

export function createListingIndexCache(
  build: (site: SiteId, prices: PriceAudience) => Promise<ListingIndex>,
  /** Told of each index kept, with how long it took (the build log). */
  onBuilt?: (index: ListingIndex, ms: number) => void,
): ListingIndexCache {
  let generation = 0;
  let live = false;
  const bySite = new Map<string, { generation: number; index: Promise<ListingIndex> }>();

  const invalidate = () => {
    generation++;
    bySite.clear();
  };

  return {
    generation: () => generation,
    get(site, startedIn, prices = "shop") {
      if (!live || startedIn !== generation) return null;
      const key = `${site}:${prices}`;
      const known = bySite.get(key);
      if (known && known.generation === startedIn) return known.index;
      const started = Date.now();
      const index = build(site, prices);
      const entry = { generation: startedIn, index };
      bySite.set(key, entry);
      index.then(
        (built) => {
          if (bySite.get(key) === entry) onBuilt?.(built, Date.now() - started);
        },
        // A failed build is not kept: the next call builds again (its own caller sees the error).
        () => {
          if (bySite.get(key) === entry) bySite.delete(key);
        },
      );
      return index;
    },
    invalidate,
    setLive(next) {
      if (!next) invalidate();
      live = next;
    },
    get size() {
      return bySite.size;
    },
  };
}
