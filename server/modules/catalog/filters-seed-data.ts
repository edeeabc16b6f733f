import type { SiteId } from "../../../rules/shared/site";
import type { Species } from "./schema";
import { HEALTH_CONDITIONS, kebab, SEED_FLAVORS, type SeedCatalog, type SeedProduct, type SeedVariant } from "./seed-data";
import { labelSlug } from "./mapping";
import type { Filter, FilterField } from "./types";
import { centsToDollars } from "../../../rules/shared/money";

// The filter catalogue of SPEC §3, derived from the seed catalogue (ARCHITECTURE §5: it ships with
// the code). Every option's sites and species are those of the products it matches, so a category
// URL exists exactly where it lists something. Option slugs give the URL forms of SPEC §2:
// /products/{species}/species, /products/{species}/brand/{brand}, /products/{species}/pet-age/
// adult-dog-food | puppy-food | kitten-food …, /products/{species}/food-form/dry-food | wet-food | …

export type SeedFilterOption = {
  slug: string;
  label: string;
  sites: SiteId[];
  species: Species[];
  filter: Filter;
  sort: number;
};

export type SeedFilterDefinition = {
  slug: string;
  field: FilterField;
  label: string;
  navigationLabel: string;
  sites: SiteId[];
  species: Species[];
  isNavigation: boolean;
  isFacet: boolean;
  baseFilter: Filter | null;
  sortD2c: number;
  sortHpsf: number;
  options: SeedFilterOption[];
};

/** SPEC §2 food-form slugs ("form-with-dashes") and the food forms each one lists. */
export const FOOD_FORM_OPTIONS = [
  { slug: "dry-food", label: "Dry Food", value: "dry" },
  { slug: "wet-food", label: "Wet Food", value: "wet" },
  { slug: "canned-food", label: "Canned Food", value: "canned" },
  { slug: "tray", label: "Tray", value: "tray" },
  { slug: "pouch", label: "Pouch", value: "pouch" },
  { slug: "treats", label: "Treats", value: "treat" },
] as const;

/** SPEC §2 pet-age slugs: {adult|senior}-{species}-food, puppy-food, kitten-food. */
export const PET_AGE_OPTIONS = [
  { slug: "puppy-food", label: "Puppy", value: "puppy" },
  { slug: "adult-dog-food", label: "Adult Dog", value: "adult-dog" },
  { slug: "senior-dog-food", label: "Senior Dog", value: "senior-dog" },
  { slug: "kitten-food", label: "Kitten", value: "kitten" },
  { slug: "adult-cat-food", label: "Adult Cat", value: "adult-cat" },
  { slug: "senior-cat-food", label: "Senior Cat", value: "senior-cat" },
] as const;

/** Weight ranges in pounds, plus SPEC §2's unit slugs (1lb-45lb: bags in pounds; 2.5oz-13oz: ounces). */
const WEIGHT_OPTIONS: { slug: string; label: string; filter: Filter }[] = [
  { slug: "under-5-lb", label: "Under 5 lb", filter: { field: "weight", max: 5 } },
  { slug: "5-15-lb", label: "5–15 lb", filter: { field: "weight", min: 5, max: 15 } },
  { slug: "15-30-lb", label: "15–30 lb", filter: { field: "weight", min: 15, max: 30 } },
  { slug: "30-lb-plus", label: "30 lb+", filter: { field: "weight", min: 30 } },
  { slug: "1lb-45lb", label: "Sold in pounds (1–45 lb)", filter: { field: "weight_unit", value: "lbs" } },
  { slug: "2.5oz-13oz", label: "Sold in ounces (2.5–13 oz)", filter: { field: "weight_unit", value: "oz" } },
];

const PACK_TYPE_OPTIONS = [
  { slug: "bag", label: "Bag" },
  { slug: "can", label: "Can" },
  { slug: "tray", label: "Tray" },
  { slug: "pouch", label: "Pouch" },
] as const;

const BREED_SIZE_LABELS = { small: "Small Breed", medium: "Medium Breed", large: "Large Breed" } as const;

const WET_FORMS = new Set<string>(["canned", "tray", "pouch"]);
const weightInPounds = (v: SeedVariant) => (v.weightUnit === "oz" ? v.weight / 16 : v.weight);

/**
 * JS twin of filter-sql.ts over the seed catalogue: derives each seeded option's sites and species
 * from the products it lists, and gives listing.test.ts counts to check the SQL against.
 */
