import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteId } from "../../../rules/shared/site";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { getFiltersByHandle, loadFilterCatalog, resolveCategory } from "./filters";
import { buildFilterCatalog, seedMatches } from "./filters-seed-data";
import { getDealSkus, getProductsByHandles, listProducts, sitemapEntries } from "./listing";
import { products, variants } from "./schema";
import { buildSeedCatalog, type SeedProduct } from "./seed-data";
import type { Filter, ListingQuery, ListingResult, Product } from "./types";

// The listing, facets, search and categories against a real (PGlite or PostgreSQL) database.
// The seed catalogue's JS twin of the filters (seedMatches) gives the expected counts.

let database: Database;
let queries = 0;
const catalog = buildSeedCatalog();

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true, logger: { logQuery: () => void queries++ } });
});
afterAll(() => database?.close());

const db = () => database.db;
const list = (q: Partial<ListingQuery> & { site?: SiteId }): Promise<ListingResult> =>
  listProducts(db(), { site: "d2c", filters: [], sort: "featured", page: 1, limit: 100, ...q });

/** Products of the seed catalogue on a site matching filters (AND across fields, OR within). */
function expected(site: SiteId, filters: Filter[]): SeedProduct[] {
  const fields = [...new Set(filters.map((f) => f.field))];
  return catalog.products.filter((p) => p.sites.includes(site) && fields.every((field) => filters.some((f) => f.field === field && seedMatches(p, f))));
}
const handles = (ps: { handle: string }[]) => ps.map((p) => p.handle).sort();
const minPrice = (p: Product, staff = false) => Math.min(...p.variants.map((v) => Number((staff ? (v.programPrice ?? v.price) : v.price).amount)));

