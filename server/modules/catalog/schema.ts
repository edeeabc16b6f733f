import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// Catalogue tables (SPEC §3 Product, Variant, Stock object). Money is integer cents (ARCHITECTURE §5).

export type Species = "dog" | "cat";
export type BrandKind = "house" | "prescription" | "treats" | "partner";
/** Food forms as SPEC §2's pre-selection rule groups them: dry vs canned/tray/pouch; treats apart. */
export type FoodForm = "dry" | "canned" | "tray" | "pouch" | "treat";
export type PackType = "bag" | "can" | "tray" | "pouch";
export type WeightUnit = "lbs" | "oz";

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
    lifestages: text().array().notNull().default(sql`'{}'::text[]`),
    breedSizes: text().array().notNull().default(sql`'{}'::text[]`),
    healthConditions: text().array().notNull().default(sql`'{}'::text[]`),
    /** Sites the product is sold on: d2c, hpsf. */
    sites: text().array().notNull().default(sql`'{d2c,hpsf}'::text[]`),
    /** Lower is shown first under the "featured" sort. */
    featuredRank: integer().notNull().default(1000),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_brand_idx").on(t.brandSlug),
    index("products_species_type_idx").on(t.species, t.productType),
    index("products_lifestages_idx").using("gin", t.lifestages),
    index("products_breed_sizes_idx").using("gin", t.breedSizes),
    index("products_health_idx").using("gin", t.healthConditions),
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
    badgeTags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Key of the generated packshot served by /_img/packshots/{imageKey}.webp */
    imageKey: text().notNull(),
  },
  (t) => [
    index("variants_product_idx").on(t.productId, t.position),
    index("variants_price_idx").on(t.priceCents),
    index("variants_food_form_idx").on(t.foodForm),
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
  (t) => [
    index("warehouse_zip_ranges_lookup_idx").on(t.zipStart, t.zipEnd),
    check("warehouse_zip_ranges_order", sql`${t.zipStart} <= ${t.zipEnd}`),
  ],
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
