// The product lists the GA4 events name (view_item_list, select_item): an id stable for reports and
// the name the shopper sees. Tiny on purpose: the pages hold these from the start, while the event
// builders (ga4-events.ts) load later.

export type Ga4List = { id: string; name: string };

/** The lists the shop reports: id stable for reports, name as the shopper sees it. */
export const GA4_LISTS = {
  products: { id: "products", name: "Shop All Pet Food" },
  search: { id: "search", name: "Search Results" },
} as const;

/** A category page's list: its path is its id (products/dog/dry-food), its title its name. */
export function categoryList(basePath: string, title: string): Ga4List {
  return { id: basePath.replace(/^\/+/, ""), name: title };
}

/**
 * A content carousel's list: named as SPEC §2 says (HomePage, Cart; an info page's title, NotFound),
 * its id from that name in lower case, words joined by "_".
 */
export function carouselList(listName: string): Ga4List {
  return {
    id: `carousel_${listName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")}`,
    name: listName,
  };
}
