import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inventory, stockAdjustments, warehouseZipRanges, warehouses } from "../modules/catalog/schema";

// Stock levels a test needs exactly (a variant out of stock, one left, plenty): the shop changes
// stock only by reserving and releasing it for orders, so tests set the level on the row.

type Level = { warehouseCode: string; variantId: number; onHand: number; reserved: number };

/** The variant's stock in the warehouse set to these figures, made if it had none. */
export async function setStock(db: Db, level: Level): Promise<void> {
  await db
    .insert(inventory)
    .values(level)
    .onConflictDoUpdate({ target: [inventory.warehouseCode, inventory.variantId], set: { onHand: level.onHand, reserved: level.reserved } });
}

/** `free` units to sell in the warehouse beyond whatever is reserved there. */
export async function freeStock(db: Db, warehouseCode: string, variantId: number, free: number): Promise<void> {
  await db
    .insert(inventory)
    .values({ warehouseCode, variantId, onHand: free, reserved: 0 })
    .onConflictDoUpdate({ target: [inventory.warehouseCode, inventory.variantId], set: { onHand: sql`${inventory.reserved} + ${free}` } });
}

/** The variant's stock set to these figures in every warehouse that holds it. */
export async function setStockEverywhere(db: Db, variantId: number, level: { onHand: number; reserved: number }): Promise<void> {
  await db.update(inventory).set(level).where(eq(inventory.variantId, variantId));
}

export async function stockOf(db: Db, warehouseCode: string, variantId: number) {
  const [row] = await db
    .select()
    .from(inventory)
    .where(and(eq(inventory.warehouseCode, warehouseCode), eq(inventory.variantId, variantId)));
  return row;
}

/** Every variant some warehouse holds, by id. */
export async function stockedVariantIds(db: Db): Promise<number[]> {
  return (await db.selectDistinct({ id: inventory.variantId }).from(inventory).orderBy(inventory.variantId)).map((r) => r.id);
}

/** The warehouse also serves the ZIP codes from `zipStart` to `zipEnd` (as numbers), `transitDays` away. */
export async function serveZips(db: Db, warehouseCode: string, range: { zipStart: number; zipEnd: number; transitDays: number }): Promise<void> {
  await db.insert(warehouseZipRanges).values({ warehouseCode, groupName: "test", ...range });
}

/** The warehouse first by code. */
export async function firstWarehouseCode(db: Db): Promise<string> {
  const [w] = await db.select({ code: warehouses.code }).from(warehouses).orderBy(asc(warehouses.code)).limit(1);
  return w.code;
}

/** The recorded adjustments of the variant's stock in the warehouse. */
export const stockAdjustmentsOf = (db: Db, warehouseCode: string, variantId: number) =>
  db
    .select()
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.variantId, variantId), eq(stockAdjustments.warehouseCode, warehouseCode)));
