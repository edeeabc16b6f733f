import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { isZipFormat } from "../../../rules/shared/zip";
import type { Db } from "../../db/client";
import { inventory, products, stockAdjustments, variants, warehouseZipRanges, warehouses, type StockAdjustmentReason } from "./schema";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";

export { STOCK_ADJUSTMENT_REASONS } from "./schema";

// The catalogue's stock: which warehouse serves a ZIP, and stock held for orders. Every workflow
// (place order, advance order, autoship renewals) reserves and releases through these functions, so
// there is one policy:
//
// 1. Lines of EXCLUDED_PRODUCT_TYPE (rules/catalog/product-types.ts: a donation, no warehouse stock) never hold stock — they
//    are left out here, from the catalogue's product type, whatever the caller passes.
// 2. Quantities are summed per variant and written in ascending variant id, one UPDATE each: every
//    writer takes row locks in the same order, so two never deadlock.
// 3. reserve is conditional (`on_hand - reserved >= q`): short → the first short SKU, and the
//    caller rolls its transaction back. release and ship are plain subtraction: the CHECK
//    on_hand >= reserved >= 0 turns any drift between an order and the stock it holds into an
//    error (a bug), instead of clamping it away.
// 4. The serving warehouse: the warehouse whose range holds the ZIP, fewest transit days first, then
//    by code.

export type ServingWarehouse = {
  code: string;
  name: string;
  city: string;
  state: string;
  /** The warehouse group the ZIP falls in, and its transit time in business days. */
  group: string;
  transitDays: number;
};

export type StockLine = { variantId: number; quantity: number; sku?: string };
export type ReserveResult = { ok: true } | { ok: false; sku: string; variantId: number };

/** A warehouse with the zip-range group it serves through (one row per range). */
export const SERVING_COLUMNS = {
  code: warehouses.code,
  name: warehouses.name,
  city: warehouses.city,
  state: warehouses.state,
  group: warehouseZipRanges.groupName,
  transitDays: warehouseZipRanges.transitDays,
};

/** The warehouse serving a ZIP, or null when none does (or the ZIP is malformed). */
export async function servingWarehouse(db: Db, zip: string): Promise<ServingWarehouse | null> {
  if (!isZipFormat(zip)) return null;
  const n = Number(zip);
  const [row] = await db
    .select(SERVING_COLUMNS)
    .from(warehouseZipRanges)
    .innerJoin(warehouses, eq(warehouses.code, warehouseZipRanges.warehouseCode))
    .where(and(lte(warehouseZipRanges.zipStart, n), gte(warehouseZipRanges.zipEnd, n)))
    .orderBy(asc(warehouseZipRanges.transitDays), asc(warehouses.code))
    .limit(1);
  return row ?? null;
}

/** Policy 1 and 2: the lines that hold stock, summed per variant, in ascending variant id. */
async function heldLines(tx: Db, lines: readonly StockLine[]): Promise<{ variantId: number; quantity: number; sku: string }[]> {
  const ids = [...new Set(lines.map((l) => l.variantId))];
  if (ids.length === 0) return [];
  const exempt = new Set(
    (
      await tx
        .select({ id: variants.id })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(inArray(variants.id, ids), eq(products.productType, EXCLUDED_PRODUCT_TYPE)))
    ).map((r) => r.id),
  );
  const byVariant = new Map<number, { quantity: number; sku: string }>();
  for (const l of lines) {
    if (exempt.has(l.variantId) || l.quantity <= 0) continue;
    const prev = byVariant.get(l.variantId);
    byVariant.set(l.variantId, { quantity: (prev?.quantity ?? 0) + l.quantity, sku: prev?.sku ?? l.sku ?? String(l.variantId) });
  }
  return [...byVariant].sort((a, b) => a[0] - b[0]).map(([variantId, v]) => ({ variantId, ...v }));
}

/** Reserves every line in the warehouse, or reports the first that is short (the caller rolls back). */
export async function reserveStock(tx: Db, warehouseCode: string, lines: readonly StockLine[]): Promise<ReserveResult> {
  for (const { variantId, quantity, sku } of await heldLines(tx, lines)) {
    const updated = await tx
      .update(inventory)
      .set({ reserved: sql`${inventory.reserved} + ${quantity}` })
      .where(
        and(eq(inventory.warehouseCode, warehouseCode), eq(inventory.variantId, variantId), sql`${inventory.onHand} - ${inventory.reserved} >= ${quantity}`),
      )
      .returning({ variantId: inventory.variantId });
    if (updated.length === 0) return { ok: false, sku, variantId };
  }
  return { ok: true };
}

/** Gives a reservation back (a declined payment, a cancel or refund before fulfilment). */
export async function releaseStock(tx: Db, warehouseCode: string, lines: readonly StockLine[]): Promise<void> {
  for (const { variantId, quantity } of await heldLines(tx, lines))
    await tx
      .update(inventory)
      .set({ reserved: sql`${inventory.reserved} - ${quantity}` })
      .where(and(eq(inventory.warehouseCode, warehouseCode), eq(inventory.variantId, variantId)));
}

