import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { getProductsByHandles } from "./listing";
import { getProductDetail } from "./product";
import { products, variants } from "./schema";
import { buildSeedCatalog } from "./seed-data";
import { checkServedZip, estimatedDeliveryDate, productsStock, productsStockForZip, stockObject, warehouseForZip } from "./stock";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";

// Stock, warehouses and delivery by ZIP, and the product detail, against the seeded catalogue.
let database: Database;
const db = () => database.db;
const catalog = buildSeedCatalog();
const onHand = (sku: string, warehouse: string) => catalog.inventory.find((i) => i.sku === sku && i.warehouseCode === warehouse)!.onHand;
const allVariants = catalog.products.flatMap((p) => p.variants.map((v) => ({ ...v, product: p })));
const outOfStock = allVariants.find((v) => v.badgeTags.includes("badge::out-of-stock"))!;
const inStockAtDen = allVariants.find((v) => onHand(v.sku, "DEN1") > 0 && onHand(v.sku, "KNT1") > 0)!;
// A variant stocked everywhere except one warehouse (the seed's "single warehouse gaps").
const gap = allVariants.map((v) => ({ v, empty: catalog.inventory.filter((i) => i.sku === v.sku && i.onHand === 0) })).find((x) => x.empty.length === 1)!;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
}, 60_000);
afterAll(() => database?.close());

describe("warehouse by ZIP", () => {
  it("finds the warehouse and transit group serving a ZIP", async () => {
    expect(await warehouseForZip(db(), "80011")).toMatchObject({ code: "DEN1", city: "Aurora", state: "CO", transitDays: 1 });
    expect(await warehouseForZip(db(), "99501")).toMatchObject({ code: "KNT1", city: "Kent", group: "remote-7", transitDays: 7 });
    expect(await warehouseForZip(db(), "96813")).toMatchObject({ code: "RNO1", transitDays: 6 });
    expect(await warehouseForZip(db(), "00501")).toMatchObject({ code: "BTH1" });
  });

  it("has none for an unserved or malformed ZIP", async () => {
    expect(await warehouseForZip(db(), "00300")).toBeNull();
    expect(await warehouseForZip(db(), "8001")).toBeNull();
    expect(await warehouseForZip(db(), "abcde")).toBeNull();
  });

  it("checks a ZIP as SPEC §5 says, with the bypass flag skipping the served ranges", async () => {
    expect(await checkServedZip(db(), "80011", false)).toMatchObject({ ok: true, zip: "80011", warehouse: { code: "DEN1" } });
    expect(await checkServedZip(db(), "00300", false)).toEqual({ ok: false, code: "unserved", message: "We don't deliver to 00300 yet" });
    expect(await checkServedZip(db(), "0030", false)).toEqual({ ok: false, code: "format", message: "Enter a 5-digit ZIP code" });
    expect(await checkServedZip(db(), "00300", true)).toEqual({ ok: true, zip: "00300", warehouse: null });
  });
});

describe("stock object (SPEC §3)", () => {
  it("lists every warehouse with all its ZIP ranges and its transit groups, bounds padded to 5 digits", async () => {
    const object = await stockObject(db(), "HOME");
    expect(object.map((e) => e.warehouse).sort()).toEqual(catalog.warehouses.map((w) => w.code).sort());
    const bth = object.find((e) => e.warehouse === "BTH1")!;
    expect(bth.destination).toBe("HOME");
    expect(bth.all_zips).toContain("00500-00599");
    expect(bth.all_zips).toContain("07000-08999");
    expect(bth.groups.find((g) => g.name === "ground-2")).toEqual({
      name: "ground-2",
      transit_days: 2,
      zips: ["00500-00599", "06000-06999", "10000-14999"],
    });
    for (const entry of object) {
      expect(entry.groups.flatMap((g) => g.zips).sort()).toEqual(entry.all_zips);
      for (const z of entry.all_zips) expect(z).toMatch(/^\d{5}-\d{5}$/);
    }
    expect(object.reduce((n, e) => n + e.all_zips.length, 0)).toBe(catalog.zipRanges.length);
  });

  it("echoes the clinic destination", async () => {
    expect((await stockObject(db(), "CLINIC")).every((e) => e.destination === "CLINIC")).toBe(true);
  });
});

