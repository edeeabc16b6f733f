import type { AppLoadContext } from "react-router";
import { priceAudience } from "../../rules/staff/program-prices";
import type { Product } from "../../server/modules/catalog";
import { showsListing, showsProducts } from "./page-shows";

/**
 * A quick search (the header's suggestions, My Autoships' "Add an item to this delivery"): the
 * shop's search, its first `limit` products by relevance, without facets; nothing under two
 * letters. Answers the query as it was searched (trimmed, at most 100 characters) with them.
 */
export async function searchTop(context: AppLoadContext, query: string, limit: number): Promise<{ query: string; products: Product[] }> {
  const q = query.trim().slice(0, 100);
  if (q.length < 2) return { query: q, products: [] };
  const listed = await context.services.catalog.listProducts({
    site: context.site.id,
    filters: [],
    sort: "featured",
    page: 1,
    limit,
    search: q,
    facets: false,
    priceAudience: priceAudience(context.site, context.staff),
  });
  showsListing(context);
  showsProducts(context, listed.products);
  return { query: q, products: listed.products };
}
