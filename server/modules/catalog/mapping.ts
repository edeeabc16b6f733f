import { imageUrl, packshotSource } from "../../../rules/catalog/image-urls";
import type { SiteId } from "../../../rules/shared/site";
import { optionSlug } from "../../../rules/catalog/variant-preselect";
import type { BrandKind, FoodForm, PackType, Species, WeightUnit } from "./schema";
import type { Image, Product, SelectedOption, Variant } from "./types";
import { moneyOf } from "../../../rules/shared/money";

// Database rows → the SPEC §3 Product and Variant shapes of types.ts. Pure functions: the loaders
// (listing.ts and the product page's) fetch the rows, this file only shapes them.

/** One product row with its brand, as the catalogue queries select it. */
export type ProductRow = {
  id: number;
  handle: string;
  title: string;
  description: string;
  productType: string;
  species: Species;
  brandSlug: string;
  brandName: string;
  brandKind: BrandKind;
  subBrand: string | null;
  lifestages: string[];
  breedSizes: string[];
  healthConditions: string[];
};

/** One variant row; `inStock` is the caller's stock answer (anywhere, or at the shopper's warehouse). */
export type VariantRow = {
  id: number;
  productId: number;
  sku: string;
  position: number;
  flavor: string;
  sizeLabel: string;
  weight: number;
  weightUnit: WeightUnit;
  foodForm: FoodForm;
  packType: PackType;
  priceCents: number;
  compareAtCents: number | null;
  programPriceCents: number | null;
  badgeTags: string[];
  imageKey: string;
  inStock: boolean;
};

/**
 * Label of a food form as product pages and breadcrumbs show it. Lower-cased with dashes it is the
 * food-form category slug of SPEC §2 (/products/{species}/food-form/dry-food, …/canned-food, …/treats).
 */
export const FOOD_FORM_LABELS: Record<FoodForm, string> = {
  dry: "Dry Food",
  canned: "Canned Food",
  tray: "Tray",
  pouch: "Pouch",
  treat: "Treats",
};

/**
 * URL slug of a flavour or size label, the form variant pre-selection compares (rules/catalog/variant-preselect.ts):
 * "Chicken & Rice" → "chicken-rice", "8.5 lb Bag" → "8-5-lb-bag".
 */
export function labelSlug(label: string): string {
  return optionSlug(label);
}

/** SPEC §2 variantURL "{brand}/{handle}/{flavor}/{size}"; the card links to /products/{variantURL}?sku={sku}. */
export function variantUrl(brandSlug: string, handle: string, flavor: string, sizeLabel: string): string {
  return `${brandSlug}/${handle}/${labelSlug(flavor)}/${labelSlug(sizeLabel)}`;
}

/** The packshot of a variant at the card width (640 px) behind the /_img proxy. */
export function variantImage(imageKey: string, alt: string): Image {
  return { url: imageUrl(packshotSource(imageKey), 640), alt };
}

function toVariant(p: ProductRow, v: VariantRow, site: SiteId): Variant {
  const form = FOOD_FORM_LABELS[v.foodForm];
  const image = variantImage(v.imageKey, `${p.title}, ${v.flavor}, ${v.sizeLabel}`);
  const selectedOptions: SelectedOption[] = [
    { name: "Size", value: v.sizeLabel },
    { name: "Flavor", value: v.flavor },
    { name: "Product Form", value: form },
  ];
  return {
    id: String(v.id),
    sku: v.sku,
    title: `${v.flavor} / ${v.sizeLabel}`,
    variantURL: variantUrl(p.brandSlug, p.handle, v.flavor, v.sizeLabel),
    adminGraphqlId: `gid://shop/ProductVariant/${v.id}`,
    price: moneyOf(v.priceCents),
    compareAtPrice: v.compareAtCents === null ? null : moneyOf(v.compareAtCents),
    programPrice: site === "hpsf" && v.programPriceCents !== null ? moneyOf(v.programPriceCents) : null,
    inStock: v.inStock,
    selectedOptions,
    imagePrimary: image,
    variantMediaList: [image],
    weight: v.weight,
    weightUnit: v.weightUnit,
    badgeTags: v.badgeTags,
    flavor: v.flavor,
    size: v.sizeLabel,
    foodForm: v.foodForm,
    packType: v.packType,
  };
}

const distinct = (values: string[]) => [...new Set(values)];

/** One product and its variants (in position order) → the SPEC §3 Product. */
export function toProduct(p: ProductRow, variantRows: VariantRow[], site: SiteId): Product {
  const rows = [...variantRows].sort((a, b) => a.position - b.position || a.id - b.id);
  const variants = rows.map((v) => toVariant(p, v, site));
  const first = rows[0];
  return {
    id: String(p.id),
    handle: p.handle,
    title: p.title,
    productType: p.productType,
    description: p.description,
    featuredImage: first ? variantImage(first.imageKey, p.title) : { url: "", alt: p.title },
    variants,
    options: [
      { name: "Size", values: distinct(rows.map((v) => v.sizeLabel)) },
      { name: "Flavor", values: distinct(rows.map((v) => v.flavor)) },
      { name: "Product Form", values: distinct(rows.map((v) => FOOD_FORM_LABELS[v.foodForm])) },
    ],
    // Breadcrumb fields (SPEC §3): the parent is the product line, "{brand} {sub-brand}".
    productParentName: p.subBrand ? `${p.brandName} ${p.subBrand}` : p.brandName,
    productSpecies: p.species,
    productBrand: p.brandName,
    productBrandSlug: p.brandSlug,
    productPetAge: p.lifestages.join(","),
    productFoodForm: first ? FOOD_FORM_LABELS[first.foodForm] : "",
    brandKind: p.brandKind,
    subBrand: p.subBrand,
    breedSizes: p.breedSizes,
    healthConditions: p.healthConditions,
  };
}

/**
 * Rows → SPEC §3 Products, in the order of `productRows`. `variantRows` may hold the variants of all
 * the products in any order (one query for the whole page); each goes to its product by productId.
 * `site` decides the staff-only fields: programPrice is set on the staff site (hpsf) only.
 */
export function toProducts(productRows: ProductRow[], variantRows: VariantRow[], site: SiteId): Product[] {
  const byProduct = new Map<number, VariantRow[]>();
  for (const v of variantRows) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  return productRows.map((p) => toProduct(p, byProduct.get(p.id) ?? [], site));
}
