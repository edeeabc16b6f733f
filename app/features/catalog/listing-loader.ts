import { priceAudience, seesProgramPrices, withoutProgramPrices } from "../../../rules/staff/program-prices";
import type { AppLoadContext } from "react-router";
import type { RememberedFilter } from "../../../rules/catalog/breadcrumbs";
import { LISTING_PAGE_SIZE, parseListingParams, selectedFilters, type FacetDefinition } from "../../../rules/catalog/listing-url";
import { packCards } from "../../../rules/catalog/page-packs/card-pack";
import { productCardModel } from "../../../rules/catalog/product-card";
import type { Filter, FilterDefinition, ListingResult } from "../../../server/modules/catalog";
import { dealSkusOnce } from "../../lib/deal-skus-once";
import { searchTop } from "../../lib/search-top";
import { cardRatings, withRating } from "../../lib/card-ratings";
import { showsListing, showsProducts } from "../../lib/page-shows";
import { packFacet } from "../../../rules/catalog/page-packs/facet-pack";
import type { FilterChip, ListingKind, ListingPageData, PanelFacet, SearchSuggestions } from "./listing-data";

// Loaders of the listing screens (/products, category pages, /search) and the search suggestions:
// URL → ListingQuery → catalogue service → what the page shows (thin edge, STYLE habit 2).
// Not a .server file: category-page.tsx, a plain module, imports it; it holds no server code, only
// server types, and route builds drop it with the loaders that call it.

const sameFilter = (a: Filter, b: Filter) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
function normalise(f: Filter) {
  return "value" in f ? { field: f.field, value: String(f.value).toLowerCase() } : { field: f.field, min: f.min ?? null, max: f.max ?? null };
}

/** The site's filter definitions as facets (slug, options' slugs and filters). */
function facetDefinitions(catalog: FilterDefinition[]): FacetDefinition[] {
  return catalog.filter((d) => d.isFacet).map((d) => ({ slug: d.slug, label: d.label, options: d.options }));
}

export type ListingOptions = {
  kind: ListingKind;
  basePath: string;
  /** Filters the page implies by itself (a category's), not shown as removable. */
  fixed?: Filter[];
  /** Labels of the fixed filters, for breadcrumbs. */
  fixedLabels?: RememberedFilter[];
  search?: string | null;
  category?: ListingPageData["category"];
};

export async function loadListing(context: AppLoadContext, request: Request, options: ListingOptions): Promise<ListingPageData> {
  const url = new URL(request.url);
  const catalog = context.services.catalog;
  // Loaded once and handed to the listing, which needs the same catalogue for its facet counts.
  const filterCatalog = await catalog.filterDefinitions(context.site.id);
  const definitions = facetDefinitions(filterCatalog);
  const state = parseListingParams(url.searchParams, definitions);
  const fixed = options.fixed ?? [];
  const search = options.search?.trim() || null;

  // The search page without a query lists nothing (it asks for one), rather than everything.
  const nothingToSearch = options.kind === "search-results" && !search;
  const [listed, deals] = await Promise.all([
    nothingToSearch
      ? Promise.resolve<ListingResult>({ products: [], total: 0, page: 1, limit: LISTING_PAGE_SIZE, pageCount: 0, facets: [] })
      : catalog.listProducts(
          {
            site: context.site.id,
            filters: [...fixed, ...selectedFilters(state, definitions)],
            sort: state.sort,
            page: state.page,
            limit: LISTING_PAGE_SIZE,
            ...(search ? { search } : {}),
            // The price filter and sorts compare the prices this viewer pays.
            priceAudience: priceAudience(context.site, context.staff),
          },
          { filterCatalog },
        ),
    dealSkusOnce(context),
  ]);
  const result = seesProgramPrices(context.site, context.staff) ? listed : { ...listed, products: withoutProgramPrices(listed.products) };
  showsListing(context);
  showsProducts(context, result.products);

  // Facets the page's own filters decide (a category's species or brand) are not offered again.
  const facets: PanelFacet[] = result.facets
    .filter((f) => !f.options.some((o) => fixed.some((x) => sameFilter(x, o.filter))) && !(fixed.length > 0 && f.field === "species"))
    .filter((f) => f.options.length > 0)
    .map((f) => packFacet({ slug: f.slug, label: f.label, options: f.options.map((o) => [o.slug, o.label, o.count]) }));

  const chips = chipsFor(state.selected, definitions);
  const chosenFlavors = chips.filter((c) => c.facet === "flavor").map((c) => c.label);
  const chosenForms = chips.filter((c) => c.facet === "food-form").map((c) => c.option);
  const dealSet = new Set(Object.keys(deals));
  const ratings = await cardRatings(
    context,
    result.products.map((p) => p.id),
  );
  const cards = packCards(
    result.products.flatMap((p) => {
      const card = productCardModel(p, {
        site: context.site,
        dealSkus: dealSet,
        freeShippingThresholdCents: context.publicConfig.freeShippingThresholdCents,
        // The category route's slug ("dog/flavor/turkey") picks the card's variant as on the product page.
        prefer: {
          slug: options.kind === "category-listing" ? options.basePath.replace(/^\/products\//, "") : null,
          search,
          flavors: chosenFlavors,
          foodForms: chosenForms,
          cheapest: state.sort.startsWith("price-"),
        },
      });
      return card ? [withRating(card, ratings.get(p.id))] : [];
    }),
  );

  return {
    kind: options.kind,
    basePath: options.basePath,
    search,
    state: { ...state, page: result.page || state.page },
    cards,
    total: result.total,
    page: result.page || state.page,
    pageCount: result.pageCount,
    limit: result.limit || LISTING_PAGE_SIZE,
    facets,
    chips,
    appliedFilters: [...(options.fixedLabels ?? []), ...chips.map((c) => ({ label: c.label, field: c.facet, value: c.option }))],
    category: options.category ?? null,
    origin: url.origin,
  };
}

function chipsFor(selected: Record<string, string[]>, definitions: FacetDefinition[]): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const def of definitions) {
    for (const slug of selected[def.slug] ?? []) {
      const option = def.options.find((o) => o.slug === slug);
      if (option) chips.push({ facet: def.slug, facetLabel: def.label ?? def.slug, option: slug, label: option.label ?? slug });
    }
  }
  return chips;
}

/** Top products for the predictive search dropdown. */
export async function loadSuggestions(context: AppLoadContext, query: string, limit = 6): Promise<SearchSuggestions> {
  const { query: q, products: found } = await searchTop(context, query, limit);
  const products = seesProgramPrices(context.site, context.staff) ? found : withoutProgramPrices(found);
  const items = products.flatMap((p) => {
    const card = productCardModel(p, {
      site: context.site,
      dealSkus: [],
      freeShippingThresholdCents: context.publicConfig.freeShippingThresholdCents,
      prefer: { search: q },
    });
    return card ? [{ title: card.title, brand: card.brand, href: card.href, imageSource: card.imageSource, priceCents: card.priceCents }] : [];
  });
  return { query: q, items };
}
