import type { SiteId } from "../../../rules/shared/site";
import { FLAVOR_SEPARATOR, sameFilter, storedRangeBounds, WET_FOOD_FORMS } from "./filter-sql";
import type { Facet, FacetOption, Filter, FilterDefinition, FilterField, ListingSort, RangeFilter } from "./types";

// An in-process index of one site's listing: every product listed there with the values the
// listing's "stored" filters test (filter-sql.ts), and its position in every sort order as the
// database sorts. Filters become bitsets (one bit per product), so the total, every facet count and
// the page's product ids are a few AND and popcount passes over ~600 words at 20,000 products,
// where the same facet counts in SQL were a pass over every product row per request.
// No database here: listing-index-load.ts reads the rows, listing.ts reads the page's products.
//
// The semantics are filter-sql.ts "stored" mode's, which stays the definition: AND across fields,
// OR within a field, exact values, "wet" = canned/tray/pouch, flavour = substring of the lower-cased
// stored labels, ranges [min, max) on weights in lb and prices in cents. The SQL path and this
// index are compared over many filter states in listing-index-sql.test.ts.

/** The sort orders the index keeps (the database's order of each; "featured" without a search). */
export const INDEXED_SORTS = ["featured", "price-asc", "price-desc", "name", "newest"] as const;
export type IndexedSort = (typeof INDEXED_SORTS)[number];

/** One product as the index reads it: the stored values of products (filter-sql.ts "stored"). */
export type IndexRow = {
  id: number;
  species: string;
  brandSlug: string;
  subBrand: string | null;
  lifestages: string[];
  breedSizes: string[];
  healthConditions: string[];
  foodForms: string[];
  packTypes: string[];
  weightUnits: string[];
  /** products.variant_flavors: lower-case labels joined by U+001F. */
  flavors: string;
  weightsLb: number[];
  /** The prices the index's audience filters by, in cents (filter-sql.ts listingPrices): variant_program_prices or variant_prices. */
  prices: number[];
  /** 1-based position of the product in each sort order, as PostgreSQL's row_number() gave it. */
  positions: Record<IndexedSort, number>;
};

// ---------------------------------------------------------------------------------------------
// Bitsets

export type Bits = Uint32Array;

const wordsFor = (n: number) => (n + 31) >>> 5;

export function emptyBits(n: number): Bits {
  return new Uint32Array(wordsFor(n));
}

export function fullBits(n: number): Bits {
  const bits = new Uint32Array(wordsFor(n)).fill(0xffffffff);
  const tail = n & 31;
  if (tail) bits[bits.length - 1] = (1 << tail) - 1;
  return bits;
}

export function setBit(bits: Bits, i: number): void {
  bits[i >>> 5] |= 1 << (i & 31);
}

export function hasBit(bits: Bits, i: number): boolean {
  return (bits[i >>> 5] & (1 << (i & 31))) !== 0;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function popcount(bits: Bits): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) n += popcount32(bits[i]);
  return n;
}

/** Bits set in both `a` and `b`, counted without making their intersection. */
export function popcountAnd(a: Bits, b: Bits): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += popcount32(a[i] & b[i]);
  return n;
}

function andInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i] &= other[i];
  return target;
}

function orInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i] |= other[i];
  return target;
}

// ---------------------------------------------------------------------------------------------
// The index

/** Fields whose value filters are exact values of the product: one bitset per value, made at build. */
const EXACT_FIELDS = ["species", "brand", "sub_brand", "lifestage", "breed_size", "health_conditions", "food_form", "pack_type", "weight_unit"] as const;
type ExactField = (typeof EXACT_FIELDS)[number];

const exactValues = (r: IndexRow, field: ExactField): readonly (string | null)[] => {
  switch (field) {
    case "species":
      return [r.species];
    case "brand":
      return [r.brandSlug];
    case "sub_brand":
      return [r.subBrand];
    case "lifestage":
      return r.lifestages;
    case "breed_size":
      return r.breedSizes;
    case "health_conditions":
      return r.healthConditions;
    case "food_form":
      return r.foodForms;
    case "pack_type":
      return r.packTypes;
    case "weight_unit":
      return r.weightUnits;
  }
};

/** A filter's identity for the mask cache: exact (values compare exactly in SQL; undefined, null and NaN bounds differ). */
export function filterKey(f: Filter): string {
  return "value" in f ? `v\u0000${f.field}\u0000${String(f.value)}` : `r\u0000${f.field}\u0000${String(f.min)}\u0000${String(f.max)}`;
}

/** Lower case as the database's lower() of ASCII text; other text must be lowered by the database. */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Masks kept per index for filters outside the filter catalogue (free flavour texts, ranges): bounded. */
const MAX_KEPT_MASKS = 2000;

export type ListingIndex = ReturnType<typeof buildListingIndex>;

