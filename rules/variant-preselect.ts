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

function slugParts(slug: PreselectInput["slug"]): string[] {
  if (!slug) return [];
  const parts = typeof slug === "string" ? slug.split("/") : [...slug];
  return parts.map((p) => p.trim().toLowerCase()).filter(Boolean);
}

/** Rule 3 alone; null when the slug is not one of SPEC's three-part forms or nothing matches. */
export function variantForSlug<V extends PreselectCandidate>(variants: readonly V[], slug: PreselectInput["slug"]): V | null {
  const parts = slugParts(slug);
  if (parts.length !== 3) return null;
  const [, kind, value] = parts;
  if (kind === "flavor") {
    const wanted = optionSlug(value);
    return (wanted && variants.find((v) => optionSlug(v.flavor).includes(wanted))) || null;
  }
  if (kind === "weight" || kind === "food-form") {
    const forms = DRY_SLUGS.has(value) ? DRY_FORMS : WET_SLUGS.has(value) ? WET_FORMS : null;
    return (forms && variants.find((v) => forms.includes(v.foodForm))) || null;
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
