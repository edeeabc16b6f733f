import type { SiteId } from "../../../rules/site";

// Catalogue shapes the API and the pages share (SPEC §3 Product, Variant, Filter definition).
// Money follows the storefront convention of SPEC §3: `price.amount` as a decimal string in USD.

export type Money = { amount: string; currencyCode: "USD" };
export type Image = { url: string; alt: string };
export type SelectedOption = { name: "Size" | "Flavor" | "Product Form"; value: string };

export type Variant = {
  id: string;
  sku: string;
  title: string;
  /** "{brand}/{handle}/{flavor}/{size}" — the card links to /products/{variantURL}?sku={sku} (SPEC §2). */
  variantURL: string;
  adminGraphqlId: string;
  price: Money;
  compareAtPrice: Money | null;
  /** Staff-feeding program price (SPEC §6); null on the shop. */
  programPrice: Money | null;
  /** In stock anywhere, or at the shopper's warehouse when a zip is known. */
  inStock: boolean;
  selectedOptions: SelectedOption[];
  imagePrimary: Image;
  variantMediaList: Image[];
  weight: number;
  weightUnit: "lbs" | "oz";
  /** e.g. ["badge::best-seller"] (SPEC §3). */
  badgeTags: string[];
  flavor: string;
  size: string;
  foodForm: "dry" | "canned" | "tray" | "pouch" | "treat";
  packType: "bag" | "can" | "tray" | "pouch";
};

export type Product = {
  id: string;
  handle: string;
  title: string;
  productType: string;
  description: string;
  featuredImage: Image;
  variants: Variant[];
  options: { name: SelectedOption["name"]; values: string[] }[];
  // Breadcrumb fields of SPEC §3.
  productParentName: string;
  productSpecies: "dog" | "cat";
  productBrand: string;
  productBrandSlug: string;
  /** Comma list of life stages, e.g. "puppy,adult-dog". */
  productPetAge: string;
  productFoodForm: string;
  brandKind: "house" | "prescription" | "treats" | "partner";
  subBrand: string | null;
  breedSizes: string[];
  healthConditions: string[];
};

/** Filter fields of SPEC §3, plus price and weight for range filters. */
export type FilterField =
  | "species"
  | "brand"
  | "lifestage"
  | "breed_size"
  | "food_form"
  | "flavor"
  | "health_conditions"
  | "weight_unit"
  | "pack_type"
  | "sub_brand"
  | "price"
  | "weight";

export type ValueFilter = { field: FilterField; value: string };
export type RangeFilter = { field: FilterField; min?: number; max?: number };
export type Filter = ValueFilter | RangeFilter;

export const LISTING_SORTS = ["featured", "price-asc", "price-desc", "name", "newest"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export type ListingQuery = {
  site: SiteId;
  filters: Filter[];
  sort: ListingSort;
  /** 1-based. */
  page: number;
  limit: number;
  /** Free-text search (the /search page). */
  search?: string;
};

export type FacetOption = { label: string; slug: string; filter: Filter; count: number; selected: boolean };
export type Facet = { field: FilterField; label: string; slug: string; options: FacetOption[] };

export type ListingResult = {
  products: Product[];
  total: number;
  page: number;
  limit: number;
  pageCount: number;
  facets: Facet[];
};