/** The compact form of the rows: nothing of the row objects is kept (the index's functions never see them). */
function compact(rows: readonly IndexRow[]) {
  const size = rows.length;
  const ids = Int32Array.from(rows, (r) => r.id);
  const indexOfId = new Map<number, number>();
  rows.forEach((r, i) => indexOfId.set(r.id, i));

  // Each sort: the product indexes in the database's order.
  const orders = Object.fromEntries(
    INDEXED_SORTS.map((sort) => {
      const order = new Int32Array(size).fill(-1);
      rows.forEach((r, i) => {
        const at = r.positions[sort] - 1;
        if (at < 0 || at >= size || order[at] !== -1) throw new Error(`listing index: bad ${sort} position ${r.positions[sort]} of product ${r.id}`);
        order[at] = i;
      });
      return [sort, order];
    }),
  ) as Record<IndexedSort, Int32Array>;

  const exact = new Map<ExactField, Map<string, Bits>>(EXACT_FIELDS.map((f) => [f, new Map()]));
  for (const field of EXACT_FIELDS) {
    const byValue = exact.get(field)!;
    rows.forEach((r, i) => {
      for (const v of exactValues(r, field)) {
        if (v === null) continue;
        let bits = byValue.get(v);
        if (!bits) byValue.set(v, (bits = emptyBits(size)));
        setBit(bits, i);
      }
    });
  }
  const flavors = rows.map((r) => r.flavors);
  const weightStart = new Int32Array(size + 1);
  const priceStart = new Int32Array(size + 1);
  rows.forEach((r, i) => {
    weightStart[i + 1] = weightStart[i] + r.weightsLb.length;
    priceStart[i + 1] = priceStart[i] + r.prices.length;
  });
  const weights = Float64Array.from(rows.flatMap((r) => r.weightsLb));
  const prices = Float64Array.from(rows.flatMap((r) => r.prices));

  return { size, ids, indexOfId, orders, exact, flavors, weightStart, priceStart, weights, prices };
}

/**
 * The index of one site's products (`rows`: every product listed on the site) and filter catalogue.
 * `lowered`: the database's lower() of the non-ASCII flavour values of the catalogue's options
 * (flavourValuesToLower), which JS cannot reproduce for every collation.
 */
