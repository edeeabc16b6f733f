import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, variants } from "./schema";
import type { Species } from "./types";

/**
 * The SKUs of every product for a species, published or not (a marketing segment's "bought for a
 * dog/cat": what was sold then counts). One query: products_species_type_idx, then variants_product_idx.
 */
export async function skusOfSpecies(db: Db, species: Species): Promise<string[]> {
  const rows = await db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.species, species));
  return rows.map((r) => r.sku);
}
