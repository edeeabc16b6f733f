import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveryDayText, estimateDeliveryDay } from "../../../rules/checkout/delivery-estimate";
import type { Destination } from "../../../rules/shared/shopper-location";
import { checkZip, formatZipRange, unservedMessage, type ZipRange } from "../../../rules/shared/zip";
import { SERVING_COLUMNS, servingWarehouse, type ServingWarehouse } from "./inventory";
import { inventory, products, variants, warehouseZipRanges, warehouses } from "./schema";
import { dayOf } from "../../../rules/shared/calendar-days";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";

// Stock and delivery by ZIP (SPEC §3 stock object, §5 stock check, §7 stock calls).
// Every served ZIP belongs to exactly one warehouse group (seed-data.ts); a group is a transit band.

// The serving warehouse has one home: inventory.ts (the excluded product type: rules/catalog/product-types.ts).

export const warehouseForZip = servingWarehouse;

/** SPEC §3 stock object: one entry per warehouse, its served ranges overall and by transit group. */
export type StockObjectEntry = {
  warehouse: string;
  name: string;
  city: string;
  state: string;
  destination: Destination;
  all_zips: string[];
  groups: { name: string; transit_days: number; zips: string[] }[];
};
export type StockObject = StockObjectEntry[];

export type SkuStock = { inStock: boolean; available: number; warehouse: string | null };
export type ProductsStock = { warehouse: string | null; skus: Record<string, SkuStock> };

export type ZipResult = { ok: true; zip: string; warehouse: ServingWarehouse | null } | { ok: false; code: "format" | "unserved"; message: string };

export type DeliveryEstimate = {
  zip: string;
  /** ISO day, e.g. "2025-03-04". */
  date: string;
  /** "Tue, Mar 4" */
  dateText: string;
  transitDays: number;
  warehouse: ServingWarehouse;
};

/** Every served range as integer bounds, for the browser's copy of the ZIP check. */
export async function servedZipRanges(db: Db): Promise<ZipRange[]> {
  const rows = await db
    .select({ start: warehouseZipRanges.zipStart, end: warehouseZipRanges.zipEnd })
    .from(warehouseZipRanges)
    .orderBy(asc(warehouseZipRanges.zipStart));
  return rows.map((r) => [r.start, r.end] as const);
}

/**
 * The SPEC §5 ZIP check against the served ranges in the database. With the bypass flag any
 * well-formed ZIP passes; its warehouse is then null when none serves it.
 */
export async function checkServedZip(db: Db, input: string, bypass: boolean): Promise<ZipResult> {
  const format = checkZip(input, [], { bypass: true });
  if (!format.ok) return format;
  const warehouse = await warehouseForZip(db, format.zip);
  if (!warehouse && !bypass) return { ok: false, code: "unserved", message: unservedMessage(format.zip) };
  return { ok: true, zip: format.zip, warehouse };
}

/**
 * SPEC §3 stock object for a destination. Home and clinic deliveries leave from the same warehouses,
 * so the ranges are the same; the destination is echoed in each entry.
 */
export async function stockObject(db: Db, destination: Destination): Promise<StockObject> {
  const rows = await db
    .select({
      ...SERVING_COLUMNS,
      start: warehouseZipRanges.zipStart,
      end: warehouseZipRanges.zipEnd,
    })
    .from(warehouseZipRanges)
    .innerJoin(warehouses, eq(warehouses.code, warehouseZipRanges.warehouseCode))
    .orderBy(asc(warehouses.code), asc(warehouseZipRanges.transitDays), asc(warehouseZipRanges.groupName), asc(warehouseZipRanges.zipStart));

  const entries = new Map<string, StockObjectEntry>();
  for (const r of rows) {
    let entry = entries.get(r.code);
    if (!entry) {
      entry = { warehouse: r.code, name: r.name, city: r.city, state: r.state, destination, all_zips: [], groups: [] };
      entries.set(r.code, entry);
    }
    const range = formatZipRange([r.start, r.end]);
    entry.all_zips.push(range);
    let group = entry.groups.find((g) => g.name === r.group);
    if (!group) {
      group = { name: r.group, transit_days: r.transitDays, zips: [] };
      entry.groups.push(group);
    }
    group.zips.push(range);
  }
  for (const entry of entries.values()) entry.all_zips.sort();
  return [...entries.values()];
}

/**
 * SPEC §5 stock check: availability of each SKU at the warehouse serving the ZIP. Only lines with a
 * SKU and not of EXCLUDED_PRODUCT_TYPE are checked; unknown SKUs are answered as out of stock.
 * `warehouseCode` null (a bypassed, unserved ZIP) checks every warehouse together.
 */
export async function productsStock(db: Db, skus: readonly string[], warehouseCode: string | null): Promise<ProductsStock> {
  const wanted = [...new Set(skus.map((s) => s.trim()).filter(Boolean))];
  const result: ProductsStock = { warehouse: warehouseCode, skus: {} };
  if (wanted.length === 0) return result;

  const stockJoin = warehouseCode
    ? and(eq(inventory.variantId, variants.id), eq(inventory.warehouseCode, warehouseCode))
    : eq(inventory.variantId, variants.id);
  const rows = await db
    .select({
      sku: variants.sku,
      productType: products.productType,
      available: sql<number>`coalesce(sum(${inventory.onHand} - ${inventory.reserved}), 0)::int`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(inventory, stockJoin)
    .where(inArray(variants.sku, wanted))
    .groupBy(variants.sku, products.productType);

  const bySku = new Map(rows.map((r) => [r.sku, r]));
  for (const sku of wanted) {
    const row = bySku.get(sku);
    if (row?.productType === EXCLUDED_PRODUCT_TYPE) continue;
    const available = Math.max(0, Number(row?.available ?? 0));
    result.skus[sku] = { inStock: available > 0, available, warehouse: warehouseCode };
  }
  return result;
}

/**
 * The stock call of SPEC §7 get-products-stock: the ZIP is checked (SPEC §5), then each SKU's stock at
 * the warehouse serving it. The destination (HOME or CLINIC) does not change the warehouse today.
 */
export async function productsStockForZip(
  db: Db,
  input: { skus: readonly string[]; zipCode: string; destination: Destination },
  bypass: boolean,
): Promise<{ ok: true; data: ProductsStock } | Extract<ZipResult, { ok: false }>> {
  const zip = await checkServedZip(db, input.zipCode, bypass);
  if (!zip.ok) return zip;
  return { ok: true, data: await productsStock(db, input.skus, zip.warehouse?.code ?? null) };
}

/**
 * A real delivery estimate for a ZIP (rules/checkout/delivery-estimate.ts): the serving warehouse group's transit days
 * in business days after the ship day. Null when no warehouse serves the ZIP.
 */
export async function estimatedDeliveryDate(db: Db, zip: string, now: Date): Promise<DeliveryEstimate | null> {
  const warehouse = await warehouseForZip(db, zip);
  if (!warehouse) return null;
  const day = estimateDeliveryDay(now, warehouse.transitDays);
  return { zip, date: dayOf(day), dateText: deliveryDayText(day), transitDays: warehouse.transitDays, warehouse };
}
