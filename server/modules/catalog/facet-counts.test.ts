import { and, arrayContains, eq, gte, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { filtersPredicate } from "./filter-sql";
import { filterOptions } from "./filters-schema";
import { listProducts } from "./listing";
import { inventory, products, variants } from "./schema";
import { createCatalogService } from "./service";
import type { Filter, ListingQuery, ListingResult } from "./types";
import { parseConfig } from "../../config";
import { parseChangeNotice } from "../../../rules/shared/page-cache-keys";

// The facet counts follow every write to the variants at once (the per-product aggregates on
// `products` are kept by triggers, drizzle migration listing_variant_aggregates), and the
// process's facet cache (facet-cache.ts) never serves counts from before a committed change.
// This file changes the catalogue: it has a database of its own.

let database: Database;
let queries = 0;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true, logger: { logQuery: () => void queries++ } });
});
afterAll(() => database?.close());

const db = () => database.db;
const list = (q: Partial<ListingQuery> = {}): Promise<ListingResult> =>
  listProducts(db(), { site: "d2c", filters: [], sort: "featured", page: 1, limit: 24, ...q });
const count = (r: ListingResult, facet: string, option: string) => r.facets.find((f) => f.slug === facet)?.options.find((o) => o.slug === option)?.count ?? 0;

/** A published product of the shop whose variants are all one food form, with its variants. */
async function productOfForm(form: string, exceptIds: number[] = []) {
  const rows = await db()
    .select({ id: products.id, handle: products.handle, foodForm: variants.foodForm, weight: variants.weight, weightUnit: variants.weightUnit })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(and(eq(products.published, true), arrayContains(products.sites, ["d2c"])));
  const byProduct = new Map<number, typeof rows>();
  for (const r of rows) byProduct.set(r.id, [...(byProduct.get(r.id) ?? []), r]);
  for (const [id, vs] of byProduct) {
    if (exceptIds.includes(id) || !vs.every((v) => v.foodForm === form)) continue;
    return { id, handle: vs[0].handle, variants: vs };
  }
  throw new Error(`no product of form ${form}`);
}

describe("facet counts after variant writes (stored aggregates)", () => {
  it("follow a food form change at once", async () => {
    const product = await productOfForm("dry");
    const before = await list();
    await db().update(variants).set({ foodForm: "pouch", packType: "pouch" }).where(eq(variants.productId, product.id));
    const after = await list();
    expect(count(after, "food-form", "dry-food")).toBe(count(before, "food-form", "dry-food") - 1);
    expect(count(after, "food-form", "pouch")).toBe(count(before, "food-form", "pouch") + 1);
    expect(count(after, "food-form", "wet-food")).toBe(count(before, "food-form", "wet-food") + 1);
    expect(count(after, "type", "pouch")).toBe(count(before, "type", "pouch") + 1);
    // The page query (EXISTS on variants) and the facet counts agree on the changed product.
    const pouches = await list({ filters: [{ field: "food_form", value: "pouch" }], limit: 100 });
    expect(pouches.products.map((p) => p.handle)).toContain(product.handle);
    expect(pouches.total).toBe(count(after, "food-form", "pouch"));
  });

  it("follow a price change at once, with the program price for the staff site's program audience", async () => {
    const cheap: Filter[] = [{ field: "price", max: 1 }];
    expect((await list({ filters: cheap })).total).toBe(0);
    const product = await productOfForm("canned");
    const [row] = await db().select({ id: variants.id }).from(variants).where(eq(variants.productId, product.id)).limit(1);
    await db().update(variants).set({ priceCents: 50 }).where(eq(variants.id, row.id));
    const after = await list({ filters: cheap });
    expect(after.total).toBe(1);
    expect(after.products.map((p) => p.handle)).toEqual([product.handle]);
    expect(count(after, "food-form", "canned-food")).toBe(1);
    expect(count(after, "food-form", "dry-food")).toBe(0);
    // The staff site's program audience filters by the program price, which did not change; its
    // shop audience (staff who pay shop prices) by the price, which did.
    const staff = await list({ site: "hpsf", filters: cheap, priceAudience: "program" });
    expect(staff.total).toBe(0);
    expect((await list({ site: "hpsf", filters: cheap, priceAudience: "shop" })).total).toBe(1);
    await db().update(variants).set({ programPriceCents: 40 }).where(eq(variants.id, row.id));
    expect((await list({ site: "hpsf", filters: cheap, priceAudience: "program" })).total).toBe(1);
  });

  it("follow a weight change and a deleted variant at once", async () => {
    const heavy = "30-lb-plus";
    const target = await productOfForm("dry");
    const had = target.variants.some((v) => v.weightUnit === "lbs" && v.weight >= 30);
    const before = await list();
    await db()
      .delete(variants)
      .where(and(eq(variants.productId, target.id), eq(variants.weightUnit, "lbs"), gte(variants.weight, 30)));
    const [left] = await db().select({ id: variants.id }).from(variants).where(eq(variants.productId, target.id)).limit(1);
    await db().update(variants).set({ weight: 31, weightUnit: "lbs" }).where(eq(variants.id, left.id));
    const heavier = await list();
    // Its 30 lb+ sizes deleted and another size made 31 lb: counted there as before if it had one, else once more.
    expect(count(heavier, "weight", heavy)).toBe(count(before, "weight", heavy) + (had ? 0 : 1));
    await db().delete(variants).where(eq(variants.id, left.id));
    const after = await list();
    expect(count(after, "weight", heavy)).toBe(count(before, "weight", heavy) - (had ? 1 : 0));
    const heavyList = await list({ filters: [{ field: "weight", min: 30 }], limit: 100 });
    expect(heavyList.total).toBe(count(after, "weight", heavy));
    expect(heavyList.products.map((p) => p.handle)).not.toContain(target.handle);
  });
});

