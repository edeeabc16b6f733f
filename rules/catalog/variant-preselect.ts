// Which variant a product card or the product page starts with (SPEC §2 "Product card and detail").
// In order:
//   1. `?sku=` names a variant of the product                     → that variant
//   2. /products/{brand}/{handle}/{flavor}/{size}                 → the variant with that flavour and size,
//                                                                   else the first of that flavour
//   3. a three-part slug whose second part is "flavor"            → the first variant whose flavour label
//                                                                   contains the third part
//      a three-part slug whose second part is "weight" or "food-form":
//        "1lb-45lb" or "dry-food"                                 → the first dry variant
//        "2.5oz-13oz" or "wet-food"                               → the first canned, tray or pouch variant
//   4. no slug, and a search query that is a SKU of the product    → that variant
//   5. otherwise the first in-stock variant; when none is in stock, the first variant.
// A rule that matches nothing falls through to the next one.
// Product cards follow the same rules 3 to 5 (cardVariant below), with the listing's own
// preferences (chosen flavour and form facets, a flavour the search names, a price sort) between
// rules 4 and 5: a card links to the variant its product page then opens with.

import { namesFlavor } from "./fuzzy-match";

export type PreselectCandidate = {
  sku: string;
  flavor: string;
  size: string;
  foodForm: string;
  inStock: boolean;
};

export type PreselectInput = {
  /** `?sku=` */
  sku?: string | null;
  /** Flavour and size segments of the four-segment product path. */
  flavor?: string | null;
  size?: string | null;
  /** The route's slug, e.g. "dog/flavor/chicken" or ["cat", "food-form", "wet-food"]. */
  slug?: string | readonly string[] | null;
  /** `?search=` */
  search?: string | null;
};

export const DRY_FORMS: readonly string[] = ["dry"];
export const WET_FORMS: readonly string[] = ["canned", "tray", "pouch"];
const DRY_SLUGS = new Set(["1lb-45lb", "dry-food"]);
const WET_SLUGS = new Set(["2.5oz-13oz", "wet-food"]);

/**
 * An option label or URL segment in one comparable form: "Lamb & Rice", "lamb-rice" and
 * "lamb-and-rice" all give "lamb-rice"; "15.5 lb Bag" and "15.5-lb-bag" give "15-5-lb-bag".
 */