describe("filters", () => {
  it("lists every product of the site without filters", async () => {
    for (const site of ["d2c", "hpsf"] as const) {
      const r = await list({ site });
      expect(r.total).toBe(expected(site, []).length);
    }
  });

  it("applies a value filter", async () => {
    const filters: Filter[] = [{ field: "brand", value: "vetrova" }];
    const r = await list({ filters });
    expect(r.total).toBe(28);
    expect(handles(r.products)).toEqual(handles(expected("d2c", filters)));
    expect(r.products.every((p) => p.productBrandSlug === "vetrova")).toBe(true);
  });

  it("ANDs filters on different fields and ORs filters on one field", async () => {
    const filters: Filter[] = [
      { field: "species", value: "dog" },
      { field: "food_form", value: "dry" },
      { field: "flavor", value: "Salmon" },
      { field: "flavor", value: "Duck" },
    ];
    const r = await list({ filters });
    expect(r.total).toBeGreaterThan(1);
    expect(handles(r.products)).toEqual(handles(expected("d2c", filters)));
    for (const p of r.products) {
      expect(p.productSpecies).toBe("dog");
      expect(p.variants.some((v) => v.foodForm === "dry")).toBe(true);
      expect(p.variants.some((v) => /salmon|duck/i.test(v.flavor))).toBe(true);
    }
  });

  it("applies range filters on weight in pounds and on price", async () => {
    const heavy: Filter[] = [{ field: "weight", min: 30 }];
    const r = await list({ filters: heavy });
    expect(r.total).toBe(expected("d2c", heavy).length);
    for (const p of r.products) expect(p.variants.some((v) => v.weightUnit === "lbs" && v.weight >= 30)).toBe(true);

    // Two ranges on one field are ORed: under 5 lb or 30 lb and more.
    const either: Filter[] = [{ field: "weight", max: 5 }, ...heavy];
    expect((await list({ filters: either })).total).toBe(expected("d2c", either).length);

    const cheap: Filter[] = [{ field: "price", max: 5 }];
    const c = await list({ filters: cheap });
    expect(c.total).toBe(expected("d2c", cheap).length);
    for (const p of c.products) expect(minPrice(p)).toBeLessThan(5);
  });

  it("on the staff site, compares the prices its viewer pays: program prices for the program audience, shop prices for staff who pay them", async () => {
    // A student pays shop prices: a $13.99 food is not "under $9.80" for them, however low its program price.
    const max = 9.8;
    const filters: Filter[] = [{ field: "price", max }];
    const onStaff = catalog.products.filter((p) => p.sites.includes("hpsf"));
    const under = (cents: (v: SeedProduct["variants"][number]) => number) => handles(onStaff.filter((p) => p.variants.some((v) => cents(v) < max * 100)));
    const program = await list({ site: "hpsf", filters, priceAudience: "program" });
    const shop = await list({ site: "hpsf", filters, priceAudience: "shop" });
    expect(program.total).toBeLessThanOrEqual(100);
    expect(handles(program.products)).toEqual(under((v) => v.programPriceCents));
    expect(handles(shop.products)).toEqual(under((v) => v.priceCents));
    // They differ: some products only their program price puts under the bound.
    expect(program.total).toBeGreaterThan(shop.total);
    for (const p of shop.products) expect(minPrice(p)).toBeLessThan(max);
    // A caller that does not say compares shop prices: never a price its viewer does not pay.
    expect(handles((await list({ site: "hpsf", filters })).products)).toEqual(handles(shop.products));
    // The shop's own site has no program prices to compare, whatever the audience says.
    expect((await list({ site: "d2c", filters, priceAudience: "program" })).total).toBe(expected("d2c", filters).length);
  });

  it("matches wet food as canned, tray or pouch and flavours by label contents", async () => {
    const wet: Filter[] = [{ field: "food_form", value: "wet" }];
    const r = await list({ filters: wet });
    expect(r.total).toBe(expected("d2c", wet).length);
    for (const p of r.products) expect(p.variants.some((v) => ["canned", "tray", "pouch"].includes(v.foodForm))).toBe(true);

    const chicken = await list({ filters: [{ field: "flavor", value: "chicken" }] });
    expect(chicken.products.some((p) => p.variants.every((v) => v.flavor === "Chicken & Rice"))).toBe(true);
  });

  it("matches nothing for an unknown value", async () => {
    expect((await list({ filters: [{ field: "brand", value: "no-such-brand" }] })).total).toBe(0);
  });
});

describe("facets", () => {
  it("counts every option as the real number of products it would list", async () => {
    for (const site of ["d2c", "hpsf"] as const) {
      const r = await list({ site });
      expect(r.facets.length).toBeGreaterThan(5);
      for (const facet of r.facets) {
        for (const option of facet.options) {
          expect({ facet: facet.slug, option: option.slug, count: option.count }).toEqual({
            facet: facet.slug,
            option: option.slug,
            count: expected(site, [option.filter]).length,
          });
        }
      }
      // … and no option that lists something is missing.
      for (const d of buildFilterCatalog(catalog).filter((x) => x.isFacet)) {
        const shown = r.facets.find((f) => f.slug === d.slug)?.options.map((o) => o.slug) ?? [];
        const listing = d.options.filter((o) => expected(site, [o.filter]).length > 0).map((o) => o.slug);
        expect(shown.sort(), `${site} ${d.slug}`).toEqual(listing.sort());
      }
    }
  });

  it("counts each facet with the other facets' filters applied, not its own", async () => {
    const filters: Filter[] = [
      { field: "species", value: "dog" },
      { field: "brand", value: "kindred-crest" },
    ];
    const r = await list({ filters });
    const brand = r.facets.find((f) => f.slug === "brand")!;
    // Other brands stay countable (OR within the field) …
    const vetrova = brand.options.find((o) => o.slug === "vetrova")!;
    expect(vetrova.count).toBe(expected("d2c", [filters[0], { field: "brand", value: "vetrova" }]).length);
    expect(brand.options.find((o) => o.slug === "kindred-crest")!.selected).toBe(true);
    // … while other facets are narrowed by both filters.
    for (const slug of ["pet-age", "food-form", "flavor"]) {
      for (const option of r.facets.find((f) => f.slug === slug)!.options) {
        expect(option.count).toBe(expected("d2c", [...filters, option.filter]).length);
      }
    }
    // The species filter leaves out cat-only options; the species facet still offers cats.
    expect(r.facets.find((f) => f.slug === "pet-age")!.options.map((o) => o.slug)).not.toContain("kitten-food");
    expect(r.facets.find((f) => f.slug === "species")!.options.map((o) => o.slug)).toContain("cat");
  });

  it("computes facets for search results too", async () => {
    const r = await list({ search: "salmon", filters: [{ field: "species", value: "cat" }] });
    const species = r.facets.find((f) => f.slug === "species")!;
    const cat = species.options.find((o) => o.slug === "cat")!;
    expect(cat.count).toBe(r.total);
    expect(species.options.find((o) => o.slug === "dog")!.count).toBe(11);
  });

  it("skips facets when asked", async () => {
    expect((await list({ facets: false, limit: 3 })).facets).toEqual([]);
  });
});