/** The reserved goods leave the warehouse (fulfilment): on hand and reserved both go down. */
export async function shipStock(tx: Db, warehouseCode: string, lines: readonly StockLine[]): Promise<void> {
  for (const { variantId, quantity } of await heldLines(tx, lines))
    await tx
      .update(inventory)
      .set({ onHand: sql`${inventory.onHand} - ${quantity}`, reserved: sql`${inventory.reserved} - ${quantity}` })
      .where(and(eq(inventory.warehouseCode, warehouseCode), eq(inventory.variantId, variantId)));
}

/** Returned goods back on the shelf (a refund with restocking): on hand goes up, nothing was reserved. */
export async function restockStock(tx: Db, warehouseCode: string, lines: readonly StockLine[]): Promise<void> {
  for (const { variantId, quantity } of await heldLines(tx, lines))
    await tx
      .update(inventory)
      .set({ onHand: sql`${inventory.onHand} + ${quantity}` })
      .where(and(eq(inventory.warehouseCode, warehouseCode), eq(inventory.variantId, variantId)));
}

export type StockAdjustmentInput = {
  warehouseCode: string;
  variantId: number;
  /** Signed: received goods are positive, damaged or lost ones negative. */
  delta: number;
  reason: StockAdjustmentReason;
  note: string;
  operatorEmail: string;
};
export type StockAdjustmentResult =
  | { ok: true; sku: string; before: { onHand: number; reserved: number }; after: { onHand: number; reserved: number } }
  | { ok: false; code: "NOT_FOUND"; message: string }
  | { ok: false; code: "BELOW_RESERVED"; message: string; onHand: number; reserved: number };

/**
 * A stock change made by hand (the console): under the inventory row's lock, so an order reserving
 * at the same moment and another adjustment are serialised with it; refused when on hand would drop
 * below what orders hold (reserved) or below 0; recorded in stock_adjustments with before and after.
 * A warehouse that never held the variant gets its row (0 / 0) first. Runs in the caller's `tx`.
 */
export async function adjustStock(tx: Db, input: StockAdjustmentInput): Promise<StockAdjustmentResult> {
  const [variant] = await tx.select({ id: variants.id, sku: variants.sku }).from(variants).where(eq(variants.id, input.variantId));
  const [warehouse] = await tx.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.code, input.warehouseCode));
  if (!variant || !warehouse) return { ok: false, code: "NOT_FOUND", message: "No such variant or warehouse." };
  await tx.insert(inventory).values({ warehouseCode: warehouse.code, variantId: variant.id, onHand: 0, reserved: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ onHand: inventory.onHand, reserved: inventory.reserved })
    .from(inventory)
    .where(and(eq(inventory.warehouseCode, warehouse.code), eq(inventory.variantId, variant.id)))
    .for("update");
  const onHand = row.onHand + input.delta;
  if (onHand < row.reserved || onHand < 0) {
    return {
      ok: false,
      code: "BELOW_RESERVED",
      message: `On hand would be ${onHand}, below the ${row.reserved} reserved for orders.`,
      onHand: row.onHand,
      reserved: row.reserved,
    };
  }
  await tx
    .update(inventory)
    .set({ onHand })
    .where(and(eq(inventory.warehouseCode, warehouse.code), eq(inventory.variantId, variant.id)));
  await tx.insert(stockAdjustments).values({
    warehouseCode: warehouse.code,
    variantId: variant.id,
    sku: variant.sku,
    delta: input.delta,
    reason: input.reason,
    note: input.note,
    onHandBefore: row.onHand,
    onHandAfter: onHand,
    reserved: row.reserved,
    operatorEmail: input.operatorEmail,
  });
  return { ok: true, sku: variant.sku, before: { onHand: row.onHand, reserved: row.reserved }, after: { onHand, reserved: row.reserved } };
}

/** The latest hand-made stock changes of a product's variants, newest first (one query). */
export async function stockAdjustmentsOfProduct(db: Db, productId: number, limit = 50) {
  return db
    .select({
      id: stockAdjustments.id,
      at: stockAdjustments.at,
      operatorEmail: stockAdjustments.operatorEmail,
      warehouseCode: stockAdjustments.warehouseCode,
      sku: stockAdjustments.sku,
      delta: stockAdjustments.delta,
      reason: stockAdjustments.reason,
      note: stockAdjustments.note,
      onHandBefore: stockAdjustments.onHandBefore,
      onHandAfter: stockAdjustments.onHandAfter,
    })
    .from(stockAdjustments)
    .innerJoin(variants, eq(variants.id, stockAdjustments.variantId))
    .where(eq(variants.productId, productId))
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(limit);
}
