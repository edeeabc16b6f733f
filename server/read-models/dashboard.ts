import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import { dayOf } from "../../rules/shared/calendar-days";
import { EXCLUDED_PRODUCT_TYPE } from "../../rules/catalog/product-types";
import { LOW_STOCK_UNITS } from "../../rules/catalog/stock-levels";
import { inventory, products, variants, warehouses } from "../modules/catalog/schema";
import type { RenewalStore } from "../modules/autoship";
import type { ClinicsService } from "../modules/clinics";
import type { OrdersService } from "../modules/orders";
import type { ReadDb } from "./read-db";

export type DashboardPorts = {
  orders: Pick<OrdersService, "salesSince">;
  renewals: Pick<RenewalStore, "dashboardCounts">;
  clinics: Pick<ClinicsService, "pendingMemberships">;
};

/**
 * Published, stock-keeping variants with few units free to sell (on hand less reserved) in a
 * warehouse: the fewest first, `limit` of them, and how many there are in all — one query.
 */
export async function lowStock(db: ReadDb, limit = 8) {
  const available = sql<number>`${inventory.onHand} - ${inventory.reserved}`;
  const rows = await db
    .select({
      productId: products.id,
      productTitle: products.title,
      sku: variants.sku,
      warehouse: warehouses.name,
      available: available.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(inventory)
    .innerJoin(variants, eq(variants.id, inventory.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(warehouses, eq(warehouses.code, inventory.warehouseCode))
    .where(and(lte(available, LOW_STOCK_UNITS), eq(products.published, true), ne(products.productType, EXCLUDED_PRODUCT_TYPE)))
    .orderBy(asc(available), asc(variants.sku), asc(warehouses.name))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...r }) => r) };
}

/** The console's dashboard figures: each module's own count, read side by side (UTC day and month). */
export function createDashboardReads(db: ReadDb, ports: DashboardPorts) {
  return async function dashboard(now: Date) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [sales, renewals, pending, low] = await Promise.all([
      ports.orders.salesSince(day, month),
      ports.renewals.dashboardCounts(dayOf(now)),
      ports.clinics.pendingMemberships(),
      lowStock(db),
    ]);
    return { sales, renewals, pendingMemberships: pending.length, lowStock: low };
  };
}