describe("sorting and pagination", () => {
  async function all(q: Partial<ListingQuery>) {
    return (await list({ ...q, limit: 100 })).products;
  }
  async function column<T>(pick: (row: { handle: string; featuredRank: number; createdAt: Date }) => T) {
    const rows = await db().select({ handle: products.handle, featuredRank: products.featuredRank, createdAt: products.createdAt }).from(products);
    return new Map(rows.map((r) => [r.handle, pick(r)]));
  }
  const nonDecreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

  it("sorts by featured rank", async () => {
    const rank = await column((r) => r.featuredRank);
    expect(nonDecreasing((await all({ sort: "featured" })).map((p) => rank.get(p.handle)!))).toBe(true);
  });

  it("sorts by the cheapest variant both ways, by program price for the staff site's program audience", async () => {
    const asc = (await all({ sort: "price-asc" })).map((p) => minPrice(p));
    expect(nonDecreasing(asc)).toBe(true);
    const desc = (await all({ sort: "price-desc" })).map((p) => minPrice(p));
    expect(nonDecreasing([...desc].reverse())).toBe(true);
    const staff = (await all({ site: "hpsf", sort: "price-asc", priceAudience: "program" })).map((p) => minPrice(p, true));
    expect(nonDecreasing(staff)).toBe(true);
    // Staff who pay shop prices (students) see the staff site sorted by the shop's prices.
    const student = (await all({ site: "hpsf", sort: "price-asc", priceAudience: "shop" })).map((p) => minPrice(p));
    expect(nonDecreasing(student)).toBe(true);
  });

  it("sorts by name and by newest", async () => {
    const titles = (await all({ sort: "name" })).map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const created = await column((r) => new Date(r.createdAt).getTime());
    const newest = (await all({ sort: "newest" })).map((p) => created.get(p.handle)!);
    expect(nonDecreasing([...newest].reverse())).toBe(true);
  });

  it("pages through the whole result exactly once", async () => {
    const filters: Filter[] = [{ field: "species", value: "dog" }];
    const first = await list({ filters, limit: 7, sort: "name" });
    expect(first.total).toBe(expected("d2c", filters).length);
    expect(first.pageCount).toBe(Math.ceil(first.total / 7));
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const r = await list({ filters, limit: 7, page, sort: "name" });
      expect(r.page).toBe(page);
      expect(r.total).toBe(first.total);
      expect(r.products.length).toBe(page < first.pageCount ? 7 : first.total - 7 * (first.pageCount - 1));
      seen.push(...r.products.map((p) => p.handle));
    }
    expect(new Set(seen).size).toBe(first.total);
    const beyond = await list({ filters, limit: 7, page: first.pageCount + 1 });
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });
});

