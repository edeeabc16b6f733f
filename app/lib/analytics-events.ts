import type { MouseEvent } from "react";
import { useEffect } from "react";
import type { Ga4List } from "../../rules/consent/ga4-list-names";
import { pushAnalytics, type AnalyticsEvent } from "./analytics";

// The storefront's side of the GA4 events: what the pages call. The event builders (rules/consent/ga4-catalog-events.ts,
// rules/consent/ga4-cart-events.ts) are loaded with the first event a page sends, never with the page itself:
// they cost no first-load JavaScript. Events keep the order they were raised in (every build waits
// for the same load), and each goes through pushAnalytics (consent). The staff site sends none
// (SPEC §2), so each call says which site it is on.

const loadBuilders = () => import("./analytics-builders");
export type Builders = Awaited<ReturnType<typeof loadBuilders>>;

let builders: Promise<Builders> | null = null;

/**
 * Builds an event once the builders are there and sends it; nothing on the staff site or when the
 * build gives nothing. Resolves when sent (tests wait for it).
 */
export function track(build: (b: Builders) => AnalyticsEvent | readonly AnalyticsEvent[] | null, isStaff: boolean): Promise<void> {
  if (isStaff || typeof window === "undefined") return Promise.resolve();
  builders ??= loadBuilders();
  return builders.then(
    (b) => {
      const built = build(b);
      for (const event of built === null ? [] : Array.isArray(built) ? built : [built as AnalyticsEvent]) pushAnalytics(event);
    },
    () => {
      // The chunk failed to load (offline, a new build): analytics are not worth an error; try again next time.
      builders = null;
    },
  );
}

/**
 * view_item_list when a list of products is shown, and again when it shows other products (a filter,
 * a sort, another page); `offset` is the position of its first product in the whole list.
 */
export function useViewItemList(
  list: Ga4List,
  products: readonly { sku: string; title: string; brand: string; priceCents: number }[],
  offset: number,
  isStaff: boolean,
) {
  const skus = products.map((p) => p.sku).join(" ");
  useEffect(() => {
    if (products.length) void track((b) => b.viewItemListEvent(list, products, offset), isStaff);
    // The SKUs say whether the list changed; a new array with the same products is the same list.
  }, [list.id, list.name, skus, offset, isStaff]);
}

/**
 * select_item for a click on a product card's link inside the element this handler is put on: the
 * link names its SKU (`?sku=`, rules/catalog/product-card.ts cardHref), the list its position. One handler
 * per list, not one per card, and nothing written into each card for it.
 */
export function selectItemOnClick(
  list: Ga4List,
  products: readonly { sku: string; title: string; brand: string; priceCents: number }[],
  offset: number,
  isStaff: boolean,
) {
  return (event: MouseEvent<HTMLElement>) => {
    if (isStaff) return;
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
    const sku = link ? new URL(link.href).searchParams.get("sku") : null;
    const index = sku ? products.findIndex((p) => p.sku === sku) : -1;
    if (index >= 0) void track((b) => b.selectItemEvent(list, products[index], offset + index), isStaff);
  };
}