describe("products stock (SPEC §5, §7)", () => {
  it("answers each SKU's availability at the warehouse serving the ZIP", async () => {
    const res = await productsStockForZip(db(), { skus: [inStockAtDen.sku, outOfStock.sku, "NO-SUCH-SKU"], zipCode: "80011", destination: "HOME" }, false);
    expect(res).toEqual({
      ok: true,
      data: {
        warehouse: "DEN1",
        skus: {
          [inStockAtDen.sku]: { inStock: true, available: onHand(inStockAtDen.sku, "DEN1"), warehouse: "DEN1" },
          [outOfStock.sku]: { inStock: false, available: 0, warehouse: "DEN1" },
          "NO-SUCH-SKU": { inStock: false, available: 0, warehouse: "DEN1" },
        },
      },
    });
  });

  it("differs by warehouse: a variant missing at one warehouse is in stock elsewhere", async () => {
    const emptyAt = gap.empty[0].warehouseCode;
    const other = catalog.warehouses.find((w) => w.code !== emptyAt)!.code;
    expect((await productsStock(db(), [gap.v.sku], emptyAt)).skus[gap.v.sku].inStock).toBe(false);
    expect((await productsStock(db(), [gap.v.sku], other)).skus[gap.v.sku].inStock).toBe(true);
    expect((await productsStock(db(), [gap.v.sku], null)).skus[gap.v.sku].inStock).toBe(true);
  });

  it("refuses an unserved ZIP unless the bypass flag is on (then any warehouse counts)", async () => {
    expect(await productsStockForZip(db(), { skus: [inStockAtDen.sku], zipCode: "00300", destination: "HOME" }, false)).toMatchObject({
      ok: false,
      code: "unserved",
    });
    const bypassed = await productsStockForZip(db(), { skus: [inStockAtDen.sku], zipCode: "00300", destination: "HOME" }, true);
    expect(bypassed).toMatchObject({ ok: true, data: { warehouse: null, skus: { [inStockAtDen.sku]: { inStock: true } } } });
  });

  it(`skips lines of the excluded product type (${EXCLUDED_PRODUCT_TYPE}) and empty SKUs`, async () => {
    const [donation] = await db()
      .insert(products)
      .values({
        handle: "shelter-donation",
        title: "Shelter Donation",
        description: "A gift.",
        brandSlug: "kindred-crest",
        species: "dog",
        productType: EXCLUDED_PRODUCT_TYPE,
      })
      .returning({ id: products.id });
    await db().insert(variants).values({
      productId: donation.id,
      sku: "DONATION-5",
      position: 1,
      flavor: "None",
      sizeLabel: "$5",
      weight: 0,
      weightUnit: "lbs",
      foodForm: "treat",
      packType: "bag",
      priceCents: 500,
      imageKey: "bag_kindred-crest_chicken_dog",
    });
    const res = await productsStock(db(), ["DONATION-5", " ", inStockAtDen.sku], "DEN1");
    expect(Object.keys(res.skus)).toEqual([inStockAtDen.sku]);
  });
});

describe("estimated delivery date", () => {
  it("counts the serving group's transit days in business days after the ship day", async () => {
    const monday = new Date("2025-03-03T09:00:00Z");
    expect(await estimatedDeliveryDate(db(), "80011", monday)).toMatchObject({ date: "2025-03-04", dateText: "Tue, Mar 4", transitDays: 1 });
    // Alaska: 7 business days.
    expect(await estimatedDeliveryDate(db(), "99501", monday)).toMatchObject({ date: "2025-03-12", transitDays: 7, warehouse: { code: "KNT1" } });
    // After the 14:00 UTC cut-off on a Friday, the parcel leaves on Monday.
    expect(await estimatedDeliveryDate(db(), "80011", new Date("2025-03-07T15:00:00Z"))).toMatchObject({ date: "2025-03-11" });
  });

  it("has none for an unserved ZIP", async () => {
    expect(await estimatedDeliveryDate(db(), "00300", new Date())).toBeNull();
  });
});

