import { and, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SiteId } from "../../../rules/shared/site";
import { products, variants } from "./schema";
import type { Filter, FilterField, PriceAudience, RangeFilter, ValueFilter } from "./types";
import { dollarsToCents } from "../../../rules/shared/money";
import { containsPattern } from "../../db/like";

// SQL for the value and range filters of SPEC §3 (what each field matches: types.ts ValueFilter and
// RangeFilter). Predicates are written against the `products` table of the enclosing query. Fields of
// the variants come in two forms:
//   "stored"  tests on the per-product arrays of the variants' values stored on `products`
//             (variant_food_forms … variant_program_prices, kept exact by triggers): what the listing
//             uses — page, total and facet counts. One cheap test per product and option, where an
//             EXISTS per product and option made the facet query a pass over every variant per
//             option, and made a sparse filter under a sort index probe every product's variants
//             (EXPLAIN ANALYZE at 100,000 variants);
//   "exists"  EXISTS subqueries on `variants`: the definition the stored arrays must agree with
//             (facet-counts.test.ts compares both after writes to the variants).
// Every value is a bound parameter.

export type VariantMode = "exists" | "stored";

export const VALUE_FIELDS = [
  "species",
  "brand",
  "sub_brand",
  "lifestage",
  "breed_size",
  "health_conditions",
  "food_form",
  "pack_type",
  "weight_unit",
  "flavor",
] as const satisfies readonly FilterField[];
export const RANGE_FIELDS = ["weight", "price"] as const satisfies readonly FilterField[];

/** SPEC §2: "wet-food maps to canned, tray or pouch forms". */
export const WET_FOOD_FORMS = ["canned", "tray", "pouch"] as const;

/** A variant's weight in pounds; the same expression as the variants_weight_lb_idx index. */
export const variantWeightLb = sql`(case when ${variants.weightUnit} = 'oz' then ${variants.weight} / 16 else ${variants.weight} end)`;

/**
 * The prices a listing compares (price filter, price sorts): program prices only for the program
 * audience on the staff site (SPEC §5, §6: an eligible member is shown and charged them); the
 * shop's prices for the shop and for staff members who pay shop prices.
 */
export function listingPrices(query: { site: SiteId; priceAudience?: PriceAudience }): PriceAudience {
  return query.site === "hpsf" && query.priceAudience === "program" ? "program" : "shop";
}

/** A variant's price as `prices` compares it (the definition the stored arrays agree with). */
function variantPriceCents(prices: PriceAudience): SQL {
  return prices === "program" ? sql`coalesce(${variants.programPriceCents}, ${variants.priceCents})` : sql`${variants.priceCents}`;
}

