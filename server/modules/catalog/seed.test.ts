import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { seedIfEmpty } from "../../db/seed";
import { renderPackshotSvg } from "../images";
import { brands, dealSkus, inventory, products, variants, warehouseZipRanges, warehouses } from "./schema";
import { BADGE_NAMES, buildSeedCatalog, LIFESTAGES } from "./seed-data";

let database: Database;
let seededFirstTime: boolean;

beforeAll(async () => {
  database = await openTestDatabase();
  seededFirstTime = await seedIfEmpty(database);
}, 30_000);

afterAll(async () => {
  await database?.close();
});

const db = () => database.db;

async function tableCounts() {
  const tables = { brands, products, variants, dealSkus, warehouses, warehouseZipRanges, inventory };
  const entries = await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, (await db().select({ n: count() }).from(table))[0].n] as const));
  return Object.fromEntries(entries);
}

async function rangesServing(zip: number) {
  return db()
    .select()
    .from(warehouseZipRanges)
    .where(sql`${warehouseZipRanges.zipStart} <= ${zip} and ${warehouseZipRanges.zipEnd} >= ${zip}`);
}

describe("seed catalogue", () => {
  it("seeds an empty database", () => {
    expect(seededFirstTime).toBe(true);
  });

  it("has at least 80 products and 300 variants for dogs and cats", async () => {
    const { products: p, variants: v } = await tableCounts();
    expect(p).toBeGreaterThanOrEqual(80);
    expect(v).toBeGreaterThanOrEqual(300);
    const species = await db().selectDistinct({ s: products.species }).from(products);
    expect(species.map((r) => r.s).sort()).toEqual(["cat", "dog"]);
  });

  it("covers every food form, pack type and product type", async () => {
    const forms = await db().selectDistinct({ f: variants.foodForm }).from(variants);
    expect(forms.map((r) => r.f).sort()).toEqual(["canned", "dry", "pouch", "tray", "treat"]);
    const packs = await db().selectDistinct({ p: variants.packType }).from(variants);
    expect(packs.map((r) => r.p).sort()).toEqual(["bag", "can", "pouch", "tray"]);
    const types = await db().selectDistinct({ t: products.productType }).from(products);
    expect(types.map((r) => r.t).sort()).toEqual(["Dry Food", "Treats", "Wet Food"]);
  });

  it("uses every lifestage and breed size, and only the SPEC values", async () => {
    const rows = await db().select({ l: products.lifestages, b: products.breedSizes, h: products.healthConditions, s: products.species }).from(products);
    expect(new Set(rows.flatMap((r) => r.l))).toEqual(new Set(LIFESTAGES));
    expect(new Set(rows.flatMap((r) => r.b))).toEqual(new Set(["small", "medium", "large"]));
    expect(rows.filter((r) => r.l.length === 0)).toEqual([]);
    for (const r of rows) {
      if (r.s === "cat") expect(r.b).toEqual([]);
    }
    const health = new Set(rows.flatMap((r) => r.h));
    for (const h of ["weight-management", "sensitive-stomach", "urinary-care", "kidney-care", "joint-care", "food-sensitivities"]) {
      expect(health).toContain(h);
    }
  });

  it("has house, prescription and treats brands with several sub-brands each, plus partners", async () => {
    const rows = await db()
      .select({ kind: brands.kind, species: products.species, sub: products.subBrand })
      .from(products)
      .innerJoin(brands, sql`${brands.slug} = ${products.brandSlug}`);
    for (const kind of ["house", "prescription", "treats"]) {
      for (const species of ["dog", "cat"]) {
        const subs = new Set(rows.filter((r) => r.kind === kind && r.species === species).map((r) => r.sub));
        expect(subs.size, `${kind} ${species} sub-brands`).toBeGreaterThanOrEqual(2);
      }
    }
    expect(rows.some((r) => r.kind === "partner")).toBe(true);
    const colours = await db().select({ c: brands.color }).from(brands);
    for (const { c } of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it("sizes dry food in lb and wet food and treats in oz, within the SPEC ranges", async () => {
    const rows = await db().select({ f: variants.foodForm, w: variants.weight, u: variants.weightUnit }).from(variants);
    expect(new Set(rows.map((r) => r.u))).toEqual(new Set(["lbs", "oz"]));
    for (const r of rows) {
      if (r.f === "dry") {
        expect(r.u).toBe("lbs");
        expect(r.w).toBeGreaterThanOrEqual(1);
        expect(r.w).toBeLessThanOrEqual(45);
      } else {
        expect(r.u).toBe("oz");
        if (r.f !== "treat") {
          expect(r.w).toBeGreaterThanOrEqual(2.5);
          expect(r.w).toBeLessThanOrEqual(13);
        }
      }
    }
  });

  it("prices in realistic cents with some compare-at prices and program prices", async () => {
    const rows = await db().select().from(variants);
    for (const v of rows) {
      expect(v.priceCents).toBeGreaterThanOrEqual(200);
      expect(v.priceCents).toBeLessThanOrEqual(11000);
      expect(v.programPriceCents).toBeLessThan(v.priceCents);
      if (v.compareAtCents !== null) expect(v.compareAtCents).toBeGreaterThan(v.priceCents);
      expect(v.sku).toMatch(/^[A-Z0-9-]+$/);
    }
    const discounted = rows.filter((v) => v.compareAtCents !== null).length;
    expect(discounted / rows.length).toBeGreaterThan(0.2);
    expect(discounted / rows.length).toBeLessThan(0.5);
  });

  it("tags some variants with badges from the SPEC badge set", async () => {
    const rows = await db().select({ tags: variants.badgeTags }).from(variants);
    const tags = rows.flatMap((r) => r.tags);
    const allowed = new Set(BADGE_NAMES.map((n) => `badge::${n}`));
    for (const t of tags) expect(allowed).toContain(t);
    expect(new Set(tags)).toEqual(allowed);
    const tagged = rows.filter((r) => r.tags.length > 0).length;
    expect(tagged / rows.length).toBeGreaterThan(0.15);
    expect(tagged / rows.length).toBeLessThan(0.4);
  });

  it("has deal SKUs that reference variants carrying the deal badge", async () => {
    const deals = await db()
      .select({ sku: dealSkus.sku, label: dealSkus.label, tags: variants.badgeTags })
      .from(dealSkus)
      .innerJoin(variants, sql`${variants.sku} = ${dealSkus.sku}`);
    expect(deals.length).toBeGreaterThanOrEqual(5);
    expect(deals.length).toBeLessThanOrEqual(10);
    for (const d of deals) {
      expect(d.label).toMatch(/^Save \d+%$/);
      expect(d.tags).toContain("badge::deal");
    }
  });

  it("stocks every variant in every warehouse, out-of-stock ones nowhere", async () => {
    const { variants: v, warehouses: w, inventory: i } = await tableCounts();
    expect(w).toBeGreaterThanOrEqual(5);
    expect(w).toBeLessThanOrEqual(7);
    expect(i).toBe(v * w);
    const totals = await db()
      .select({
        tags: variants.badgeTags,
        total: sql<number>`sum(${inventory.onHand})::int`,
        max: sql<number>`max(${inventory.onHand})`,
        zeros: sql<number>`count(*) filter (where ${inventory.onHand} = 0)::int`,
      })
      .from(variants)
      .innerJoin(inventory, sql`${inventory.variantId} = ${variants.id}`)
      .groupBy(variants.id);
    const outOfStock = totals.filter((t) => t.tags.includes("badge::out-of-stock"));
    expect(outOfStock).toHaveLength(14);
    for (const t of outOfStock) expect(t.total).toBe(0);
    expect(totals.filter((t) => t.total === 0)).toHaveLength(outOfStock.length);
    for (const t of totals.filter((t) => t.tags.includes("badge::limited-stock"))) expect(t.max).toBeLessThanOrEqual(5);
    expect(totals.filter((t) => t.zeros === 1).length).toBeGreaterThanOrEqual(3);
  });

  it("serves Alaska and Hawaii, leaves some zips unserved, and never serves a zip twice", async () => {
    expect((await rangesServing(99501)).length).toBe(1);
    expect((await rangesServing(96813)).length).toBe(1);
    expect((await rangesServing(80011)).length).toBe(1);
    for (const zip of [300, 9001, 34050, 96500]) expect(await rangesServing(zip), `zip ${zip}`).toEqual([]);
    const ranges = await db().select().from(warehouseZipRanges);
    const covered = new Uint8Array(100_000);
    for (const r of ranges) {
      expect(r.transitDays).toBeGreaterThanOrEqual(1);
      expect(r.transitDays).toBeLessThanOrEqual(7);
      for (let z = r.zipStart; z <= r.zipEnd; z++) covered[z]++;
    }
    expect(covered.every((n) => n <= 1)).toBe(true);
    expect(covered.reduce((a, n) => a + n, 0)).toBeGreaterThan(90_000);
    const groupsPerWarehouse = new Map<string, Set<string>>();
    for (const r of ranges) groupsPerWarehouse.set(r.warehouseCode, (groupsPerWarehouse.get(r.warehouseCode) ?? new Set()).add(r.groupName));
    for (const groups of groupsPerWarehouse.values()) expect([2, 3]).toContain(groups.size);
  });

  it("renders a packshot for every variant's image key", async () => {
    const keys = await db().selectDistinct({ k: variants.imageKey }).from(variants);
    for (const { k } of keys) expect(renderPackshotSvg(k), k).not.toBeNull();
  });

  it("builds exactly the same catalogue every time", () => {
    expect(JSON.stringify(buildSeedCatalog())).toBe(JSON.stringify(buildSeedCatalog()));
  });

  it("does nothing when the catalogue is already there", async () => {
    const before = await tableCounts();
    expect(await seedIfEmpty(database)).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });
});