describe("sites", () => {
  const d2cOnly = catalog.products.find((p) => p.sites.length === 1 && p.sites[0] === "d2c")!;

  it("lists a shop-only product on the shop but not on the staff site", async () => {
    const filters: Filter[] = [{ field: "brand", value: d2cOnly.brandSlug }];
    expect(handles((await list({ filters })).products)).toContain(d2cOnly.handle);
    expect(handles((await list({ site: "hpsf", filters })).products)).not.toContain(d2cOnly.handle);
    expect(await getProductsByHandles(db(), [d2cOnly.handle], "hpsf")).toEqual([]);
    expect((await list({ site: "hpsf", search: d2cOnly.variants[0].sku })).products.map((p) => p.handle)).not.toContain(d2cOnly.handle);
  });

  it("shows program prices on the staff site only", async () => {
    const shop = await list({ limit: 5 });
    const staff = await list({ site: "hpsf", limit: 5 });
    expect(shop.products.flatMap((p) => p.variants).every((v) => v.programPrice === null)).toBe(true);
    const staffVariants = staff.products.flatMap((p) => p.variants);
    expect(staffVariants.every((v) => v.programPrice !== null)).toBe(true);
    expect(staffVariants.every((v) => Number(v.programPrice!.amount) < Number(v.price.amount))).toBe(true);
  });
});

describe("search", () => {
  it("finds chicken products for 'chicken', best matches first", async () => {
    const r = await list({ search: "chicken", limit: 10 });
    expect(r.total).toBeGreaterThan(10);
    for (const p of r.products) expect(p.variants.some((v) => /chicken/i.test(v.flavor))).toBe(true);
  });

  it("tolerates typos", async () => {
    const chiken = await list({ search: "chiken", limit: 10 });
    expect(chiken.total).toBe(76);
    for (const p of chiken.products) expect(`${p.title} ${p.variants.map((v) => v.flavor).join(" ")}`).toMatch(/chicken/i);
    const salmn = await list({ search: "salmn", limit: 10 });
    expect(salmn.total).toBe(27);
    for (const p of salmn.products) expect(p.variants.some((v) => /salmon/i.test(v.flavor))).toBe(true);
  });

  it("ranks the product of an exact SKU first", async () => {
    // A SKU of a product that is not first by any other measure.
    const target = catalog.products.find((p) => p.featuredRank > 200 && p.sites.includes("d2c"))!;
    const sku = target.variants.at(-1)!.sku;
    for (const search of [sku, sku.toLowerCase(), ` ${sku} `]) {
      const r = await list({ search, limit: 5 });
      expect(r.products[0].handle).toBe(target.handle);
    }
  });

  it("finds words across title, brand, description and flavour, with a prefix for the last word", async () => {
    const r = await list({ search: "northfield turk", limit: 50 });
    expect(r.total).toBe(4);
    for (const p of r.products) {
      expect(p.productBrandSlug).toBe("northfield-kitchen");
      expect(p.variants.some((v) => v.flavor === "Turkey")).toBe(true);
    }
  });

  it("combines the search with filters", async () => {
    const r = await list({
      search: "chicken",
      filters: [
        { field: "species", value: "cat" },
        { field: "food_form", value: "dry" },
      ],
    });
    expect(r.total).toBe(16);
    for (const p of r.products) {
      expect(p.productSpecies).toBe("cat");
      expect(p.variants.some((v) => v.foodForm === "dry")).toBe(true);
    }
  });

  it("answers an empty result for nonsense and for punctuation only", async () => {
    expect((await list({ search: "xqzvwk" })).total).toBe(0);
    expect((await list({ search: "%_'\\" })).total).toBe(0);
  });
});

