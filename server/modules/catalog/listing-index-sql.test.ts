import { and, arrayContains, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SiteId } from "../../../rules/shared/site";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { parseConfig } from "../../config";
import { createFacetCache } from "./facet-cache";
import { loadFilterCatalog } from "./filters";
import { listProducts, type ListingCaches } from "./listing";
import { createListingIndexCache } from "./listing-index-cache";
import { loadListingIndex } from "./listing-index-load";
import { products, variants } from "./schema";
import type { SearchHits } from "./search";
import { createCatalogService } from "./service";
import { LISTING_SORTS, type Filter, type ListingQuery, type ListingResult } from "./types";

// The listing index (listing-index.ts) against the SQL listing it must agree with (listing.ts
// without caches, filter-sql.ts "stored"): over many filter states — every catalogue option, random
// combinations with ranges, flavour texts and wet food, empty results, both sites (the staff site
// for both price audiences: program prices and the shop's, rules/staff/program-prices.ts), every sort,
// several pages, with and without search text — the whole result is the same: total, page count,
// facets (order, counts, selected) and the page's products in order; also after writes that change
// the stored values. This file changes the catalogue: it has a database of its own. The longest
// tests are given 90 s: they compare hundreds of listings, twice as slow on a loaded machine.

let database: Database;
const statements: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true, logger: { logQuery: (query) => void statements.push(query) } });
});
afterAll(() => database?.close());

const db = () => database.db;
let builds = 0;
const index = createListingIndexCache((site, prices) => {
  builds++;
  return loadListingIndex(db(), site, prices);
});
index.setLive(true);
// Facet counts and search hits are not kept (not live): every call counts, the index aside.
const caches: ListingCaches = { facets: createFacetCache(), searchHits: createFacetCache<SearchHits>(), index };

/** A deterministic pseudo-random sequence (mulberry32), so a failing state can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(14);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const FLAVOR_TEXTS = ["chick", "CHICKEN", "Salmon", "beef", "& rice", "duck", "%", "_", "n_", "Crème", "ü", "rice\u001fbeef", ""];
const WEIGHTS = [undefined, 0, 0.5, 1, 3, 5, 7.5, 15, 30, 45, 100];
const PRICES = [undefined, -5, 0, 5, 9.99, 10, 20, 25.5, 40, 60, 1e10];
const SEARCHES = ["chicken", "dry", "salmn", "puppy food", "KC-D0"];
const ODD: Filter[] = [
  { field: "food_form", value: "wet" },
  { field: "brand", value: "Vetrova" },
  { field: "brand", value: "no-such-brand" },
  { field: "price", value: "10" },
  { field: "species", min: 1 },
  { field: "weight", min: 30, max: 5 },
  { field: "price", min: Number.NaN },
];

const catalogFilters = new Map<SiteId, Filter[]>();
async function optionFilters(site: SiteId): Promise<Filter[]> {
  if (!catalogFilters.has(site))
    catalogFilters.set(
      site,
      (await loadFilterCatalog(db(), site)).flatMap((d) => d.options.map((o) => o.filter)),
    );
  return catalogFilters.get(site)!;
}

async function randomFilter(site: SiteId): Promise<Filter> {
  const r = rand();
  if (r < 0.55) return pick(await optionFilters(site));
  if (r < 0.7) return { field: "flavor", value: pick(FLAVOR_TEXTS) };
  if (r < 0.8) return { field: "weight", min: pick(WEIGHTS), max: pick(WEIGHTS) };
  if (r < 0.9) return { field: "price", min: pick(PRICES), max: pick(PRICES) };
  return pick(ODD);
}

/** Each site with each price audience it has: the staff site compares program or shop prices. */
const SCOPES = [
  { site: "d2c", priceAudience: "shop" },
  { site: "hpsf", priceAudience: "program" },
  { site: "hpsf", priceAudience: "shop" },
] as const satisfies readonly Pick<ListingQuery, "site" | "priceAudience">[];

async function randomQuery(): Promise<ListingQuery> {
  const { site, priceAudience } = pick(SCOPES);
  const filters: Filter[] = [];
  const n = 2 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) filters.push(await randomFilter(site));
  return {
    site,
    filters,
    sort: pick(LISTING_SORTS),
    page: 1 + Math.floor(rand() * 3),
    limit: pick([5, 12, 24]),
    search: rand() < 0.3 ? pick(SEARCHES) : undefined,
    facets: rand() < 0.9,
    priceAudience,
  };
}

const seen = { empty: 0, found: 0, searched: 0, laterPages: 0 };

