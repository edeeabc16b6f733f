import { useMemo, type ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { clearFilters, listingHref, resultRange } from "../../../rules/catalog/listing-url";
import { categoryList, GA4_LISTS } from "../../../rules/consent/ga4-list-names";
import { unpackCards } from "../../../rules/catalog/page-packs/card-pack";
import { Breadcrumbs } from "./breadcrumbs";
import { FilterChips, FilterPanel } from "./filter-panel";
import type { ListingPageData } from "./listing-data";
import { Pagination } from "./pagination";
import { ProductGrid } from "./product-grid";
import { SortSelect } from "./sort-select";

/**
 * The listing screen shared by /products, the category pages and /search: breadcrumbs, title,
 * filter panel, sort, chips, cards, pagination, and an empty state.
 */
export function ListingView({
  data,
  title,
  intro,
  noResults,
}: {
  data: ListingPageData;
  title: string;
  /** Shown under the title (e.g. a category's description). */
  intro?: ReactNode;
  /** Replaces the empty state when nothing matches before any filter is chosen (search suggestions). */
  noResults?: ReactNode;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === data.basePath;
  const { from, to } = resultRange(data.page, data.limit, data.total);
  const filtered = data.chips.length > 0;
  const clearHref = listingHref(data.basePath, clearFilters(data.state), { search: data.search });
  const cards = useMemo(() => unpackCards(data.cards), [data.cards]);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs
        kind={data.kind}
        species={data.category?.species}
        category={data.category ? { label: data.category.label, url: data.category.url } : null}
        filters={data.appliedFilters}
        search={data.search}
        origin={data.origin}
      />
      <h1 className="mt-3 text-3xl font-bold text-secondary">{title}</h1>
      {intro}
      <div className="mt-6 gap-8 lg:flex">
        {(data.facets.length > 0 || filtered) && (
          <aside aria-label="Filters" className="mb-4 lg:mb-0">
            <FilterPanel data={data} />
          </aside>
        )}
        <section aria-labelledby="results-heading" className="min-w-0 flex-1" aria-busy={loading || undefined}>
          {/* The count and the sort (catalog.css .lst-bar). */}
          <div className="lst-bar">
            <h2 id="results-heading" aria-live="polite" data-testid="result-count">
              {data.total === 0
                ? "0 products"
                : data.pageCount > 1
                  ? `Showing ${from}–${to} of ${data.total} products`
                  : `${data.total} ${data.total === 1 ? "product" : "products"}`}
            </h2>
            {data.total > 0 && <SortSelect state={data.state} />}
          </div>
          <div className="mt-3">
            <FilterChips data={data} />
          </div>
          <div className={loading ? "mt-4 transition-opacity opacity-60" : "mt-4 transition-opacity"}>
            {cards.length > 0 ? (
              <ProductGrid
                cards={cards}
                label={title}
                list={
                  data.kind === "search-results" ? GA4_LISTS.search : data.kind === "category-listing" ? categoryList(data.basePath, title) : GA4_LISTS.products
                }
                offset={(data.page - 1) * data.limit}
              />
            ) : !filtered && data.page === 1 && noResults ? (
              noResults
            ) : (
              <div className="rounded border border-gray-200 bg-mist px-6 py-10 text-center" data-testid="empty-state">
                <p className="text-lg font-semibold text-secondary">
                  {data.page > 1 && data.total > 0 ? "This page is past the last page of results." : "No products match these filters."}
                </p>
                <p className="mt-2 text-gray-700">Try removing a filter or two, or start again with every product.</p>
                <div className="mt-5 flex flex-wrap justify-center gap-3">
                  {data.page > 1 && data.total > 0 && (
                    <Link
                      to={listingHref(data.basePath, { ...data.state, page: 1 }, { search: data.search })}
                      className="rounded border border-primary px-4 py-2 font-semibold text-primary"
                    >
                      Go to the first page
                    </Link>
                  )}
                  {filtered && (
                    <Link to={clearHref} className="rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
                      Clear filters
                    </Link>
                  )}
                  <Link to="/products" className="rounded border border-primary px-4 py-2 font-semibold text-primary">
                    Shop All Pet Food
                  </Link>
                </div>
              </div>
            )}
          </div>
          <Pagination basePath={data.basePath} state={data.state} page={data.page} pageCount={data.pageCount} search={data.search} />
        </section>
      </div>
    </main>
  );
}