export function seedMatches(p: SeedProduct, f: Filter): boolean {
  const anyVariant = (fn: (v: SeedVariant) => boolean) => p.variants.some(fn);
  if ("value" in f) {
    const value = f.value;
    switch (f.field) {
      case "species":
        return p.species === value;
      case "brand":
        return p.brandSlug === value;
      case "sub_brand":
        return p.subBrand === value;
      case "lifestage":
        return (p.lifestages as string[]).includes(value);
      case "breed_size":
        return (p.breedSizes as string[]).includes(value);
      case "health_conditions":
        return (p.healthConditions as string[]).includes(value);
      case "food_form":
        return anyVariant((v) => (value === "wet" ? WET_FORMS.has(v.foodForm) : v.foodForm === value));
      case "pack_type":
        return anyVariant((v) => v.packType === value);
      case "weight_unit":
        return anyVariant((v) => v.weightUnit === value);
      case "flavor":
        return anyVariant((v) => v.flavor.toLowerCase().includes(value.toLowerCase()));
      default:
        return false;
    }
  }
  const inRange = (x: number) => (f.min === undefined || x >= f.min) && (f.max === undefined || x < f.max);
  if (f.field === "weight") return anyVariant((v) => inRange(weightInPounds(v)));
  if (f.field === "price") return anyVariant((v) => inRange(centsToDollars(v.priceCents)));
  return false;
}

const titleCase = (s: string) =>
  s
    .split("-")
    .map((w) => (w === "and" ? "&" : w[0].toUpperCase() + w.slice(1)))
    .join(" ");

type DefinitionSpec = Omit<SeedFilterDefinition, "sites" | "species" | "options" | "sortD2c" | "sortHpsf"> & {
  options: { slug: string; label: string; filter: Filter }[];
};

