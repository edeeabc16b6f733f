import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { brands, dealSkus, inventory, products, variants, warehouses } from "./schema";
import { containsPattern } from "../../db/like";

// The operator console's view of the catalogue: the product table (searched, filtered, sorted and
// paged in one query), one product with its variants and stock in every warehouse, and the writes
// the console's catalogue workflow makes. Writes take a transaction (`tx`) from the caller, which
// locks the row first and audits in the same transaction (server/workflows/console-catalog.ts).

export const PRODUCT_SORTS = ["title", "variants", "price", "published", "available"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export type ProductListQuery = {
  q: string;
  site: SiteId | null;
  published: boolean | null;
  species: "dog" | "cat" | null;
  sort: ProductSort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
};

export type ProductListRow = {
  id: number;
  handle: string;
  title: string;
  brand: string;
  species: string;
  sites: string[];
  published: boolean;
  variantCount: number;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  available: number;
};

/** The console's product table: one query for the page and its total (count(*) over ()). */
export async function consoleProductList(db: Db, query: ProductListQuery): Promise<{ rows: ProductListRow[]; total: number }> {
  const where: SQL[] = [];
  const q = query.q.trim();
  if (q) {
    const like = containsPattern(q);
    where.push(
      sql`(${products.title} ilike ${like} or ${products.handle} ilike ${like} or exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.sku} ilike ${like}))`,
    );
  }
  if (query.site) where.push(sql`${products.sites} @> array[${query.site}]::text[]`);
  if (query.published !== null) where.push(eq(products.published, query.published));
  if (query.species) where.push(eq(products.species, query.species));

  // Per-product aggregates in LATERAL subqueries: still one statement for the whole page.
  const agg = sql`(select count(*)::int as variant_count, min(${variants.priceCents})::int as min_price, max(${variants.priceCents})::int as max_price
      from ${variants} where ${variants.productId} = ${products.id})`;
  const stock = sql`(select coalesce(sum(${inventory.onHand} - ${inventory.reserved}), 0)::int as available
      from ${inventory} join ${variants} v2 on v2.id = ${inventory.variantId} where v2.product_id = ${products.id})`;
  const dir = query.dir === "desc" ? sql`desc` : sql`asc`;
  const sortColumn: Record<ProductSort, SQL> = {
    title: sql`${products.title}`,
    variants: sql`va.variant_count`,
    price: sql`va.min_price`,
    published: sql`${products.published}`,
    available: sql`st.available`,
  };
  const result = await db.execute(sql`
    select ${products.id} as id, ${products.handle} as handle, ${products.title} as title, ${brands.name} as brand,
           ${products.species} as species, ${products.sites} as sites, ${products.published} as published,
           va.variant_count, va.min_price, va.max_price, st.available, count(*) over ()::int as total
    from ${products}
    join ${brands} on ${brands.slug} = ${products.brandSlug}
    cross join lateral ${agg} as va
    cross join lateral ${stock} as st
    ${where.length ? sql`where ${and(...where)}` : sql``}
    order by ${sortColumn[query.sort]} ${dir} nulls last, ${products.id} asc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      id: Number(r.id),
      handle: String(r.handle),
      title: String(r.title),
      brand: String(r.brand),
      species: String(r.species),
      sites: r.sites as string[],
      published: Boolean(r.published),
      variantCount: Number(r.variant_count),
      minPriceCents: r.min_price === null ? null : Number(r.min_price),
      maxPriceCents: r.max_price === null ? null : Number(r.max_price),
      available: Number(r.available),
    })),
  };
}

/**
 * One product for the console: its fields, its variants with their deal label, and stock for every
 * variant in every warehouse (a warehouse with no row reads 0 / 0 and can be adjusted). Three queries.
 */
export async function consoleProduct(db: Db, productId: number) {
  const [product] = await db
    .select({
      id: products.id,
      handle: products.handle,
      title: products.title,
      description: products.description,
      brand: brands.name,
      species: products.species,
      productType: products.productType,
      sites: products.sites,
      published: products.published,
    })
    .from(products)
    .innerJoin(brands, eq(brands.slug, products.brandSlug))
    .where(eq(products.id, productId));
  if (!product) return null;
  const [variantRows, stockRows] = await Promise.all([
    db
      .select({
        id: variants.id,
        sku: variants.sku,
        flavor: variants.flavor,
        sizeLabel: variants.sizeLabel,
        priceCents: variants.priceCents,
        compareAtCents: variants.compareAtCents,
        programPriceCents: variants.programPriceCents,
        badgeTags: variants.badgeTags,
        dealLabel: dealSkus.label,
      })
      .from(variants)
      .leftJoin(dealSkus, eq(dealSkus.sku, variants.sku))
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({
        variantId: variants.id,
        sku: variants.sku,
        warehouseCode: warehouses.code,
        warehouseName: warehouses.name,
        onHand: sql<number>`coalesce(${inventory.onHand}, 0)::int`,
        reserved: sql<number>`coalesce(${inventory.reserved}, 0)::int`,
      })
      .from(variants)
      .crossJoin(warehouses)
      .leftJoin(inventory, and(eq(inventory.variantId, variants.id), eq(inventory.warehouseCode, warehouses.code)))
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.position), asc(variants.id), asc(warehouses.code)),
  ]);
  return {
    product,
    variants: variantRows,
    stock: stockRows.map((s) => ({ ...s, onHand: Number(s.onHand), reserved: Number(s.reserved), available: Number(s.onHand) - Number(s.reserved) })),
  };
}

/** The product's editable fields, locked for the rest of the transaction; null when there is none. */
export async function lockProduct(tx: Db, productId: number) {
  const [row] = await tx
    .select({ id: products.id, handle: products.handle, title: products.title, description: products.description, published: products.published })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row ?? null;
}

export async function writeProduct(tx: Db, productId: number, change: Partial<{ title: string; description: string; published: boolean }>) {
  await tx.update(products).set(change).where(eq(products.id, productId));
}

/** The variant's price fields, badges and deal label, locked for the rest of the transaction; null when there is none. */
export async function lockVariant(tx: Db, variantId: number) {
  const [row] = await tx
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      priceCents: variants.priceCents,
      compareAtCents: variants.compareAtCents,
      badgeTags: variants.badgeTags,
    })
    .from(variants)
    .where(eq(variants.id, variantId))
    .for("update");
  if (!row) return null;
  const [deal] = await tx.select({ label: dealSkus.label }).from(dealSkus).where(eq(dealSkus.sku, row.sku));
  return { ...row, dealLabel: deal?.label ?? null };
}

export async function writeVariantPrice(tx: Db, variantId: number, p: { priceCents: number; compareAtCents: number | null }) {
  await tx.update(variants).set(p).where(eq(variants.id, variantId));
}

/** Badge tags replaced, and the SKU put in (label) or taken out of (null) the deal list. */
export async function writeVariantMerchandising(tx: Db, variant: { id: number; sku: string }, p: { badgeTags: string[]; dealLabel: string | null }) {
  await tx.update(variants).set({ badgeTags: p.badgeTags }).where(eq(variants.id, variant.id));
  if (p.dealLabel === null) await tx.delete(dealSkus).where(eq(dealSkus.sku, variant.sku));
  else
    await tx
      .insert(dealSkus)
      .values({ sku: variant.sku, label: p.dealLabel })
      .onConflictDoUpdate({ target: dealSkus.sku, set: { label: p.dealLabel } });
}
