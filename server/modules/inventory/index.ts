// The inventory module's one door: everything outside server/modules/inventory/ imports from here.
export {
  SERVING_COLUMNS,
  STOCK_ADJUSTMENT_REASONS,
  adjustStock,
  releaseStock,
  reserveStock,
  restockStock,
  servingWarehouse,
  shipStock,
  stockAdjustmentsOfProduct,
} from "./service";
export type { ServingWarehouse } from "./service";
