import { sql } from "drizzle-orm";
import { bigserial, boolean, check, customType, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

// Catalogue tables (SPEC §3 Product, Variant, Stock object). Money is integer cents (ARCHITECTURE §5).

export type Species = "dog" | "cat";
export type BrandKind = "house" | "prescription" | "treats" | "partner";
/** Food forms as SPEC §2's pre-selection rule groups them: dry vs canned/tray/pouch; treats apart. */
export type FoodForm = "dry" | "canned" | "tray" | "pouch" | "treat";
export type PackType = "bag" | "can" | "tray" | "pouch";
export type WeightUnit = "lbs" | "oz";

/** PostgreSQL's full-text document type; read and written only in SQL (server/modules/catalog/search.ts). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

export const brands = pgTable("brands", {
  slug: text().primaryKey(),
  name: text().notNull(),
  kind: text().$type<BrandKind>().notNull(),
  /** Hex colour used by the generated packshots. */
  color: text().notNull(),
  description: text().notNull().default(""),
});

export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    handle: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull(),
    brandSlug: text()
      .notNull()
      .references(() => brands.slug),
    subBrand: text(),
    species: text().$type<Species>().notNull(),
    /** "Dry Food", "Wet Food", "Treats" — SPEC §3 productType. */
    productType: text().notNull(),
    /** SPEC §3 lifestage values: puppy, adult-dog, senior-dog, kitten, adult-cat, senior-cat. */
    lifestages: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    breedSizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    healthConditions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sites the product is sold on: d2c, hpsf. */
    sites: text()
      .array()
      .notNull()
      .default(sql`'{d2c,hpsf}'::text[]`),
    /**
     * An unpublished product is not sold: left out of the listing, search, sitemap and deals, its page
     * answers 404 and it cannot be added to a cart (subscriptions to it keep renewing). Set in the console.
     */
    published: boolean().notNull().default(true),
    /** Lower is shown first under the "featured" sort. */
    featuredRank: integer().notNull().default(1000),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Derived columns, kept up to date by triggers on products, variants and brands
    // (drizzle/0003_search_documents.sql): never written by application code.
    /** Lower-case title, brand, sub-brand, flavours and SKUs: the trigram (typo-tolerant) search text. */
    searchText: text().notNull().default(""),
    /** Weighted full-text document: title and brand (A), sub-brand, flavours, type (B), description (C), SKUs (D). */
    searchDocument: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    /** Cheapest variant's shelf price and program price: the price sorts of the listing. */
    minPriceCents: integer(),
    minProgramPriceCents: integer(),
    // The variants' values the listing's facet counts test (server/modules/catalog/filter-sql.ts,
    // "stored" mode), kept exact by the same triggers on every write to variants
    // (drizzle migration listing_variant_aggregates): one row read per product instead of its variants.
    /** Distinct food forms, pack types and weight units of the variants. */
    variantFoodForms: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    variantPackTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    variantWeightUnits: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Every variant's flavour label in lower case, joined by U+001F (never part of a label). */
    variantFlavors: text().notNull().default(""),
    /** Every variant's weight in pounds, shelf price, and program price (the shelf price when it has none). */
    variantWeightsLb: doublePrecision()
      .array()
      .notNull()
      .default(sql`'{}'::float8[]`),
    variantPrices: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    variantProgramPrices: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
  },
  (t) => [
    index("products_brand_idx").on(t.brandSlug, t.subBrand),
    index("products_sub_brand_idx").on(t.subBrand),
    index("products_species_type_idx").on(t.species, t.productType),
    index("products_lifestages_idx").using("gin", t.lifestages),
    index("products_breed_sizes_idx").using("gin", t.breedSizes),
    index("products_health_idx").using("gin", t.healthConditions),
    index("products_sites_idx").using("gin", t.sites),
    index("products_search_document_idx").using("gin", t.searchDocument),
    // One index per listing sort (server/modules/catalog/listing.ts), id as the stable tie-breaker.
    index("products_featured_idx").on(t.featuredRank, t.id),
    index("products_min_price_idx").on(t.minPriceCents, t.id),
    index("products_min_program_price_idx").on(t.minProgramPriceCents, t.id),
    index("products_title_idx").on(t.title, t.id),
    index("products_newest_idx").on(t.createdAt.desc(), t.id),
    // price-desc orders "desc nulls last, id": a backward scan of the ascending index gives nulls first and id descending.
    index("products_min_price_desc_idx").on(t.minPriceCents.desc().nullsLast(), t.id),
    index("products_min_program_price_desc_idx").on(t.minProgramPriceCents.desc().nullsLast(), t.id),
    // The stored variant values a listing filters by, for filters that pick few products
    // (server/modules/catalog/filter-sql.ts "stored"); the flavour filter is a substring match.
    index("products_variant_food_forms_idx").using("gin", t.variantFoodForms),
    index("products_variant_pack_types_idx").using("gin", t.variantPackTypes),
    index("products_variant_flavors_trgm_idx").using("gin", t.variantFlavors.op("gin_trgm_ops")),
  ],
);