export function isRangeFilter(f: Filter): f is RangeFilter {
  return !("value" in f);
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const someVariant = (condition: SQL) => sql`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${condition})`;

/** Separates flavour labels in products.variant_flavors; never part of a label or a filter value (a control character). */
export const FLAVOR_SEPARATOR = "\u001f";

function valuePredicate(f: ValueFilter, mode: VariantMode): SQL {
  const stored = mode === "stored";
  const anyOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} && ${textArray([...values])}`;
  const v = f.value;
  switch (f.field) {
    case "species":
      return sql`${products.species} = ${v}`;
    case "brand":
      return sql`${products.brandSlug} = ${v}`;
    case "sub_brand":
      return sql`${products.subBrand} = ${v}`;
    case "lifestage":
      return sql`${products.lifestages} @> ${textArray([v])}`;
    case "breed_size":
      return sql`${products.breedSizes} @> ${textArray([v])}`;
    case "health_conditions":
      return sql`${products.healthConditions} @> ${textArray([v])}`;
    case "food_form": {
      const forms = v === "wet" ? [...WET_FOOD_FORMS] : [v];
      return stored
        ? anyOf(products.variantFoodForms, forms)
        : someVariant(
            sql`${variants.foodForm} in (${sql.join(
              forms.map((form) => sql`${form}`),
              sql`, `,
            )})`,
          );
    }
    case "pack_type":
      return stored ? anyOf(products.variantPackTypes, [v]) : someVariant(sql`${variants.packType} = ${v}`);
    case "weight_unit":
      return stored ? anyOf(products.variantWeightUnits, [v]) : someVariant(sql`${variants.weightUnit} = ${v}`);
    case "flavor": {
      if (v.includes(FLAVOR_SEPARATOR)) return sql`false`;
      const pattern = containsPattern(v);
      // The stored labels are in lower case: ILIKE is lower(text) LIKE lower(pattern), with text lowered once.
      return stored ? sql`${products.variantFlavors} like lower(${pattern})` : someVariant(sql`${variants.flavor} ilike ${pattern}`);
    }
    default:
      // A value filter on a range field matches nothing (the API refuses it with a 400).
      return sql`false`;
  }
}

/** Largest integer column value: a price bound beyond it is no bound (max) or matches nothing (min). */
const INT4_MAX = 2_147_483_647;

/**
 * A range filter's bounds in the units the database holds (weights in lb, prices in cents), or null
 * when it matches nothing whatever the data: not a range field, or a bound that is not a number.
 */
function rangeBounds(f: RangeFilter): { field: "weight" | "price"; min?: number; max?: number } | null {
  let min: number | undefined;
  let max: number | undefined;
  if (f.field === "weight") {
    [min, max] = [f.min, f.max];
  } else if (f.field === "price") {
    [min, max] = [f.min === undefined ? undefined : dollarsToCents(f.min), f.max === undefined ? undefined : dollarsToCents(f.max)];
  } else return null;
  if ([min, max].some((n) => n !== undefined && Number.isNaN(n))) return null;
  return { field: f.field, min, max };
}

/**
 * The bounds of the "stored" test `[lower, upper) @> any(values)`, null for an open end; null when
 * nothing matches (min above max, a price floor beyond the integer column). The listing index
 * (listing-index.ts) tests the same bounds.
 */
export function storedRangeBounds(f: RangeFilter): { field: "weight" | "price"; lower: number | null; upper: number | null } | null {
  const bounds = rangeBounds(f);
  if (!bounds) return null;
  const { field, min, max } = bounds;
  if (min !== undefined && max !== undefined && min > max) return null;
  if (field === "weight") return { field, lower: min ?? null, upper: max ?? null };
  if (min !== undefined && min > INT4_MAX) return null;
  const lower = min === undefined || min < -INT4_MAX ? null : min;
  const upper = max === undefined || max > INT4_MAX ? null : Math.max(max, -INT4_MAX);
  return { field, lower, upper };
}

function rangePredicate(f: RangeFilter, prices: PriceAudience, mode: VariantMode): SQL {
  if (mode === "stored") {
    // One range-contains-any-element test per product (no subquery).
    const stored = storedRangeBounds(f);
    if (!stored) return sql`false`;
    if (stored.field === "weight") {
      return sql`float8range(${stored.lower}::float8, ${stored.upper}::float8, '[)') @> any(${products.variantWeightsLb})`;
    }
    const column = prices === "program" ? products.variantProgramPrices : products.variantPrices;
    return sql`int4range(${stored.lower}::int, ${stored.upper}::int, '[)') @> any(${column})`;
  }
  const bounds = rangeBounds(f);
  if (!bounds) return sql`false`;
  const value = bounds.field === "weight" ? variantWeightLb : variantPriceCents(prices);
  const tests: SQL[] = [];
  if (bounds.min !== undefined) tests.push(sql`${value} >= ${bounds.min}`);
  if (bounds.max !== undefined) tests.push(sql`${value} < ${bounds.max}`);
  return someVariant(tests.length ? and(...tests)! : sql`true`);
}

/** One filter as a predicate on `products`; `prices`: whose prices a price range compares (listingPrices). */
export function filterPredicate(f: Filter, prices: PriceAudience, mode: VariantMode): SQL {
  return isRangeFilter(f) ? rangePredicate(f, prices, mode) : valuePredicate(f, mode);
}

/**
 * All filters: AND across fields, OR within a field. Filters on `exceptFields` are left out (a
 * facet's own fields, for faceted counts). No filters → `true`.
 */
export function filtersPredicate(filters: Filter[], prices: PriceAudience, exceptFields: ReadonlySet<FilterField> | undefined, mode: VariantMode): SQL {
  const byField = new Map<FilterField, Filter[]>();
  for (const f of filters) {
    if (exceptFields?.has(f.field)) continue;
    byField.set(f.field, [...(byField.get(f.field) ?? []), f]);
  }
  const groups = [...byField.values()].map((group) =>
    group.length === 1 ? filterPredicate(group[0], prices, mode) : sql`(${or(...group.map((f) => filterPredicate(f, prices, mode)))})`,
  );
  return groups.length ? and(...groups)! : sql`true`;
}

/** Two filters are the same selection. */
export function sameFilter(a: Filter, b: Filter): boolean {
  if (a.field !== b.field) return false;
  if (isRangeFilter(a) || isRangeFilter(b)) {
    return isRangeFilter(a) && isRangeFilter(b) && (a.min ?? null) === (b.min ?? null) && (a.max ?? null) === (b.max ?? null);
  }
  return a.value.toLowerCase() === b.value.toLowerCase();
}