/** The same query through the index and through SQL: the same result, and the index used (no count in SQL). */
async function expectSame(q: ListingQuery): Promise<ListingResult> {
  const expected = await listProducts(db(), q);
  const from = statements.length;
  const actual = await listProducts(db(), q, {}, caches);
  const ran = statements.slice(from);
  const state = JSON.stringify(q, (_k, v: unknown) => (typeof v === "number" && Number.isNaN(v) ? "NaN" : v));
  expect(
    ran.filter((s) => /count\(/i.test(s)),
    state,
  ).toEqual([]);
  expect(actual, state).toEqual(expected);
  if (expected.total === 0) seen.empty++;
  else seen.found++;
  if (q.search && expected.total > 0) seen.searched++;
  if (q.page > 1 && expected.products.length > 0) seen.laterPages++;
  return expected;
}

describe("the listing index against the SQL listing", () => {
  for (const { site, priceAudience } of SCOPES) {
    it(`agrees on every single catalogue option (${site}, ${priceAudience} prices)`, async () => {
      await expectSame({ site, filters: [], sort: "featured", page: 1, limit: 24, priceAudience });
      for (const f of await optionFilters(site)) await expectSame({ site, filters: [f], sort: "featured", page: 1, limit: 24, priceAudience });
    }, 90_000);

    it(`agrees on every sort, over several pages, with and without a search (${site}, ${priceAudience} prices)`, async () => {
      for (const sort of LISTING_SORTS) {
        for (const search of [undefined, "chicken"]) {
          for (const page of [1, 2, 5]) await expectSame({ site, filters: [], sort, page, limit: 7, search, priceAudience });
        }
      }
    });
  }

  it("on the staff site, filters and sorts by the prices each audience pays, as the SQL listing does", async () => {
    // A student pays shop prices: "under $9.80" is by the shop's price for them, the program price for a member.
    const filters: Filter[] = [{ field: "price", max: 9.8 }];
    const byAudience = async (priceAudience: "program" | "shop") => {
      const q: ListingQuery = { site: "hpsf", filters, sort: "price-asc", page: 1, limit: 100, priceAudience };
      const r = await expectSame(q);
      // Counted by the index (expectSame checks no count ran in SQL): its products, with the prices the audience pays.
      const priced = await db().select({ id: variants.productId, price: variants.priceCents, program: variants.programPriceCents }).from(variants);
      const pays = (v: { price: number; program: number | null }) => (priceAudience === "program" ? (v.program ?? v.price) : v.price);
      for (const p of r.products)
        expect(
          priced.filter((v) => v.id === Number(p.id)).some((v) => pays(v) < 980),
          `${priceAudience} ${p.handle}`,
        ).toBe(true);
      return r;
    };
    const program = await byAudience("program");
    const shop = await byAudience("shop");
    expect(shop.total).toBeGreaterThan(0);
    expect(program.total).toBeGreaterThan(shop.total);
    // The index left unsaid is the shop's prices.
    expect(await listProducts(db(), { site: "hpsf", filters, sort: "price-asc", page: 1, limit: 100 }, {}, caches)).toEqual(shop);
  });

  it("agrees on random combinations of 2–4 filters, ranges and flavour texts", async () => {
    for (let i = 0; i < 150; i++) await expectSame(await randomQuery());
    expect(seen.empty).toBeGreaterThan(5);
    expect(seen.found).toBeGreaterThan(30);
    expect(seen.searched).toBeGreaterThan(3);
    expect(seen.laterPages).toBeGreaterThan(3);
  }, 90_000);

  it("agrees after writes that change the stored values, once the change is heard", async () => {
    const onShop = and(eq(products.published, true), arrayContains(products.sites, ["d2c", "hpsf"]));
    const [a, b, c, d] = await db().select({ id: products.id, brandSlug: products.brandSlug }).from(products).where(onShop).orderBy(products.id).limit(4);
    const after = async (write: () => Promise<unknown>, focus: Filter[][]) => {
      await write();
      // What the NOTIFY of the commit does in the service.
      index.invalidate();
      for (const filters of focus) {
        for (const { site, priceAudience } of SCOPES) {
          for (const sort of ["featured", "price-asc", "price-desc"] as const) await expectSame({ site, filters, sort, page: 1, limit: 24, priceAudience });
        }
      }
      for (let i = 0; i < 25; i++) await expectSame(await randomQuery());
    };
    const [va] = await db().select({ id: variants.id }).from(variants).where(eq(variants.productId, a.id)).limit(1);
    // A variant's price (and program price): the price filters and the price sorts move.
    await after(
      () => db().update(variants).set({ priceCents: 50, programPriceCents: 40 }).where(eq(variants.id, va.id)),
      [[{ field: "price", max: 1 }], [{ field: "brand", value: a.brandSlug }]],
    );
    expect((await listProducts(db(), { site: "d2c", filters: [{ field: "price", max: 1 }], sort: "featured", page: 1, limit: 5 }, {}, caches)).total).toBe(1);
    // A new variant with a form, pack, weight and flavour the product did not have.
    await after(
      () =>
        db().insert(variants).values({
          productId: b.id,
          sku: "IDX-NEW-1",
          position: 99,
          flavor: "Quokka Crunch",
          sizeLabel: "77 lb",
          weight: 77,
          weightUnit: "lbs",
          foodForm: "pouch",
          packType: "pouch",
          priceCents: 123_456,
          imageKey: "bag_kindred-crest_chicken_dog",
        }),
      [
        [{ field: "flavor", value: "quokka" }],
        [{ field: "weight", min: 70 }],
        [
          { field: "food_form", value: "wet" },
          { field: "brand", value: b.brandSlug },
        ],
      ],
    );
    expect(
      (await listProducts(db(), { site: "d2c", filters: [{ field: "flavor", value: "Quokka" }], sort: "featured", page: 1, limit: 5 }, {}, caches)).total,
    ).toBe(1);
    // Unpublishing a product, and taking one off a site.
    await after(() => db().update(products).set({ published: false }).where(eq(products.id, c.id)), [[{ field: "brand", value: c.brandSlug }]]);
    await after(
      () =>
        db()
          .update(products)
          .set({ sites: sql`array_remove(${products.sites}, 'hpsf')` })
          .where(eq(products.id, d.id)),
      [[{ field: "brand", value: d.brandSlug }]],
    );
  }, 90_000);
});

describe("when the listing index is used", () => {
  it("is not built nor used while changes are not heard: the listing counts in SQL", async () => {
    const built = builds;
    index.setLive(false);
    try {
      const q: ListingQuery = { site: "d2c", filters: [{ field: "species", value: "dog" }], sort: "name", page: 2, limit: 10 };
      const from = statements.length;
      const r = await listProducts(db(), q, {}, caches);
      expect(statements.slice(from).some((s) => /count\(/i.test(s))).toBe(true);
      expect(r).toEqual(await listProducts(db(), q));
      expect(builds).toBe(built);
    } finally {
      index.setLive(true);
    }
  });

  it("is built once per site until a change is heard, then built again", async () => {
    index.invalidate();
    const built = builds;
    const q: ListingQuery = { site: "hpsf", filters: [], sort: "featured", page: 1, limit: 3 };
    await Promise.all([listProducts(db(), q, {}, caches), listProducts(db(), q, {}, caches)]);
    await listProducts(db(), { ...q, filters: [{ field: "species", value: "cat" }] }, {}, caches);
    expect(builds - built).toBe(1);
    index.invalidate();
    await listProducts(db(), q, {}, caches);
    expect(builds - built).toBe(2);
  });

  it("is dropped by the catalogue service when a committed change is heard", async () => {
    const catalog = createCatalogService(db(), parseConfig({}));
    const stop = await catalog.followChanges(database.listen);
    try {
      const heavy: ListingQuery = { site: "d2c", filters: [{ field: "weight", min: 500 }], sort: "featured", page: 1, limit: 5 };
      expect((await catalog.listProducts(heavy)).total).toBe(0);
      const [row] = await db()
        .select({ id: variants.id, productId: variants.productId })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(products.published, true), arrayContains(products.sites, ["d2c"])))
        .limit(1);
      await db().update(variants).set({ weight: 600, weightUnit: "lbs" }).where(eq(variants.id, row.id));
      let attempt = 0;
      await vi.waitFor(async () => {
        // A filter state not counted before on each attempt: the facet cache never has it.
        const fresh: ListingQuery = { ...heavy, filters: [...heavy.filters, { field: "price", max: 100_000 + attempt++ }] };
        const from = statements.length;
        const r = await catalog.listProducts(fresh);
        expect(r.total).toBe(1);
        expect(r.products.map((p) => Number(p.id))).toEqual([row.productId]);
        // Counted by the index, not in SQL.
        expect(statements.slice(from).some((s) => /count\(/i.test(s))).toBe(false);
      });
    } finally {
      await stop();
    }
  });
});
