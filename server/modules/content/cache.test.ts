import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { CONTENT_CACHE_MAX_ENTRIES, createContentService } from "./service";

// The content read cache is bounded: every invented /:slug is a new key.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("content cache", () => {
  it("keeps at most maxCacheEntries reads, dropping the least recently used", async () => {
    const content = createContentService(database.db, { maxCacheEntries: 10 });
    for (let i = 0; i < 50; i++) expect(await content.entry("page", `no-such-page-${i}`, "d2c")).toBeNull();
    expect(content.cachedEntries()).toBe(10);
  });

  it("is bounded by default", () => {
    expect(CONTENT_CACHE_MAX_ENTRIES).toBe(2000);
  });
});
