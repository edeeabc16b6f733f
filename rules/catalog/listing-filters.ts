// The listing vocabulary the catalogue service and the listing URLs share (SPEC §2, §3): which
// fields a filter may name and which sorts a listing offers.

/** Filter fields of SPEC §3, plus price and weight for range filters. */
export const FILTER_FIELDS = [
  "species",
  "brand",
  "lifestage",
  "breed_size",
  "food_form",
  "flavor",
  "health_conditions",
  "weight_unit",
  "pack_type",
  "sub_brand",
  "price",
  "weight",
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/**
 * What a value filter matches (a product matches when it, or one of its variants, has the value):
 * species dog|cat · brand a brand slug · sub_brand the sub-brand name · lifestage, breed_size,
 * health_conditions one of the product's values · food_form dry|canned|tray|pouch|treat, or "wet"
 * for any of canned/tray/pouch (SPEC §2) · pack_type bag|can|tray|pouch · weight_unit lbs|oz ·
 * flavor a variant whose flavour label contains the value, case-insensitively ("Chicken" also
 * finds "Chicken & Rice", as SPEC §2's flavor slug rule).
 */
export type ValueFilter = { field: FilterField; value: string };
/**
 * Range filters: `weight` in pounds (oz / 16), `price` in US dollars (the program price on the staff
 * site). A product matches when one of its variants is inside; min inclusive, max exclusive.
 */
export type RangeFilter = { field: FilterField; min?: number; max?: number };
export type Filter = ValueFilter | RangeFilter;

export const LISTING_SORTS = ["featured", "price-asc", "price-desc", "name", "newest"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