describe("queries per call (no N+1)", () => {
  async function counted<T>(fn: () => Promise<T>) {
    queries = 0;
    await fn();
    return queries;
  }

  it("runs the same small number of queries for 5 and for 40 products", async () => {
    const small = await counted(() => list({ limit: 5 }));
    const large = await counted(() => list({ limit: 40 }));
    expect(small).toBe(large);
    expect(small).toBeLessThanOrEqual(4);
    const searchSmall = await counted(() => list({ search: "chicken", limit: 5 }));
    const searchLarge = await counted(() => list({ search: "chicken", limit: 40 }));
    expect(searchSmall).toBe(searchLarge);
    expect(searchSmall).toBeLessThanOrEqual(5);
  });

  it("loads products by handle in two queries however many", async () => {
    const some = catalog.products.filter((p) => p.sites.includes("d2c"));
    expect(await counted(() => getProductsByHandles(db(), [some[0].handle], "d2c"))).toBe(2);
    expect(
      await counted(() =>
        getProductsByHandles(
          db(),
          some.slice(0, 30).map((p) => p.handle),
          "d2c",
        ),
      ),
    ).toBe(2);
  });
});

describe("product shape (SPEC §3)", () => {
  it("maps ids, URLs, prices, options and images", async () => {
    const seed = catalog.products.find((p) => p.variants.length > 2 && p.sites.includes("d2c"))!;
    const [p] = await getProductsByHandles(db(), [seed.handle], "d2c");
    expect(p.id).toMatch(/^\d+$/);
    expect(p.variants.map((v) => v.sku)).toEqual(seed.variants.map((v) => v.sku));
    const v = p.variants[0];
    const sv = seed.variants[0];
    expect(v.adminGraphqlId).toBe(`gid://shop/ProductVariant/${v.id}`);
    expect(v.variantURL).toMatch(new RegExp(`^${seed.brandSlug}/${seed.handle}/[a-z0-9-]+/[a-z0-9-]+$`));
    expect(v.price).toEqual({ amount: (sv.priceCents / 100).toFixed(2), currencyCode: "USD" });
    expect(v.imagePrimary.url).toBe(`/_img/packshots/${sv.imageKey}.webp?w=640`);
    expect(v.imagePrimary.alt).toContain(seed.title);
    expect(v.selectedOptions.map((o) => o.name)).toEqual(["Size", "Flavor", "Product Form"]);
    expect(p.options.find((o) => o.name === "Flavor")!.values).toEqual([...new Set(seed.variants.map((x) => x.flavor))]);
    expect(p.productPetAge).toBe(seed.lifestages.join(","));
    expect(typeof v.inStock).toBe("boolean");
  });

  it("reports stock as any warehouse with unreserved units", async () => {
    const out = catalog.products.flatMap((p) => p.variants).find((v) => v.badgeTags.includes("badge::out-of-stock"))!;
    const product = catalog.products.find((p) => p.variants.includes(out))!;
    const [p] = await getProductsByHandles(db(), [product.handle], product.sites[0]);
    expect(p.variants.find((v) => v.sku === out.sku)!.inStock).toBe(false);
    expect(p.variants.find((v) => v.sku !== out.sku && !v.badgeTags.includes("badge::out-of-stock"))?.inStock ?? true).toBe(true);
  });

  it("keeps the order of the handles asked and skips unknown ones", async () => {
    const [a, b] = catalog.products.filter((p) => p.sites.includes("d2c"));
    const r = await getProductsByHandles(db(), [b.handle, "nope", a.handle, b.handle], "d2c");
    expect(r.map((p) => p.handle)).toEqual([b.handle, a.handle]);
  });
});

