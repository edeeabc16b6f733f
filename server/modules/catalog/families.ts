import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, variants } from "./schema";

/**
 * The given products and every product of their families (same brand, line, species and kind of
 * food), with their variants: what a life-stage swap chooses from (rules/autoship/life-stage-swap.ts).
 * Two queries whatever the number of products; `family` tells the families apart.
 */
export async function productFamilies(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const keys = await db
    .selectDistinct({ brandSlug: products.brandSlug, subBrand: products.subBrand, species: products.species, productType: products.productType })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      family: sql<string>`concat_ws('|', ${products.brandSlug}, ${products.subBrand}, ${products.species}, ${products.productType})`,
      sites: products.sites,
      published: products.published,
      lifestages: products.lifestages,
      breedSizes: products.breedSizes,
      id: variants.id,
      sku: variants.sku,
      flavor: variants.flavor,
      sizeLabel: variants.sizeLabel,
      weight: variants.weight,
      weightUnit: variants.weightUnit,
      position: variants.position,
      priceCents: variants.priceCents,
      programPriceCents: variants.programPriceCents,
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(
      or(
        ...keys.map((k) =>
          and(
            eq(products.brandSlug, k.brandSlug),
            sql`${products.subBrand} is not distinct from ${k.subBrand}`,
            eq(products.species, k.species),
            eq(products.productType, k.productType),
          ),
        ),
      ),
    )
    .orderBy(asc(products.id), asc(variants.position), asc(variants.id));
  const family = new Map<
    number,
    {
      id: number;
      title: string;
      family: string;
      sites: string[];
      published: boolean;
      lifestages: string[];
      breedSizes: string[];
      variants: (typeof rows)[number][];
    }
  >();
  for (const r of rows) {
    const p = family.get(r.productId) ?? {
      id: r.productId,
      title: r.title,
      family: r.family,
      sites: r.sites,
      published: r.published,
      lifestages: r.lifestages,
      breedSizes: r.breedSizes,
      variants: [],
    };
    p.variants.push(r);
    family.set(r.productId, p);
  }
  return [...family.values()];
}
