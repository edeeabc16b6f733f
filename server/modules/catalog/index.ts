// The catalog module's one door: everything outside server/modules/catalog/ imports from here.
export type { CartVariant } from "./cart-variants";
export { consoleProduct, consoleProductList, lockProduct, lockVariant, writeProduct, writeVariantMerchandising, writeVariantPrice } from "./console";
export type { ProductListQuery } from "./console";
export { RANGE_FIELDS, VALUE_FIELDS } from "./filter-sql";
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
} from "./inventory";
export type { ServingWarehouse } from "./inventory";
export { MAX_HANDLES, MAX_LIMIT, listProducts } from "./listing";
export { createPackshotIndex } from "./packshot-index";
export { seedCatalog } from "./seed";
export { PACK_TYPES, SEED_BRANDS, brandBySlug, buildSeedCatalog, flavorBySlug, hashString } from "./seed-data";
export type { SeedBrand, SeedProduct, SeedVariant } from "./seed-data";
export { createCatalogService, variantsOfProducts } from "./service";
export type { CatalogService } from "./service";
export { warehouseForZip } from "./stock";
export { LISTING_SORTS } from "./types";
export type {
  DealSkus,
  Filter,
  FilterDefinition,
  Image,
  ListingQuery,
  ListingResult,
  Money,
  PackType,
  Product,
  SelectedOption,
  Species,
  Variant,
} from "./types";
export { skusOfSpecies } from "./segment-reads";
