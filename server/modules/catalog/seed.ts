import type { Db } from "../../db/client";
import { filterDefinitions, filterOptions } from "./filters-schema";
import { buildFilterCatalog } from "./filters-seed-data";
import { brands, dealSkus, inventory, products, variants, warehouseZipRanges, warehouses } from "./schema";
import { buildSeedCatalog } from "./seed-data";

// Multi-row inserts in chunks: a few dozen statements in all, so a fresh PGlite seeds in well under a second.
// Chunks stay far below PostgreSQL's 65,535 bind-parameter limit.
const VARIANT_CHUNK = 250;
const INVENTORY_CHUNK = 1000;

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Loads the seed catalogue into empty catalogue tables. Callers run it inside a transaction (server/db/seed.ts). */
export async function seedCatalog(db: Db): Promise<{ products: number; variants: number; filterOptions: number }> {
  const catalog = buildSeedCatalog();

  await db.insert(brands).values(catalog.brands.map(({ slug, name, kind, color, description }) => ({ slug, name, kind, color, description })));

  const productIds = await db
    .insert(products)
    .values(catalog.products.map(({ variants: _variants, ...product }) => product))
    .returning({ id: products.id, handle: products.handle });
  const productIdByHandle = new Map(productIds.map((p) => [p.handle, p.id]));

  const variantRows = catalog.products.flatMap((p) => p.variants.map((v) => ({ ...v, productId: productIdByHandle.get(p.handle)! })));
  const variantIdBySku = new Map<string, number>();
  for (const chunk of chunks(variantRows, VARIANT_CHUNK)) {
    const ids = await db.insert(variants).values(chunk).returning({ id: variants.id, sku: variants.sku });
    for (const { id, sku } of ids) variantIdBySku.set(sku, id);
  }

  await db.insert(dealSkus).values(catalog.dealSkus);
  await db.insert(warehouses).values([...catalog.warehouses]);
  await db.insert(warehouseZipRanges).values([...catalog.zipRanges]);

  const stockRows = catalog.inventory.map(({ sku, warehouseCode, onHand }) => ({
    warehouseCode,
    variantId: variantIdBySku.get(sku)!,
    onHand,
  }));
  for (const chunk of chunks(stockRows, INVENTORY_CHUNK)) await db.insert(inventory).values(chunk);

  // The filter catalogue (SPEC §3), derived from the products above.
  const definitions = buildFilterCatalog(catalog);
  const definitionIds = await db
    .insert(filterDefinitions)
    .values(definitions.map(({ options: _options, ...definition }) => definition))
    .returning({ id: filterDefinitions.id, slug: filterDefinitions.slug });
  const definitionIdBySlug = new Map(definitionIds.map((d) => [d.slug, d.id]));
  await db.insert(filterOptions).values(definitions.flatMap((d) => d.options.map((o) => ({ ...o, definitionId: definitionIdBySlug.get(d.slug)! }))));

  return { products: productIds.length, variants: variantRows.length, filterOptions: definitions.reduce((n, d) => n + d.options.length, 0) };
}
