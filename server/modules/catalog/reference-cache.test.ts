import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { filterOptions } from "./filters-schema";
import { dealSkus, variants, warehouseZipRanges } from "./schema";
import { createCatalogService } from "./service";

// What nearly every page reads (filter catalogue, deal SKUs, served ZIP ranges, a ZIP's warehouse,
// the products of a carousel)
// is read from PostgreSQL once per process while changes are heard, and again after a committed
// change; while changes cannot be heard, every call reads. This file changes the catalogue: it has a
// database of its own.

let database: Database;
let queries = 0;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true, logger: { logQuery: () => void queries++ } });
});
afterAll(() => database?.close());

const db = () => database.db;

async function queriesOf(work: () => Promise<unknown>): Promise<number> {
  queries = 0;
  await work();
  return queries;
}

/** Fails unless, within vi.waitFor's time, a call of `work` reads nothing from the database. */
const keptSoon = (work: () => Promise<unknown>) => vi.waitFor(async () => expect(await queriesOf(work)).toBe(0));

describe("the catalogue's reference data", () => {
  it("is read on every call while no change can be heard", async () => {
    const catalog = createCatalogService(db(), parseConfig({}));
    expect(await queriesOf(() => catalog.dealSkus("d2c"))).toBe(1);
    expect(await queriesOf(() => catalog.dealSkus("d2c"))).toBe(1);
  });

  it("is read once, then again after a committed change", async () => {
    const catalog = createCatalogService(db(), parseConfig({}));
    const stop = await catalog.followChanges(database.listen);
    try {
      const everything = () =>
        Promise.all([
          catalog.dealSkus("d2c"),
          catalog.filterDefinitions("d2c"),
          catalog.servedZipRanges(),
          catalog.warehouseForZip("80011"),
          catalog.resolveCategory("d2c", "dog", "food-form", "dry-food"),
        ]);
      expect(await queriesOf(everything)).toBeGreaterThan(0);
      // Kept: the next calls read nothing. Polled, because a notice still on its way (or the listening
      // connection's reconnect on a busy machine) may empty the caches once more; a cache that keeps
      // nothing never gets there.
      await keptSoon(everything);

      const [deal] = await db().select().from(dealSkus).limit(1);
      await db().update(dealSkus).set({ label: "Half off this week" }).where(eq(dealSkus.sku, deal.sku));
      await vi.waitFor(async () => expect((await catalog.dealSkus("d2c"))[deal.sku]?.label).toBe("Half off this week"));

      await db().update(filterOptions).set({ label: "Crunchy" }).where(eq(filterOptions.slug, "dry-food"));
      await vi.waitFor(async () => expect((await catalog.resolveCategory("d2c", "dog", "food-form", "dry-food"))?.option?.label).toBe("Crunchy"));

      // Products by handle (the cart page's carousel): kept, and read again after a price change.
      const [first] = await catalog.getProductsByHandles(["kindred-crest-everyday-essentials-puppy-dry-dog-food"], "d2c");
      expect(first).toBeDefined();
      await keptSoon(() => catalog.getProductsByHandles([first.handle], "d2c"));
      const variant = first.variants[0]!;
      await db()
        .update(variants)
        .set({ priceCents: 1234 })
        .where(eq(variants.id, Number(variant.id)));
      await vi.waitFor(async () => expect((await catalog.getProductsByHandles([first.handle], "d2c"))[0]!.variants[0]!.price.amount).toBe("12.34"));

      const before = await catalog.warehouseForZip("80011");
      expect(before).not.toBeNull();
      await db().delete(warehouseZipRanges).where(eq(warehouseZipRanges.warehouseCode, before!.code));
      await vi.waitFor(async () => expect(await catalog.warehouseForZip("80011")).toBeNull());
    } finally {
      await stop();
    }
  });
});
