import { count, eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { brands, products, variants } from "./schema";

export function createCatalogService(db: Db, _config: Config) {
  return {
    async counts() {
      const [[p], [v]] = await Promise.all([
        db.select({ n: count() }).from(products),
        db.select({ n: count() }).from(variants),
      ]);
      return { products: p.n, variants: v.n };
    },

    /** The product's name and brand, or null when no product has this handle. */
    async productSummary(handle: string) {
      const [row] = await db
        .select({ handle: products.handle, title: products.title, brand: brands.name, description: products.description })
        .from(products)
        .innerJoin(brands, eq(brands.slug, products.brandSlug))
        .where(eq(products.handle, handle))
        .limit(1);
      return row ?? null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
