import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products, variants } from "../modules/catalog/schema";

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