describe("product detail", () => {
  const seeded = catalog.products.find((p) => p.variants.some((v) => v.sku === gap.v.sku))!;
  const emptyAt = gap.empty[0].warehouseCode;

  it("returns the product with every variant in position order and SPEC §3 fields", async () => {
    const product = (await getProductDetail(db(), seeded.handle, "d2c", null))!;
    expect(product).toMatchObject({ handle: seeded.handle, title: seeded.title, productType: seeded.productType, productSpecies: seeded.species });
    expect(product.variants.map((v) => v.sku)).toEqual(seeded.variants.map((v) => v.sku));
    const v0 = product.variants[0];
    const s0 = seeded.variants[0];
    expect(v0.price).toEqual({ amount: (s0.priceCents / 100).toFixed(2), currencyCode: "USD" });
    expect(v0.programPrice).toBeNull();
    expect(v0.selectedOptions).toContainEqual({ name: "Flavor", value: s0.flavor });
    expect(v0.selectedOptions).toContainEqual({ name: "Size", value: s0.sizeLabel });
    expect(v0.imagePrimary.url).toContain(`packshots/${s0.imageKey}.webp`);
    expect(v0.variantURL).toMatch(new RegExp(`^${seeded.brandSlug}/${seeded.handle}/[a-z0-9-]+/[a-z0-9-]+$`));
    expect(product.options.find((o) => o.name === "Flavor")!.values).toEqual([...new Set(seeded.variants.map((v) => v.flavor))]);
  });

  it("has the listing's Product shape, plus the other flavours' pictures in each variant's gallery", async () => {
    const multiFlavor = catalog.products.find((p) => new Set(p.variants.map((v) => v.flavor)).size > 1)!;
    const detail = (await getProductDetail(db(), multiFlavor.handle, "hpsf", null))!;
    const [listed] = await getProductsByHandles(db(), [multiFlavor.handle], "hpsf");
    const strip = <T extends { variants: { variantMediaList: unknown }[] }>(p: T) => ({
      ...p,
      deals: undefined,
      variants: p.variants.map((v) => ({ ...v, variantMediaList: undefined })),
    });
    expect(strip(detail)).toEqual(strip({ ...listed, deals: undefined }));
    const media = detail.variants[0].variantMediaList;
    expect(media[0]).toEqual(detail.variants[0].imagePrimary);
    expect(media.length).toBe(new Set(multiFlavor.variants.map((v) => v.imageKey)).size);
  });

  it("marks stock at the shopper's warehouse, or anywhere when none is known", async () => {
    const atEmpty = (await getProductDetail(db(), seeded.handle, "d2c", emptyAt))!;
    const anywhere = (await getProductDetail(db(), seeded.handle, "d2c", null))!;
    expect(atEmpty.variants.find((v) => v.sku === gap.v.sku)!.inStock).toBe(false);
    expect(anywhere.variants.find((v) => v.sku === gap.v.sku)!.inStock).toBe(true);
  });

  it("shows the program price on the staff site", async () => {
    const product = (await getProductDetail(db(), seeded.handle, "hpsf", "DEN1"))!;
    expect(product.variants[0].programPrice).toEqual({ amount: (seeded.variants[0].programPriceCents / 100).toFixed(2), currencyCode: "USD" });
  });

  it("flags deals", async () => {
    const deal = catalog.dealSkus[0];
    const owner = catalog.products.find((p) => p.variants.some((v) => v.sku === deal.sku))!;
    const product = (await getProductDetail(db(), owner.handle, "d2c", "DEN1"))!;
    expect(product.deals[deal.sku]).toBe(deal.label);
    expect(product.variants.find((v) => v.sku === deal.sku)!.badgeTags).toContain("badge::deal"); // seeded deals carry the tag too
  });

  it("is null for an unknown handle or a product not sold on the site", async () => {
    expect(await getProductDetail(db(), "no-such-food", "d2c", null)).toBeNull();
    const d2cOnly = catalog.products.find((p) => !p.sites.includes("hpsf"))!;
    expect(await getProductDetail(db(), d2cOnly.handle, "d2c", null)).not.toBeNull();
    expect(await getProductDetail(db(), d2cOnly.handle, "hpsf", null)).toBeNull();
  });
});