export const variants = pgTable(
  "variants",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text().notNull().unique(),
    position: integer().notNull(),
    flavor: text().notNull(),
    sizeLabel: text().notNull(),
    weight: doublePrecision().notNull(),
    weightUnit: text().$type<WeightUnit>().notNull(),
    foodForm: text().$type<FoodForm>().notNull(),
    packType: text().$type<PackType>().notNull(),
    priceCents: integer().notNull(),
    compareAtCents: integer(),
    /** Staff-feeding program price (SPEC §6 "program pricing"). */
    programPriceCents: integer(),
    /** SPEC §3 badge tags, e.g. badge::best-seller. */
    badgeTags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Key of the generated packshot served by /_img/packshots/{imageKey}.webp */
    imageKey: text().notNull(),
  },
  (t) => [
    index("variants_product_idx").on(t.productId, t.position),
    index("variants_price_idx").on(t.priceCents),
    index("variants_food_form_idx").on(t.foodForm),
    index("variants_pack_type_idx").on(t.packType),
    index("variants_weight_unit_idx").on(t.weightUnit),
    /** Weight in pounds, the unit of the weight range filters (server/modules/catalog/filter-sql.ts). */
    index("variants_weight_lb_idx").on(sql`(case when ${t.weightUnit} = 'oz' then ${t.weight} / 16 else ${t.weight} end)`),
    check("variants_price_positive", sql`${t.priceCents} > 0`),
  ],
);

/** SKUs shown with the deal badge (SPEC §7 get-skus-with-deal). */
export const dealSkus = pgTable("deal_skus", {
  sku: text()
    .primaryKey()
    .references(() => variants.sku, { onDelete: "cascade" }),
  label: text().notNull(),
});

export const warehouses = pgTable("warehouses", {
  code: text().primaryKey(),
  name: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
});

/**
 * Zip ranges a warehouse serves (SPEC §3 stock object: entries → groups → "start-end" ranges).
 * A group is a transit band: every zip in it is delivered in `transitDays` business days.
 */
export const warehouseZipRanges = pgTable(
  "warehouse_zip_ranges",
  {
    id: serial().primaryKey(),
    warehouseCode: text()
      .notNull()
      .references(() => warehouses.code, { onDelete: "cascade" }),
    groupName: text().notNull(),
    transitDays: integer().notNull(),
    zipStart: integer().notNull(),
    zipEnd: integer().notNull(),
  },
  (t) => [index("warehouse_zip_ranges_lookup_idx").on(t.zipStart, t.zipEnd), check("warehouse_zip_ranges_order", sql`${t.zipStart} <= ${t.zipEnd}`)],
);

export const inventory = pgTable(
  "inventory",
  {
    warehouseCode: text()
      .notNull()
      .references(() => warehouses.code, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    onHand: integer().notNull(),
    reserved: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseCode, t.variantId] }),
    index("inventory_variant_idx").on(t.variantId),
    check("inventory_non_negative", sql`${t.reserved} >= 0 and ${t.onHand} >= ${t.reserved}`),
  ],
);

/** Why an operator changed stock by hand (the console's adjustment form offers these). */
export const STOCK_ADJUSTMENT_REASONS = ["received", "count", "damaged", "returned", "lost", "other"] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

/**
 * Every stock change made by hand in the console, append-only: who, when, where, how much and why,
 * with on hand before and after (written in the transaction that changes the inventory row).
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    warehouseCode: text()
      .notNull()
      .references(() => warehouses.code, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    sku: text().notNull(),
    delta: integer().notNull(),
    reason: text().$type<StockAdjustmentReason>().notNull(),
    note: text().notNull().default(""),
    onHandBefore: integer().notNull(),
    onHandAfter: integer().notNull(),
    reserved: integer().notNull(),
    operatorEmail: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_adjustments_variant_idx").on(t.variantId, t.at), check("stock_adjustments_delta_nonzero", sql`${t.delta} <> 0`)],
);