describe("filter catalogue and categories", () => {
  it("seeds the SPEC §2 category slugs with per-site order", async () => {
    const defs = await loadFilterCatalog(db(), "d2c");
    const slugs = defs.map((d) => d.slug);
    for (const slug of [
      "species",
      "brand",
      "pet-age",
      "breed-size",
      "food-form",
      "flavor",
      "health-category",
      "weight",
      "type",
      "house-brand",
      "prescription-diet",
    ]) {
      expect(slugs).toContain(slug);
    }
    const staff = (await loadFilterCatalog(db(), "hpsf")).map((d) => d.slug);
    expect(staff[0]).toBe("prescription-diet");
    expect(staff).not.toEqual(slugs);
    expect(defs.find((d) => d.slug === "weight")!.options.some((o) => "min" in o.filter || "max" in o.filter)).toBe(true);
  });

  it("lists something under every category option, on every site and species it names", async () => {
    const empty: string[] = [];
    for (const site of ["d2c", "hpsf"] as const) {
      for (const d of buildFilterCatalog(catalog)) {
        if (!d.sites.includes(site) || d.slug === "sub-brand") continue; // sub-brand is a facet, not a URL
        for (const o of d.options.filter((x) => x.sites.includes(site))) {
          for (const species of o.species) {
            const resolved =
              d.slug === "species" ? await resolveCategory(db(), site, o.slug, "species", null) : await resolveCategory(db(), site, species, d.slug, o.slug);
            expect(resolved, `${site} ${species} ${d.slug} ${o.slug}`).not.toBeNull();
            if (expected(site, resolved!.filters).length === 0) empty.push(`${site} ${species} ${d.slug} ${o.slug}`);
          }
        }
      }
    }
    expect(empty).toEqual([]);
  });

  it("resolves the breadcrumb URL forms of SPEC §2", async () => {
    const r = (species: string, category: string | null, detail: string | null, site: SiteId = "d2c") => resolveCategory(db(), site, species, category, detail);
    expect((await r("dog", null, null))!.filters).toEqual([{ field: "species", value: "dog" }]);
    expect((await r("dog", "species", null))!.filters).toEqual([{ field: "species", value: "dog" }]);
    expect((await r("dog", "brand", "kindred-crest"))!.filters).toContainEqual({ field: "brand", value: "kindred-crest" });
    expect((await r("dog", "pet-age", "adult-dog-food"))!.filters).toContainEqual({ field: "lifestage", value: "adult-dog" });
    expect((await r("dog", "pet-age", "senior-dog-food"))!.option).toEqual({ slug: "senior-dog-food", label: "Senior Dog" });
    expect((await r("dog", "pet-age", "puppy-food"))!.filters).toContainEqual({ field: "lifestage", value: "puppy" });
    expect((await r("cat", "pet-age", "kitten-food"))!.filters).toContainEqual({ field: "lifestage", value: "kitten" });
    expect((await r("cat", "food-form", "dry-food"))!.filters).toContainEqual({ field: "food_form", value: "dry" });
    expect((await r("dog", "food-form", "wet-food"))!.filters).toContainEqual({ field: "food_form", value: "wet" });
    expect((await r("cat", "food-form", "canned-food"))!.filters).toContainEqual({ field: "food_form", value: "canned" });
    expect((await r("dog", "food-form", "treats"))!.filters).toContainEqual({ field: "food_form", value: "treat" });
    expect((await r("dog", "weight", "1lb-45lb"))!.filters).toContainEqual({ field: "weight_unit", value: "lbs" });
    expect((await r("cat", "weight", "2.5oz-13oz"))!.filters).toContainEqual({ field: "weight_unit", value: "oz" });
    const house = (await r("dog", "house-brand", null))!;
    expect(house.filters).toEqual([
      { field: "species", value: "dog" },
      { field: "brand", value: "kindred-crest" },
    ]);
    expect((await r("cat", "prescription-diet", "renal-support"))!.filters).toEqual([
      { field: "species", value: "cat" },
      { field: "brand", value: "vetrova" },
      { field: "sub_brand", value: "Renal Support" },
    ]);
    // Product food forms map onto the food-form slugs (breadcrumb "form-with-dashes").
    const [dry] = await getProductsByHandles(db(), [catalog.products.find((p) => p.productType === "Dry Food")!.handle], "d2c");
    expect(await r(dry.productSpecies, "food-form", dry.productFoodForm.toLowerCase().replace(/ /g, "-"))).not.toBeNull();
  });

  it("answers null for unknown categories and details", async () => {
    const r = (species: string, category: string | null, detail: string | null) => resolveCategory(db(), "d2c", species, category, detail);
    expect(await r("horse", null, null)).toBeNull();
    expect(await r("dog", "colour", null)).toBeNull();
    expect(await r("dog", "brand", "no-such-brand")).toBeNull();
    expect(await r("cat", "breed-size", "large")).toBeNull();
    expect(await r("dog", "pet-age", "kitten-food")).toBeNull();
    expect(await r("dog", "species", "cat")).toBeNull();
  });

  it("gives a filter definition by handle with at most `limit` options", async () => {
    const full = (await getFiltersByHandle(db(), "flavor", 100, "d2c"))!;
    expect(full.options.length).toBeGreaterThan(5);
    const short = (await getFiltersByHandle(db(), "flavor", 3, "d2c"))!;
    expect(short.options).toEqual(full.options.slice(0, 3));
    expect(short).toMatchObject({ field: "flavor", slug: "flavor", label: "Flavor", sort: { d2c: expect.any(Number), hpsf: expect.any(Number) } });
    expect(await getFiltersByHandle(db(), "nope", 10, "d2c")).toBeNull();
  });
});

