import { describe, expect, it } from "vitest";
import type { SiteId } from "../../../rules/shared/site";
import { buildListingIndex, type ListingIndex } from "./listing-index";
import { createListingIndexCache } from "./listing-index-cache";

// The per-process holder of the listing indexes on its own (no database): when an index is built,
// shared, kept and dropped. With the database and the listing: listing-index-sql.test.ts.

function builder() {
  const calls: SiteId[] = [];
  const pending: ((index: ListingIndex) => void)[] = [];
  return {
    calls,
    build: (site: SiteId) => {
      calls.push(site);
      return new Promise<ListingIndex>((resolve) => pending.push(resolve));
    },
    /** Finishes every build started so far. */
    finish: () => pending.splice(0).forEach((resolve) => resolve(buildListingIndex("d2c", [], []))),
  };
}

describe("listing index cache", () => {
  it("is not used, nor built, while changes are not heard", () => {
    const b = builder();
    const cache = createListingIndexCache(b.build);
    expect(cache.get("d2c", cache.generation())).toBeNull();
    cache.setLive(true);
    expect(cache.get("d2c", cache.generation())).not.toBeNull();
    cache.setLive(false);
    expect(cache.size).toBe(0);
    expect(cache.get("d2c", cache.generation())).toBeNull();
    expect(b.calls).toEqual(["d2c"]);
  });

  it("builds one index per site and generation, shared by simultaneous calls", async () => {
    const b = builder();
    const cache = createListingIndexCache(b.build);
    cache.setLive(true);
    const g = cache.generation();
    const calls = [cache.get("d2c", g), cache.get("d2c", g), cache.get("hpsf", g)];
    b.finish();
    const [a, a2] = await Promise.all(calls);
    expect(a).toBe(a2);
    expect(await cache.get("d2c", g)).toBe(a);
    expect(b.calls).toEqual(["d2c", "hpsf"]);
    expect(cache.size).toBe(2);
  });

  it("drops every index when a change is heard, and serves no call that started before it", async () => {
    const b = builder();
    const built: string[] = [];
    const cache = createListingIndexCache(b.build, (index) => built.push(index.site));
    cache.setLive(true);
    const before = cache.generation();
    const first = cache.get("d2c", before);
    b.finish();
    await first;
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(cache.get("d2c", before)).toBeNull();
    const again = cache.get("d2c", cache.generation());
    b.finish();
    expect(await again).not.toBe(await first);
    expect(b.calls).toEqual(["d2c", "d2c"]);
    expect(built).toEqual(["d2c", "d2c"]);
  });

  it("does not keep an index whose build began before a change was heard", async () => {
    const b = builder();
    const built: string[] = [];
    const cache = createListingIndexCache(b.build, (index) => built.push(index.site));
    cache.setLive(true);
    const stale = cache.get("d2c", cache.generation());
    cache.invalidate();
    b.finish();
    await stale;
    expect(built).toEqual([]);
    const fresh = cache.get("d2c", cache.generation());
    b.finish();
    await fresh;
    expect(b.calls).toEqual(["d2c", "d2c"]);
  });

  it("keeps no failed build", async () => {
    let fail = true;
    const cache = createListingIndexCache(async () => {
      if (fail) throw new Error("connection lost");
      return buildListingIndex("d2c", [], []);
    });
    cache.setLive(true);
    await expect(cache.get("d2c", cache.generation())).rejects.toThrow("connection lost");
    fail = false;
    expect((await cache.get("d2c", cache.generation()))!.size).toBe(0);
  });
});