export function optionSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&|\band\b/g, " ")
    .replace(/\+/g, " plus ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** SPEC §2: a flavour "contains" the wanted one ("turkey" is in "Turkey & Sweet Potato"). */
function flavorContains(flavor: string | undefined, wanted: string): boolean {
  return flavor !== undefined && optionSlug(flavor).includes(optionSlug(wanted));
}

function slugParts(slug: PreselectInput["slug"]): string[] {
  if (!slug) return [];
  const parts = typeof slug === "string" ? slug.split("/") : [...slug];
  return parts.map((p) => p.trim().toLowerCase()).filter(Boolean);
}

/** Rule 3 alone; null when the slug is not one of SPEC's three-part forms or nothing matches. */
export function variantForSlug<V extends Pick<CardCandidate, "flavor" | "foodForm">>(variants: readonly V[], slug: PreselectInput["slug"]): V | null {
  const parts = slugParts(slug);
  if (parts.length !== 3) return null;
  const [, kind, value] = parts;
  if (kind === "flavor") {
    const wanted = optionSlug(value);
    return (wanted && variants.find((v) => flavorContains(v.flavor, wanted))) || null;
  }
  if (kind === "weight" || kind === "food-form") {
    const forms = DRY_SLUGS.has(value) ? DRY_FORMS : WET_SLUGS.has(value) ? WET_FORMS : null;
    return (forms && variants.find((v) => v.foodForm !== undefined && forms.includes(v.foodForm))) || null;
  }
  return null;
}

export function preselectVariant<V extends PreselectCandidate>(variants: readonly V[], input: PreselectInput = {}): V | undefined {
  if (variants.length === 0) return undefined;

  const sku = input.sku?.trim().toLowerCase();
  if (sku) {
    const bySku = variants.find((v) => v.sku.toLowerCase() === sku);
    if (bySku) return bySku;
  }

  if (input.flavor) {
    const flavor = optionSlug(input.flavor);
    const size = input.size ? optionSlug(input.size) : "";
    const ofFlavor = variants.filter((v) => optionSlug(v.flavor) === flavor);
    const exact = size ? ofFlavor.find((v) => optionSlug(v.size) === size) : undefined;
    if (exact ?? ofFlavor[0]) return exact ?? ofFlavor[0];
  }

  const hasSlug = slugParts(input.slug).length > 0;
  if (hasSlug) {
    const bySlug = variantForSlug(variants, input.slug);
    if (bySlug) return bySlug;
  } else {
    const search = input.search?.trim().toLowerCase();
    if (search) {
      const bySearch = variants.find((v) => v.sku.toLowerCase() === search);
      if (bySearch) return bySearch;
    }
  }

  return variants.find((v) => v.inStock) ?? variants[0];
}

export type CardCandidate = { sku: string; inStock: boolean; flavor?: string; foodForm?: string };

export type CardPreference<V> = {
  /** The listing route's slug, e.g. "dog/flavor/turkey" (rule 3). */
  slug?: string | readonly string[] | null;
  /** `?search=`: a SKU (rule 4), else flavour words it names lead, typos forgiven. */
  search?: string | null;
  /** Flavour and food-form facets the shopper chose on the listing. */
  flavors?: readonly string[];
  foodForms?: readonly string[];
  /** Under a price sort, the listing is ordered by each product's lowest price: the card shows its cheapest. */
  cheapest?: (v: V) => number;
};

/**
 * Which variant a product card stands for (and links to with ?sku=): rules 3 and 4 as on the product
 * page, then the first in-stock variant of a chosen (or searched-for) flavour and form, then rule 5.
 * Under a price sort the cheapest fitting variant is shown, in stock or not, to agree with the order.
 */
export function cardVariant<V extends CardCandidate>(all: readonly V[], prefer: CardPreference<V> = {}): V | undefined {
  if (all.length === 0) return undefined;
  const price = prefer.cheapest;
  const variants = price ? [...all].sort((a, b) => price(a) - price(b)) : all;

  const hasSlug = slugParts(prefer.slug).length > 0;
  const search = prefer.search?.trim().toLowerCase();
  if (hasSlug) {
    const bySlug = variantForSlug(variants, prefer.slug);
    if (bySlug) return bySlug;
  } else if (search) {
    const bySku = variants.find((v) => v.sku.toLowerCase() === search);
    if (bySku) return bySku;
  }

  const flavors = (prefer.flavors ?? []).map(optionSlug).filter(Boolean);
  const forms = (prefer.foodForms ?? []).map(optionSlug).filter(Boolean);
  // Without a chosen flavour, a flavour the search text names ("salmn" → Salmon) leads.
  if (flavors.length === 0 && search) {
    for (const v of variants) if (v.flavor && namesFlavor(search, v.flavor)) flavors.push(optionSlug(v.flavor));
  }
  const fits = (v: V) =>
    (flavors.length === 0 || flavors.some((f) => flavorContains(v.flavor, f))) &&
    (forms.length === 0 || (v.foodForm !== undefined && forms.some((f) => f === v.foodForm || f.startsWith(`${v.foodForm}-`))));
  const inStockFirst = (ok: (v: V) => boolean) => (price ? variants.find(ok) : (variants.find((v) => v.inStock && ok(v)) ?? variants.find(ok)));
  if (flavors.length > 0 || forms.length > 0) {
    const preferred = inStockFirst(fits);
    if (preferred) return preferred;
  }
  return inStockFirst(() => true);
}
