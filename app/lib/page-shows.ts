import type { AppLoadContext } from "react-router";
import { LISTINGS_KEY, productKey } from "../../rules/shared/page-cache-keys";

// What a page shows, for purging it from the shared cache in front by key (server/http/page-cache.ts
// sends the keys as `Surrogate-Key`; rules/shared/page-cache-keys.ts maps a change to keys). Said
// where products come into a page — the product page, the listing, carousels, quick search, the
// sitemap — so a page of any route that shows a product names it. Nothing is kept outside a page
// the page cache may keep (`pageShows` is unset).

/** The page shows these products: a change to one of them (stock, price, rating) purges it. */
export function showsProducts(context: AppLoadContext, products: Iterable<{ id: string | number }>): void {
  if (!context.pageShows) return;
  for (const p of products) context.pageShows.add(productKey(p.id));
}

/** Which products the page lists may change with any product (added, removed, re-priced, re-filtered). */
export function showsListing(context: AppLoadContext): void {
  context.pageShows?.add(LISTINGS_KEY);
}
