import type { AppLoadContext } from "react-router";
import type { DealSkus } from "../../server/modules/catalog";

// The site's deal SKUs, read once per request however many loaders and carousels of the page ask
// (the load context is one object per request).
const perRequest = new WeakMap<AppLoadContext, Promise<DealSkus>>();

export function dealSkusOnce(context: AppLoadContext): Promise<DealSkus> {
  let deals = perRequest.get(context);
  if (!deals) {
    deals = context.services.catalog.dealSkus(context.site.id);
    perRequest.set(context, deals);
  }
  return deals;
}
