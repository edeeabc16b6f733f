import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { SiteId } from "../../../rules/shared/site";
import { inStockAt, productColumns, variantColumns } from "./catalog-columns";
import { toProduct, variantImage, type ProductRow, type VariantRow } from "./mapping";
import { brands, dealSkus, products, variants } from "./schema";
import type { Product } from "./types";

// Product detail (SPEC §2 product page, §3 Product and Variant): one product with every variant,
// stock at the shopper's warehouse, the staff program price and the deal flag. Rows are shaped by
// mapping.ts, as the listing's are, so a product reads the same on a card and on its page. Two
// queries whatever the number of variants.

export type ProductDetail = Product & {
  /** SKUs of this product in the deal list (SPEC §7 get-skus-with-deal) → the deal's label. */
  deals: Record<string, string>;
};

/**
 * The product with this handle as sold on `site`, or null when there is none (or it is unpublished: 404). Each variant's inStock
 * is its stock at `warehouseCode`, or anywhere when null.
 */
export async function getProductDetail(db: Db, handle: string, site: SiteId, warehouseCode: string | null): Promise<ProductDetail | null> {
  const [p] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.slug, products.brandSlug))
    .where(and(eq(products.handle, handle.toLowerCase()), sql`${products.sites} @> array[${site}]::text[]`, eq(products.published, true)))
    .limit(1);
  if (!p) return null;

  const rows = await db
    .select({
      ...variantColumns,
      dealLabel: dealSkus.label,
      inStock: inStockAt(warehouseCode),
    })
    .from(variants)
    .leftJoin(dealSkus, eq(dealSkus.sku, variants.sku))
    .where(eq(variants.productId, p.id))
    .orderBy(asc(variants.position), asc(variants.id));
  if (rows.length === 0) return null;

  const variantRows: VariantRow[] = rows.map(({ dealLabel: _deal, ...v }) => ({ ...v, inStock: Boolean(v.inStock) }));
  const product = toProduct(p as ProductRow, variantRows, site);

  // The page's gallery: each variant's own packshot first, then one of each other flavour of the product.
  const byFlavor = new Map<string, VariantRow>();
  for (const v of variantRows) if (!byFlavor.has(v.imageKey)) byFlavor.set(v.imageKey, v);
  for (const [i, variant] of product.variants.entries()) {
    const own = variantRows[i].imageKey;
    const others = [...byFlavor.values()].filter((o) => o.imageKey !== own).map((o) => variantImage(o.imageKey, `${p.title}, ${o.flavor}`));
    variant.variantMediaList = [variant.imagePrimary, ...others];
  }

  const deals: Record<string, string> = {};
  for (const r of rows) if (r.dealLabel) deals[r.sku] = r.dealLabel;
  return { ...product, deals };
}
