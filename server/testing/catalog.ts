import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dealSkus, products, variants } from "../modules/catalog/schema";

// The seed catalogue as tests pick their data from it: every variant with its product's fields,
// in variant id order, for a test to filter (the first d2c variant, a 30 lb staff bag, a packshot).

export type SeededVariant = Awaited<ReturnType<typeof seededVariants>>[number];

export function seededVariants(db: Db) {
  return db
    .select({
      id: variants.id,
      sku: variants.sku,
      imageKey: variants.imageKey,
      foodForm: variants.foodForm,
      weight: variants.weight,
      weightUnit: variants.weightUnit,
      priceCents: variants.priceCents,
      programPriceCents: variants.programPriceCents,
      productId: products.id,
      title: products.title,
      handle: products.handle,
      sites: products.sites,
      published: products.published,
      productType: products.productType,
      species: products.species,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .orderBy(asc(variants.id));
}

/** The seed catalogue's products, by id. */
export function seededProducts(db: Db) {
  return db
    .select({ id: products.id, handle: products.handle, title: products.title, sites: products.sites, published: products.published })
    .from(products)
    .orderBy(asc(products.id));
}

/** A price change as the console would commit it (the page cache hears it the same way). */
export async function setVariantPrice(db: Db, variantId: number, priceCents: number): Promise<void> {
  await db.update(variants).set({ priceCents }).where(eq(variants.id, variantId));
}

/** A plain price: no compare-at price shown struck through beside it. */
export async function setPlainPrice(db: Db, variantId: number, priceCents: number): Promise<void> {
  await db.update(variants).set({ priceCents, compareAtCents: null }).where(eq(variants.id, variantId));
}

export async function setProductType(db: Db, productId: number, productType: string): Promise<void> {
  await db.update(products).set({ productType }).where(eq(products.id, productId));
}

export async function setPublished(db: Db, productId: number, published: boolean): Promise<void> {
  await db.update(products).set({ published }).where(eq(products.id, productId));
}

/** The `offset`-th d2c product (by id, donations aside) with at least two variants, and its first variant. */
export async function aProductWithVariants(db: Db, offset = 0) {
  const [product] = await db
    .select({ id: products.id, handle: products.handle, title: products.title })
    .from(products)
    .where(
      sql`${products.sites} @> array['d2c']::text[] and ${products.productType} <> 'Donation' and (select count(*) from ${variants} where ${variants.productId} = ${products.id}) >= 2`,
    )
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(1);
  const [variant] = await db.select().from(variants).where(eq(variants.productId, product.id)).orderBy(asc(variants.position)).limit(1);
  return { product, variant };
}

/** The variant's tags, the hand-set badges among them. */
export async function setBadgeTags(db: Db, variantId: number, badgeTags: string[]): Promise<void> {
  await db.update(variants).set({ badgeTags }).where(eq(variants.id, variantId));
}

export async function badgeTagsOf(db: Db, variantId: number): Promise<string[]> {
  const [row] = await db.select({ badgeTags: variants.badgeTags }).from(variants).where(eq(variants.id, variantId));
  return row.badgeTags;
}

/** The deal list's rows for the SKU (one while it is on deal, none after). */
export const dealRowsOf = (db: Db, sku: string) => db.select().from(dealSkus).where(eq(dealSkus.sku, sku));
