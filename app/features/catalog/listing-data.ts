import type { RememberedCategory, RememberedFilter } from "../../../rules/catalog/breadcrumbs";
import type { ListingState } from "../../../rules/catalog/listing-url";
import type { FacetOption, PackedFacet } from "../../../rules/catalog/page-packs/facet-pack";
import type { PackedCard } from "../../../rules/catalog/page-packs/card-pack";

// What a listing page (all products, a category, search results) sends to the browser.
// Built by listing-loader.ts, shown by listing-view.tsx.

export type ListingKind = "product-listing" | "category-listing" | "search-results";

/**
 * One option of a facet: a list rather than an object, since a listing shows about 80 of them; a
 * facet with its options travels as one string (rules/catalog/page-packs/facet-pack.ts). Whether an option is
 * chosen is the listing state's (state.selected), not sent twice.
 */
export type PanelOption = FacetOption;
export type PanelFacet = PackedFacet;
export type FilterChip = { facet: string; facetLabel: string; option: string; label: string };

export type ListingPageData = {
  kind: ListingKind;
  /** Path the filter form submits to and page links start from (no query). */
  basePath: string;
  /** The search query (search page), kept in every link and in the filter form. */
  search: string | null;
  state: ListingState;
  /** Packed (rules/catalog/page-packs/card-pack.ts): the view unpacks them. */
  cards: PackedCard[];
  total: number;
  page: number;
  pageCount: number;
  limit: number;
  facets: PanelFacet[];
  chips: FilterChip[];
  /** Every filter in force, category ones included, by label (breadcrumbs). */
  appliedFilters: RememberedFilter[];
  /** Category pages: the category and its species. */
  category: (RememberedCategory & { species: string }) | null;
  /** Origin of the request, for absolute URLs in structured data. */
  origin: string;
};

/** The predictive search dropdown's answer (GET /search/suggest?q=…). */
export type SearchSuggestions = {
  /** The query answered (trimmed), so a late answer to an older query is not shown. */
  query: string;
  items: { title: string; brand: string; href: string; imageSource: string; priceCents: number | null }[];
};