export function buildListingIndex(site: SiteId, rows: readonly IndexRow[], catalog: FilterDefinition[], lowered: ReadonlyMap<string, string> = new Map()) {
  const { size, ids, indexOfId, orders, exact, flavors, weightStart, priceStart, weights, prices } = compact(rows);
  const none = emptyBits(size);
  const all = fullBits(size);
  const lowerCase = new Map(lowered);
  const kept = new Map<string, Bits>();
  const hitMasks = new WeakMap<object, { mask: Bits; order: Int32Array }>();

  /** Products with a variant value in [lo, hi) (null: unbounded); the ranges of filter-sql.ts "stored". */
  function inRange(values: Float64Array, start: Int32Array, lo: number | null, hi: number | null): Bits {
    const bits = emptyBits(size);
    for (let i = 0; i < size; i++) {
      for (let j = start[i]; j < start[i + 1]; j++) {
        const v = values[j];
        if ((lo === null || v >= lo) && (hi === null || v < hi)) {
          setBit(bits, i);
          break;
        }
      }
    }
    return bits;
  }

  /** filter-sql.ts rangePredicate, "stored" mode: the same bounds (null: an open end). */
  function rangeMask(f: RangeFilter): Bits {
    const bounds = storedRangeBounds(f);
    if (!bounds) return none;
    return bounds.field === "weight" ? inRange(weights, weightStart, bounds.lower, bounds.upper) : inRange(prices, priceStart, bounds.lower, bounds.upper);
  }

  function flavorMask(value: string): Bits {
    if (value.includes(FLAVOR_SEPARATOR)) return none;
    const needle = isAscii(value) ? value.toLowerCase() : lowerCase.get(value);
    if (needle === undefined) throw new Error("listing index: a non-ASCII flavour value was not lowered by the database first");
    const bits = emptyBits(size);
    for (let i = 0; i < size; i++) if (flavors[i].includes(needle)) setBit(bits, i);
    return bits;
  }

  function computeMask(f: Filter): Bits {
    if (!("value" in f)) return rangeMask(f);
    const v = f.value;
    switch (f.field) {
      case "food_form": {
        if (v !== "wet") return exact.get("food_form")!.get(v) ?? none;
        const wet = emptyBits(size);
        for (const form of WET_FOOD_FORMS) {
          const bits = exact.get("food_form")!.get(form);
          if (bits) orInto(wet, bits);
        }
        return wet;
      }
      case "flavor":
        return flavorMask(v);
      default:
        // A value filter on a range field matches nothing (filter-sql.ts valuePredicate).
        return (exact as Map<string, Map<string, Bits>>).get(f.field)?.get(v) ?? none;
    }
  }

  /** The products a filter matches; never to be written to (shared). */
  function mask(f: Filter): Bits {
    const key = filterKey(f);
    let bits = kept.get(key);
    if (!bits) {
      bits = computeMask(f);
      if (kept.size >= MAX_KEPT_MASKS + catalogKeys) {
        // Free texts and ranges go first; the catalogue's options stay.
        for (const k of kept.keys()) if (!optionKeys.has(k)) kept.delete(k);
      }
      kept.set(key, bits);
    }
    return bits;
  }

  // The catalogue's options are counted on every page: their masks are made with the index.
  const optionKeys = new Set<string>();
  for (const d of catalog) for (const o of d.options) optionKeys.add(filterKey(o.filter));
  const catalogKeys = optionKeys.size;
  for (const d of catalog) for (const o of d.options) mask(o.filter);

  /**
   * The products matching every filter (AND across fields, OR within a field) within `base`, and
   * each field's OR of its filters (for facets, which leave their own fields out).
   */
  function match(filters: readonly Filter[], base: Bits): { matching: Bits; groups: Map<FilterField, Bits> } {
    const groups = new Map<FilterField, Bits>();
    for (const f of filters) {
      const group = groups.get(f.field);
      if (group) orInto(group, mask(f));
      else groups.set(f.field, Uint32Array.from(mask(f)));
    }
    const matching = Uint32Array.from(base);
    for (const g of groups.values()) andInto(matching, g);
    return { matching, groups };
  }

  /**
   * Facet counts as listing.ts countFacets gives them: per option, the products in `base` matching
   * the option and every filter on other fields than the facet's own; options with no product left
   * out unless selected, facets with no option left out.
   */
  function facets(filters: readonly Filter[], definitions: readonly FilterDefinition[], base: Bits, groups: Map<FilterField, Bits>): Facet[] {
    return definitions
      .map((d): Facet => {
        const ownFields = new Set<FilterField>([d.field, ...d.options.map((o) => o.filter.field)]);
        const others = Uint32Array.from(base);
        for (const [field, g] of groups) if (!ownFields.has(field)) andInto(others, g);
        return {
          field: d.field,
          label: d.label,
          slug: d.slug,
          options: d.options
            .map((o): FacetOption => ({
              label: o.label,
              slug: o.slug,
              filter: o.filter,
              count: popcountAnd(mask(o.filter), others),
              selected: filters.some((f) => sameFilter(f, o.filter)),
            }))
            .filter((o) => o.count > 0 || o.selected),
        };
      })
      .filter((f) => f.options.length > 0);
  }

  /** Search hits on this index: their mask, and their indexes in the hits' order (relevance, featured rank, id). */
  function hits(found: { ids: readonly number[] }): { mask: Bits; order: Int32Array } {
    let known = hitMasks.get(found);
    if (!known) {
      const bits = emptyBits(size);
      const order: number[] = [];
      for (const id of found.ids) {
        const i = indexOfId.get(id);
        if (i === undefined || hasBit(bits, i)) continue;
        setBit(bits, i);
        order.push(i);
      }
      known = { mask: bits, order: Int32Array.from(order) };
      hitMasks.set(found, known);
    }
    return known;
  }

  /** The ids of `matching`'s products in `order`, from the `offset`-th on, at most `limit`. */
  function page(matching: Bits, order: Int32Array, offset: number, limit: number): number[] {
    const out: number[] = [];
    let seen = 0;
    for (let k = 0; k < order.length && out.length < limit; k++) {
      const i = order[k];
      if (!hasBit(matching, i)) continue;
      if (seen++ >= offset) out.push(ids[i]);
    }
    return out;
  }

  /** Approximate bytes held (for the build log). */
  function bytes(): number {
    let n = ids.byteLength + weights.byteLength + prices.byteLength + weightStart.byteLength + priceStart.byteLength;
    n += INDEXED_SORTS.length * size * 4 + size * 40; // orders, id map
    for (const byValue of exact.values()) for (const [v, b] of byValue) n += b.byteLength + v.length * 2;
    for (const f of flavors) n += f.length * 2 + 16;
    for (const b of kept.values()) n += b.byteLength + 64;
    return n;
  }

  return {
    site,
    size,
    catalog,
    all,
    orders,
    match,
    facets,
    hits,
    page,
    bytes,
    /** Flavour values of `filters` this index cannot lower itself (non-ASCII, not yet lowered). */
    valuesToLower: (filters: readonly Filter[]) => flavourValuesToLower(filters).filter((v) => !lowerCase.has(v)),
    /** Adds the database's lower() of flavour values (bounded with the masks). */
    addLowered(pairs: Iterable<[string, string]>) {
      if (lowerCase.size > MAX_KEPT_MASKS) lowerCase.clear();
      for (const [v, l] of pairs) lowerCase.set(v, l);
    },
  };
}

/** The non-ASCII flavour values among `filters`, which only the database lowers as its lower() does. */
export function flavourValuesToLower(filters: readonly Filter[]): string[] {
  const out = new Set<string>();
  for (const f of filters) if (f.field === "flavor" && "value" in f && typeof f.value === "string" && !isAscii(f.value)) out.add(f.value);
  return [...out];
}

/** The index's sort for a listing sort (any other sort is the default order). */
export function indexedSort(sort: ListingSort | string): IndexedSort {
  return (INDEXED_SORTS as readonly string[]).includes(sort) ? (sort as IndexedSort) : "featured";
}