describe("stored variant values and the variants themselves", () => {
  it("select the same products for every filter after the writes above", async () => {
    const filters: Filter[][] = [
      [{ field: "food_form", value: "wet" }],
      [{ field: "food_form", value: "dry" }],
      [{ field: "pack_type", value: "pouch" }],
      [{ field: "weight_unit", value: "oz" }],
      [
        { field: "flavor", value: "Chicken" },
        { field: "flavor", value: "salmon" },
      ],
      [{ field: "weight", min: 30 }],
      [{ field: "weight", min: 0.25, max: 1 }],
      [{ field: "price", max: 1 }],
      [{ field: "price", min: 20, max: 40 }],
      [
        { field: "species", value: "dog" },
        { field: "food_form", value: "tray" },
        { field: "weight", max: 5 },
      ],
    ];
    for (const prices of ["shop", "program"] as const) {
      for (const f of filters) {
        const ids = async (mode: "stored" | "exists") => {
          const result = await db().execute(sql`select id from ${products} where ${filtersPredicate(f, prices, undefined, mode)} order by id`);
          return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
        };
        expect(await ids("stored"), `${prices} ${JSON.stringify(f)}`).toEqual(await ids("exists"));
      }
    }
  });
});

describe("the process's facet cache", () => {
  const config = parseConfig({});

  it("counts a filter state once, and again after a committed change", async () => {
    const catalog = createCatalogService(db(), config);
    const stop = await catalog.followChanges(database.listen);
    try {
      const dog: ListingQuery = { site: "d2c", filters: [{ field: "species", value: "dog" }], sort: "featured", page: 1, limit: 12 };
      queries = 0;
      const first = await catalog.listProducts(dog);
      const counted = queries;
      // Kept: the same state again reads neither the filter catalogue nor the counts (page and variants only).
      queries = 0;
      const again = await catalog.listProducts(dog);
      expect(again.facets).toEqual(first.facets);
      expect(again.total).toBe(first.total);
      expect({ counted, again: queries }).toEqual({ counted: 4, again: 2 });

      const product = await productOfForm("dry");
      const dryBefore = count(first, "food-form", "dry-food");
      await db().update(variants).set({ foodForm: "tray", packType: "tray" }).where(eq(variants.productId, product.id));
      // The change is heard at commit (NOTIFY page_cache); from then on the counts are new.
      await vi.waitFor(async () => {
        const after = await catalog.listProducts(dog);
        const isDog = (await db().select({ species: products.species }).from(products).where(eq(products.id, product.id)))[0].species === "dog";
        expect(count(after, "food-form", "dry-food")).toBe(dryBefore - (isDog ? 1 : 0));
      });
      // A change to the filter catalogue drops the counts too.
      const renamed = await db()
        .update(filterOptions)
        .set({ label: "Kibble" })
        .where(inArray(filterOptions.slug, ["dry-food"]))
        .returning({ id: filterOptions.id });
      expect(renamed.length).toBeGreaterThan(0);
      await vi.waitFor(async () => {
        const after = await catalog.listProducts(dog);
        expect(after.facets.find((f) => f.slug === "food-form")!.options.find((o) => o.slug === "dry-food")!.label).toBe("Kibble");
      });
    } finally {
      await stop();
    }
  });

  it("keeps the counts through a stock change, which every order makes (its notice names the table and product)", async () => {
    const catalog = createCatalogService(db(), config);
    const stop = await catalog.followChanges(database.listen);
    const heard: string[] = [];
    const stopHearing = await database.listen(
      "page_cache",
      (payload) => heard.push(parseChangeNotice(payload).table),
      () => {},
    );
    try {
      const cat: ListingQuery = { site: "d2c", filters: [{ field: "species", value: "cat" }], sort: "featured", page: 1, limit: 12 };
      await catalog.listProducts(cat);
      const [stocked] = await db().select({ variantId: inventory.variantId }).from(inventory).limit(1);
      await db()
        .update(inventory)
        .set({ reserved: sql`${inventory.reserved} + 1` })
        .where(eq(inventory.variantId, stocked.variantId));
      await vi.waitFor(() => expect(heard).toContain("inventory"));
      // Heard by the catalogue too (the same notice): the page and its variants are read, nothing is counted again.
      queries = 0;
      await catalog.listProducts(cat);
      expect(queries).toBe(2);
    } finally {
      await stopHearing();
      await stop();
    }
  });

  it("keeps search hits per text until a change is heard", async () => {
    const catalog = createCatalogService(db(), config);
    const stop = await catalog.followChanges(database.listen);
    try {
      const search = (text: string): ListingQuery => ({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 6, search: text, facets: false });
      expect((await catalog.listProducts(search("quokka"))).total).toBe(0);
      queries = 0;
      expect((await catalog.listProducts(search("quokka"))).total).toBe(0);
      expect(queries).toBe(0);
      const [row] = await db()
        .select({ id: products.id, handle: products.handle, title: products.title })
        .from(products)
        .where(arrayContains(products.sites, ["d2c"]))
        .limit(1);
      await db()
        .update(products)
        .set({ title: `${row.title} Quokka` })
        .where(eq(products.id, row.id));
      await vi.waitFor(async () => {
        expect((await catalog.listProducts(search("quokka"))).products.map((p) => p.handle)).toEqual([row.handle]);
      });
    } finally {
      await stop();
    }
  });
});

describe("search pages without filters (read by id in the hits' order)", () => {
  it("are the pages the SQL order gives", async () => {
    // A filter every product passes sends the same search through the SQL-sorted page query.
    const everything: Filter[] = [{ field: "weight", min: 0 }];
    for (const text of ["chicken", "salmn", "dry food"]) {
      const plain: string[] = [];
      const sorted: string[] = [];
      let total = 0;
      for (let page = 1; page <= 4; page++) {
        const a = await list({ search: text, limit: 7, page, facets: false });
        const b = await list({ search: text, limit: 7, page, facets: false, filters: everything });
        expect(a.total).toBe(b.total);
        total = a.total;
        plain.push(...a.products.map((p) => p.handle));
        sorted.push(...b.products.map((p) => p.handle));
      }
      expect(total, text).toBeGreaterThan(0);
      expect(plain, text).toEqual(sorted);
    }
  });
});
