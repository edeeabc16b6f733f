// A listing's state in its URL: the chosen filter options as repeated parameters
// named by facet slug (?pet-age=puppy&food-form=dry&food-form=canned), the sort and the page, so a
// filtered page can be shared and reloaded. Anything unknown or malformed is ignored, never an error.

import { LISTING_SORTS, type Filter, type ListingSort } from "./listing-filters";

export const DEFAULT_SORT: ListingSort = "featured";
/** Cards per listing page. */
export const LISTING_PAGE_SIZE = 24;
/** Beyond this a page number is a typo or a crawler trap. */
export const MAX_PAGE = 500;
/** Parameters that are not filters. */
export const RESERVED_PARAMS = ["sort", "page", "search", "sku", "q", "_data", "index"] as const;

export const SORT_LABELS: Record<ListingSort, string> = {
  featured: "Featured",
  "price-asc": "Price: Low to High",
  "price-desc": "Price: High to Low",
  name: "Name: A to Z",
  newest: "Newest",
};

/** The part of a facet the URL needs: its slug and its options' slugs and filters. */
export type FacetDefinition = {
  slug: string;
  label?: string;
  options: { slug: string; label?: string; filter: Filter }[];
};

export type ListingState = {
  /** facet slug → chosen option slugs, in URL order. */
  selected: Record<string, string[]>;
  sort: ListingSort;
  page: number;
};

export const EMPTY_LISTING: ListingState = { selected: {}, sort: DEFAULT_SORT, page: 1 };

const SLUG = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

export function isListingSort(v: unknown): v is ListingSort {
  return typeof v === "string" && (LISTING_SORTS as readonly string[]).includes(v);
}

export function parsePage(v: string | null | undefined): number {
  if (!v || !/^\d{1,6}$/.test(v.trim())) return 1;
  const n = Number(v.trim());
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * URL search params → listing state. With `facets`, only known facet and option slugs are kept
 * (so the state is exactly what the filter panel can show); without, any well-formed slug is kept.
 */
export function parseListingParams(params: URLSearchParams, facets?: readonly FacetDefinition[]): ListingState {
  const known = facets ? new Map(facets.map((f) => [f.slug, new Set(f.options.map((o) => o.slug))])) : null;
  const selected: Record<string, string[]> = {};
  for (const [rawKey, rawValue] of params) {
    const key = rawKey.trim().toLowerCase();
    if ((RESERVED_PARAMS as readonly string[]).includes(key) || !SLUG.test(key)) continue;
    for (const part of rawValue.split(",")) {
      const value = part.trim().toLowerCase();
      if (!SLUG.test(value)) continue;
      if (known && !known.get(key)?.has(value)) continue;
      const list = (selected[key] ??= []);
      if (!list.includes(value)) list.push(value);
    }
  }
  const sort = params.get("sort");
  return { selected, sort: isListingSort(sort) ? sort : DEFAULT_SORT, page: parsePage(params.get("page")) };
}

/** The filters the chosen options stand for (options not in `facets` are skipped). */
export function selectedFilters(state: ListingState, facets: readonly FacetDefinition[]): Filter[] {
  const filters: Filter[] = [];
  for (const facet of facets) {
    const chosen = state.selected[facet.slug];
    if (!chosen?.length) continue;
    for (const option of facet.options) if (chosen.includes(option.slug)) filters.push(option.filter);
  }
  return filters;
}

/** Listing state → search params (defaults left out, so the bare listing has a bare URL). */
export function listingSearchParams(state: ListingState, extra: Record<string, string | null | undefined> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  for (const [facet, options] of Object.entries(state.selected)) for (const o of options) params.append(facet, o);
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** "?…" or "" for a link. */
export function listingHref(pathname: string, state: ListingState, extra: Record<string, string | null | undefined> = {}): string {
  const qs = listingSearchParams(state, extra).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export function isSelected(state: ListingState, facet: string, option: string): boolean {
  return state.selected[facet]?.includes(option) ?? false;
}

export function selectedCount(state: ListingState): number {
  return Object.values(state.selected).reduce((n, list) => n + list.length, 0);
}

function withSelected(state: ListingState, facet: string, options: string[]): ListingState {
  const selected = { ...state.selected };
  if (options.length) selected[facet] = options;
  else delete selected[facet];
  // A different result set starts again at its first page.
  return { ...state, selected, page: 1 };
}

export function toggleOption(state: ListingState, facet: string, option: string): ListingState {
  const current = state.selected[facet] ?? [];
  return withSelected(state, facet, current.includes(option) ? current.filter((o) => o !== option) : [...current, option]);
}

export function removeOption(state: ListingState, facet: string, option: string): ListingState {
  return withSelected(
    state,
    facet,
    (state.selected[facet] ?? []).filter((o) => o !== option),
  );
}

export function clearFilters(state: ListingState): ListingState {
  return { ...state, selected: {}, page: 1 };
}

export function withSort(state: ListingState, sort: ListingSort): ListingState {
  return { ...state, sort, page: 1 };
}

export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page: Math.max(1, Math.min(MAX_PAGE, Math.floor(page))) };
}

/**
 * Page links to show: first, last, and a window around the current page, with null for a gap.
 * e.g. (7, 20) → [1, null, 6, 7, 8, null, 20].
 */
export function pageWindow(current: number, pageCount: number, radius = 1): (number | null)[] {
  if (pageCount <= 1) return pageCount === 1 ? [1] : [];
  const pages = new Set<number>([1, pageCount]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0) {
      const gap = p - sorted[i - 1];
      if (gap === 2) out.push(p - 1);
      else if (gap > 2) out.push(null);
    }
    out.push(p);
  });
  return out;
}

/** "Showing 25–48 of 113 products" numbers. */
export function resultRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min(total, (page - 1) * limit + 1);
  return { from, to: Math.min(total, page * limit) };
}