describe("deals and sitemap", () => {
  it("keys the deal SKUs by SKU", async () => {
    const deals = await getDealSkus(db());
    expect(Object.keys(deals).sort()).toEqual(catalog.dealSkus.map((d) => d.sku).sort());
    const [first] = catalog.dealSkus;
    expect(deals[first.sku]).toEqual({ sku: first.sku, label: first.label });
  });

  it("lists product and category URLs of the site", async () => {
    const d2c = (await sitemapEntries(db(), "d2c")).map((e) => e.path);
    const hpsf = (await sitemapEntries(db(), "hpsf")).map((e) => e.path);
    expect(d2c).toEqual(expect.arrayContaining(["/products", "/products/dog", "/products/dog/brand/kindred-crest", "/products/cat/pet-age/kitten-food"]));
    const d2cOnly = catalog.products.find((p) => p.sites.length === 1)!;
    expect(d2c).toContain(`/products/${d2cOnly.handle}`);
    expect(hpsf).not.toContain(`/products/${d2cOnly.handle}`);
    expect(new Set(d2c).size).toBe(d2c.length);
  });
});

describe("derived search and price columns (triggers)", () => {
  it("follow writes to variants and products", async () => {
    const seed = catalog.products.find((p) => p.sites.includes("d2c") && p.variants.length > 1)!;
    const [row] = await db().select().from(products).where(eq(products.handle, seed.handle));
    expect(row.minPriceCents).toBe(Math.min(...seed.variants.map((v) => v.priceCents)));

    await db().update(variants).set({ priceCents: 101 }).where(eq(variants.sku, seed.variants[0].sku));
    const [cheaper] = await db().select().from(products).where(eq(products.id, row.id));
    expect(cheaper.minPriceCents).toBe(101);
    expect((await list({ sort: "price-asc", limit: 1 })).products[0].handle).toBe(seed.handle);

    await db()
      .update(products)
      .set({ title: `${seed.title} Zanzibar` })
      .where(eq(products.id, row.id));
    expect((await list({ search: "zanzibar" })).products.map((p) => p.handle)).toEqual([seed.handle]);

    await db().update(variants).set({ priceCents: seed.variants[0].priceCents }).where(eq(variants.sku, seed.variants[0].sku));
    await db().update(products).set({ title: seed.title }).where(eq(products.id, row.id));
    const [restored] = await db().select().from(products).where(eq(products.id, row.id));
    expect(restored.minPriceCents).toBe(row.minPriceCents);
    expect(restored.searchText).toBe(row.searchText);
  });
});
