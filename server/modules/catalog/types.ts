import type { Filter, FilterField, ListingSort } from "../../../rules/catalog/listing-filters";
import type { Money } from "../../../rules/shared/money";
import type { SiteId } from "../../../rules/shared/site";
import type { PriceAudience } from "../../../rules/staff/program-prices";

// The filter and sort vocabulary is shared with the browser's listing URLs, so it lives in rules/.
export { FILTER_FIELDS, LISTING_SORTS } from "../../../rules/catalog/listing-filters";
export type { FilterField, ListingSort, RangeFilter, ValueFilter, Filter } from "../../../rules/catalog/listing-filters";

// Catalogue shapes the API and the pages share (SPEC §3 Product, Variant, Filter definition).
// Money follows the storefront convention of SPEC §3: `price.amount` as a decimal string in USD.

export type { Money } from "../../../rules/shared/money";
export type { PackType, Species } from "./schema";
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

/** One option of a filter definition (SPEC §3). */
export type FilterOptionDefinition = {
  label: string;
  slug: string;
  sites: SiteId[];
  species: ("dog" | "cat")[];
  filter: Filter;
};

/** A filter definition of SPEC §3 with its options (get-filters-by-handle). */
export type FilterDefinition = {
  field: FilterField;
  label: string;
  navigationLabel: string;
  /** The category slug of SPEC §2, e.g. "pet-age". */
  slug: string;
  sites: SiteId[];
  species: ("dog" | "cat")[];
  isNavigation: boolean;
  isFacet: boolean;
  /** Filter the category implies by itself (house-brand, prescription-diet); null otherwise. */
  baseFilter: Filter | null;
  sort: Record<SiteId, number>;
  options: FilterOptionDefinition[];
};

/** What a category URL /products/{species}/{category}/{detail} stands for (resolveCategory). */
export type ResolvedCategory = {
  species: "dog" | "cat";
  /** Every filter the URL implies, species first; pass them to listProducts. */
  filters: Filter[];
  category: { slug: string; label: string; navigationLabel: string } | null;
  option: { slug: string; label: string } | null;
};

/** get-skus-with-deal: SKU → its deal. */
export type DealSkus = Record<string, { sku: string; label: string }>;

/** One URL of /sitemap.xml, site-relative. */
export type SitemapEntry = { path: string; lastModified?: string };

export type { PriceAudience };

export type ListingQuery = {
  site: SiteId;
  filters: Filter[];
  sort: ListingSort;
  /** 1-based. */
  page: number;
  limit: number;
  /**
   * Free-text search (the /search page). With a search the "featured" sort orders by relevance:
   * an exact SKU first, then full-text rank, then typo-tolerant matches.
   */
  search?: string;
  /** Compute the facets (default true); get-products skips them. */
  facets?: boolean;
  /**
   * Whose prices the price filter and the price sorts compare (rules/staff/program-prices.ts
   * priceAudience): program prices only for "program" on the staff site; the shop's otherwise
   * (the default, so a caller that does not say never compares prices its viewer does not pay).
   */
  priceAudience?: PriceAudience;
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
