import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import type { CartVariant } from "./cart-variants";
import { createFacetCache } from "./facet-cache";

/**
 * The cart's variants (cart-variants.ts) kept per process under the facet cache's rule: every change
 * to products, variants, brands or stock NOTIFYs `page_cache` at commit and `invalidate()` drops
 * them all; a look-up that began before a drop is not kept; while changes cannot be heard
 * (`setLive(false)`) every call reads the database. Only variants sold on the site are kept (an
 * unknown id is asked again). Bounded: the least recently used go first.
 *
 * The shopper's cart reads (get-cart, the one-statement add) go through it; whatever reads a cart
 * inside a transaction — checkout above all — reads the database there.
 */
export type CartVariantCache = {
  get(ids: readonly number[], site: SiteId, conn: Db): Promise<Map<number, CartVariant>>;
  invalidate(): void;
  setLive(live: boolean): void;
};

export function createCartVariantCache(
  load: (ids: readonly number[], site: SiteId, conn: Db) => Promise<Map<number, CartVariant>>,
  maxEntries = 20_000,
): CartVariantCache {
  // One entry per site and variant, so a cart's look-up asks only for what is not kept.
  const kept = createFacetCache<CartVariant>({ maxEntries });
  const keyOf = (site: SiteId, id: number) => `${site}:${id}`;
  return {
    async get(ids, site, conn) {
      const startedIn = kept.generation();
      const found = new Map<number, CartVariant>();
      const missing: number[] = [];
      for (const id of ids) {
        const hit = kept.peek(keyOf(site, id));
        if (hit) found.set(id, hit);
        else missing.push(id);
      }
      if (!missing.length) return found;
      for (const [id, variant] of await load(missing, site, conn)) {
        found.set(id, variant);
        kept.keep(keyOf(site, id), startedIn, variant);
      }
      return found;
    },
    invalidate: kept.invalidate,
    setLive: kept.setLive,
  };
}