/** The filter catalogue for a seed catalogue, definitions in d2c order. */
export function buildFilterCatalog(catalog: SeedCatalog): SeedFilterDefinition[] {
  const products = catalog.products;
  const brandsInUse = catalog.brands.filter((b) => products.some((p) => p.brandSlug === b.slug));

  /** Sub-brands of some brands, one option per (brand, sub-brand), in catalogue order. */
  const subBrandOptions = (brandSlugs: string[]) => {
    const seen = new Map<string, { slug: string; label: string; filter: Filter }>();
    const taken = new Set<string>();
    for (const p of products) {
      if (!brandSlugs.includes(p.brandSlug) || seen.has(`${p.brandSlug}/${p.subBrand}`)) continue;
      let slug = kebab(p.subBrand);
      if (taken.has(slug)) slug = `${p.brandSlug}-${slug}`;
      taken.add(slug);
      seen.set(`${p.brandSlug}/${p.subBrand}`, { slug, label: p.subBrand, filter: { field: "sub_brand", value: p.subBrand } });
    }
    return [...seen.values()];
  };
  const brandOfKind = (kind: string) => brandsInUse.find((b) => b.kind === kind);
  const house = brandOfKind("house");
  const prescription = brandOfKind("prescription");

  const specs: DefinitionSpec[] = [
    {
      slug: "species",
      field: "species",
      label: "Pet Type",
      navigationLabel: "Shop by Pet",
      isNavigation: true,
      isFacet: true,
      baseFilter: null,
      options: [
        { slug: "dog", label: "Dog", filter: { field: "species", value: "dog" } },
        { slug: "cat", label: "Cat", filter: { field: "species", value: "cat" } },
      ],
    },
    {
      slug: "brand",
      field: "brand",
      label: "Brand",
      navigationLabel: "Shop by Brand",
      isNavigation: true,
      isFacet: true,
      baseFilter: null,
      options: brandsInUse.map((b) => ({ slug: b.slug, label: b.name, filter: { field: "brand", value: b.slug } })),
    },
    {
      slug: "pet-age",
      field: "lifestage",
      label: "Pet Age",
      navigationLabel: "Shop by Age",
      isNavigation: true,
      isFacet: true,
      baseFilter: null,
      options: PET_AGE_OPTIONS.map((o) => ({ slug: o.slug, label: o.label, filter: { field: "lifestage", value: o.value } })),
    },
    {
      slug: "food-form",
      field: "food_form",
      label: "Food Form",
      navigationLabel: "Shop by Food Form",
      isNavigation: true,
      isFacet: true,
      baseFilter: null,
      options: FOOD_FORM_OPTIONS.map((o) => ({ slug: o.slug, label: o.label, filter: { field: "food_form", value: o.value } })),
    },
    {
      slug: "breed-size",
      field: "breed_size",
      label: "Breed Size",
      navigationLabel: "Shop by Breed Size",
      isNavigation: false,
      isFacet: true,
      baseFilter: null,
      options: Object.entries(BREED_SIZE_LABELS).map(([value, label]) => ({
        slug: value,
        label,
        filter: { field: "breed_size", value },
      })),
    },
    {
      slug: "flavor",
      field: "flavor",
      label: "Flavor",
      navigationLabel: "Shop by Flavor",
      isNavigation: false,
      isFacet: true,
      baseFilter: null,
      options: SEED_FLAVORS.map((f) => ({ slug: labelSlug(f.label), label: f.label, filter: { field: "flavor", value: f.label } })),
    },
    {
      slug: "health-category",
      field: "health_conditions",
      label: "Health Category",
      navigationLabel: "Shop by Health Need",
      isNavigation: true,
      isFacet: true,
      baseFilter: null,
      options: HEALTH_CONDITIONS.map((h) => ({ slug: h, label: titleCase(h), filter: { field: "health_conditions", value: h } })),
    },
    {
      slug: "weight",
      field: "weight",
      label: "Weight",
      navigationLabel: "Shop by Size",
      isNavigation: false,
      isFacet: true,
      baseFilter: null,
      options: WEIGHT_OPTIONS,
    },
    {
      slug: "type",
      field: "pack_type",
      label: "Package Type",
      navigationLabel: "Shop by Package",
      isNavigation: false,
      isFacet: true,
      baseFilter: null,
      options: PACK_TYPE_OPTIONS.map((o) => ({ slug: o.slug, label: o.label, filter: { field: "pack_type", value: o.slug } })),
    },
    {
      slug: "sub-brand",
      field: "sub_brand",
      label: "Product Line",
      navigationLabel: "Shop by Product Line",
      isNavigation: false,
      isFacet: true,
      baseFilter: null,
      options: subBrandOptions(brandsInUse.map((b) => b.slug)),
    },
  ];
  // The house-brand and prescription-diet categories of SPEC §2: the brand's own product lines.
  // Not facets: their options are already in "Product Line".
  if (house)
    specs.push({
      slug: "house-brand",
      field: "sub_brand",
      label: house.name,
      navigationLabel: `Shop ${house.name}`,
      isNavigation: true,
      isFacet: false,
      baseFilter: { field: "brand", value: house.slug },
      options: subBrandOptions([house.slug]),
    });
  if (prescription)
    specs.push({
      slug: "prescription-diet",
      field: "sub_brand",
      label: "Prescription Diet",
      navigationLabel: "Shop Prescription Diets",
      isNavigation: true,
      isFacet: false,
      baseFilter: { field: "brand", value: prescription.slug },
      options: subBrandOptions([prescription.slug]),
    });

  // The staff-feeding site leads with what clinics look for (SPEC §6: vet-supervised nutrition).
  const hpsfOrder = ["prescription-diet", "health-category", "species", "brand", "pet-age", "food-form"];
  const hpsfSort = (slug: string, d2cIndex: number) => {
    const i = hpsfOrder.indexOf(slug);
    return i >= 0 ? i + 1 : hpsfOrder.length + 1 + d2cIndex;
  };

  return specs
    .map((spec, index): SeedFilterDefinition => {
      const options = spec.options
        .map((o, sort) => {
          const listed = products.filter((p) => seedMatches(p, o.filter) && (!spec.baseFilter || seedMatches(p, spec.baseFilter)));
          return {
            ...o,
            sort,
            sites: union(listed.flatMap((p) => p.sites)) as SiteId[],
            species: union(listed.map((p) => p.species)) as Species[],
          };
        })
        .filter((o) => o.sites.length > 0);
      return {
        ...spec,
        options,
        sites: union(options.flatMap((o) => o.sites)) as SiteId[],
        species: union(options.flatMap((o) => o.species)) as Species[],
        sortD2c: index + 1,
        sortHpsf: hpsfSort(spec.slug, index),
      };
    })
    .filter((d) => d.options.length > 0);
}

/** Distinct values in a stable order (d2c before hpsf, dog before cat). */
function union(values: string[]): string[] {
  const order = ["d2c", "hpsf", "dog", "cat"];
  return [...new Set(values)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
