import { describe, expect, it } from "vitest";
import { createFacetCache, facetCacheKey, type FacetCounts } from "./facet-cache";

// The per-process facet cache on its own (no database): what is kept, when, and for how long.
// Its use by the listing against a database: facet-counts.test.ts.

const counts = (total: number): FacetCounts => ({ total, facets: [] });
const key = facetCacheKey("d2c", "", [{ field: "species", value: "dog" }]);

function counter(start = 0) {
  let calls = 0;
  let next = start;
  return {
    count: async () => {
      calls++;
      return counts(next++);
    },
    get calls() {
      return calls;
    },
  };
}

describe("facet cache", () => {
  it("counts a filter state once while live", async () => {
    const cache = createFacetCache();
    cache.setLive(true);
    const c = counter(7);
    expect(await cache.load(key, cache.generation(), c.count)).toEqual(counts(7));
    expect(await cache.load(key, cache.generation(), c.count)).toEqual(counts(7));
    expect(c.calls).toBe(1);
  });

  it("keeps nothing until changes are heard, and drops everything when they no longer are", async () => {
    const cache = createFacetCache();
    const c = counter();
    await cache.load(key, cache.generation(), c.count);
    await cache.load(key, cache.generation(), c.count);
    expect(c.calls).toBe(2);
    cache.setLive(true);
    await cache.load(key, cache.generation(), c.count);
    cache.setLive(false);
    expect(cache.size).toBe(0);
    expect(await cache.load(key, cache.generation(), c.count)).toEqual(counts(3));
  });

  it("drops every state when a change is heard", async () => {
    const cache = createFacetCache();
    cache.setLive(true);
    const c = counter();
    await cache.load(key, cache.generation(), c.count);
    cache.invalidate();
    expect(await cache.load(key, cache.generation(), c.count)).toEqual(counts(1));
    expect(c.calls).toBe(2);
  });

  it("does not keep a count that began before a change was heard", async () => {
    const cache = createFacetCache();
    cache.setLive(true);
    const started = cache.generation();
    let release!: () => void;
    const slow = cache.load(key, started, () => new Promise<FacetCounts>((resolve) => (release = () => resolve(counts(1)))));
    cache.invalidate();
    release();
    expect(await slow).toEqual(counts(1));
    expect(cache.size).toBe(0);
    // … nor serves a call that started before the change from what is kept after it.
    await cache.load(key, cache.generation(), async () => counts(2));
    expect(await cache.load(key, started, async () => counts(3))).toEqual(counts(3));
  });

  it("shares one count between simultaneous calls for one state", async () => {
    const cache = createFacetCache();
    cache.setLive(true);
    const c = counter(5);
    const all = await Promise.all(Array.from({ length: 10 }, () => cache.load(key, cache.generation(), c.count)));
    expect(all.every((r) => r.total === 5)).toBe(true);
    expect(c.calls).toBe(1);
  });

  it("forgets nothing on a failed count and keeps no failure", async () => {
    const cache = createFacetCache();
    cache.setLive(true);
    await expect(cache.load(key, cache.generation(), () => Promise.reject(new Error("connection lost")))).rejects.toThrow("connection lost");
    expect(await cache.load(key, cache.generation(), async () => counts(4))).toEqual(counts(4));
  });

  it("is bounded: the least recently used states go first", async () => {
    const cache = createFacetCache({ maxEntries: 3 });
    cache.setLive(true);
    for (const value of ["a", "b", "c", "d"]) {
      await cache.load(facetCacheKey("d2c", value, []), cache.generation(), async () => counts(1));
    }
    expect(cache.size).toBe(3);
  });

  it("keys a filter state whatever the filters' order, and tells sites, searches and values apart", () => {
    const dog = { field: "species", value: "dog" } as const;
    const dry = { field: "food_form", value: "dry" } as const;
    expect(facetCacheKey("d2c", "", [dog, dry])).toBe(facetCacheKey("d2c", "", [dry, dog]));
    expect(facetCacheKey("d2c", "", [dog])).not.toBe(facetCacheKey("hpsf", "", [dog]));
    expect(facetCacheKey("d2c", "", [dog])).not.toBe(facetCacheKey("d2c", "salmon", [dog]));
    // Brand slugs compare exactly in SQL: another letter case is another state.
    expect(facetCacheKey("d2c", "", [{ field: "brand", value: "Vetrova" }])).not.toBe(facetCacheKey("d2c", "", [{ field: "brand", value: "vetrova" }]));
    expect(facetCacheKey("d2c", "", [{ field: "price", min: 10 }])).not.toBe(facetCacheKey("d2c", "", [{ field: "price", max: 10 }]));
  });
});
