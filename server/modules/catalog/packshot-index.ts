import type { Db } from "../../db/client";
import { variants } from "./schema";

// Which packshots exist: the image keys of the catalogue's variants. The image route renders only
// these, so an invented key in a URL costs a set lookup, not a render and a cache entry.

export const PACKSHOT_INDEX_TTL_MS = 5 * 60_000;

export function createPackshotIndex(db: Db, ttlMs = PACKSHOT_INDEX_TTL_MS) {
  let keys: Promise<Set<string>> | null = null;
  let loadedAt = 0;
  return {
    async has(key: string): Promise<boolean> {
      if (!keys || Date.now() - loadedAt > ttlMs) {
        loadedAt = Date.now();
        const loading = db
          .selectDistinct({ key: variants.imageKey })
          .from(variants)
          .then((rows) => new Set(rows.map((r) => r.key)));
        // A failed load is tried again on the next request.
        loading.catch(() => {
          if (keys === loading) keys = null;
        });
        keys = loading;
      }
      return (await keys).has(key);
    },
  };
}
