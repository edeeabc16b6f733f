// The /products/... paths of SPEC §2 share one URL shape; the number and kind of segments decide
// which screen a path is:
//   /products/{handle}                          product detail
//   /products/{species}                         category listing (species only)
//   /products/{species}/{category}[/{detail}]   category listing, e.g. /products/dog/brand/{brand}
//   /products/{brand}/{handle}/{flavor}/{size}  product detail with a pre-selected variant

export const SPECIES = ["dog", "cat"] as const;
export type SpeciesSlug = (typeof SPECIES)[number];

/** Category slugs of SPEC §2 "Filter catalogue". */
export const CATEGORY_SLUGS = [
  "species",
  "brand",
  "pet-age",
  "breed-size",
  "food-form",
  "flavor",
  "health-category",
  "weight",
  "type",
  "house-brand",
  "prescription-diet",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export type ProductPath =
  | { kind: "category"; species: SpeciesSlug; category: CategorySlug | null; detail: string | null }
  | { kind: "product"; handle: string; brand: string | null; flavor: string | null; size: string | null }
  | { kind: "unknown" };

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/i;

function isSpecies(s: string): s is SpeciesSlug {
  return (SPECIES as readonly string[]).includes(s);
}
function isCategory(s: string): s is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(s);
}

/** `splat` is what follows /products/ (no leading slash). */
export function classifyProductPath(splat: string): ProductPath {
  const segments = splat
    .split("/")
    .filter(Boolean)
    .map((s) => s.toLowerCase());
  if (segments.length === 0 || !segments.every((s) => SEGMENT.test(s))) return { kind: "unknown" };
  const [a, b, c, d] = segments;
  switch (segments.length) {
    case 1:
      return isSpecies(a)
        ? { kind: "category", species: a, category: null, detail: null }
        : { kind: "product", handle: a, brand: null, flavor: null, size: null };
    case 2:
    case 3:
      if (!isSpecies(a) || !isCategory(b)) return { kind: "unknown" };
      return { kind: "category", species: a, category: b, detail: c ?? null };
    case 4:
      return { kind: "product", handle: b, brand: a, flavor: c, size: d };
    default:
      return { kind: "unknown" };
  }
}
