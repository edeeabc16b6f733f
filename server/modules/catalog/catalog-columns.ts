import { sql } from "drizzle-orm";
import { brands, inventory, products, variants } from "./schema";

// The product and variant columns every catalogue read selects (mapping.ts ProductRow, VariantRow),
// and the stock test that goes with them, in one place for the listing, the product page and the cart.

/** Columns of a ProductRow; the query joins brands on the product's brand slug. */
export const productColumns = {
  id: products.id,
  handle: products.handle,
  title: products.title,
  description: products.description,
  productType: products.productType,
  species: products.species,
  brandSlug: products.brandSlug,
  brandName: brands.name,
  brandKind: brands.kind,
  subBrand: products.subBrand,
  lifestages: products.lifestages,
  breedSizes: products.breedSizes,
  healthConditions: products.healthConditions,
};

export const variantColumns = {
  id: variants.id,
  productId: variants.productId,
  sku: variants.sku,
  position: variants.position,
  flavor: variants.flavor,
  sizeLabel: variants.sizeLabel,
  weight: variants.weight,
  weightUnit: variants.weightUnit,
  foodForm: variants.foodForm,
  packType: variants.packType,
  priceCents: variants.priceCents,
  compareAtCents: variants.compareAtCents,
  programPriceCents: variants.programPriceCents,
  badgeTags: variants.badgeTags,
  imageKey: variants.imageKey,
};

/** In stock (on hand minus reserved above 0) at the warehouse, or anywhere when none is given. */
export function inStockAt(warehouseCode: string | null = null) {
  const atWarehouse = warehouseCode ? sql` and ${inventory.warehouseCode} = ${warehouseCode}` : sql``;
  return sql<boolean>`exists (select 1 from ${inventory} where ${inventory.variantId} = ${variants.id} and ${inventory.onHand} - ${inventory.reserved} > 0${atWarehouse})`;
}
