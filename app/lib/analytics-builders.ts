// The event builders the storefront's pages load after they render (see analytics-events.ts): one
// chunk, fetched with the first event a page sends.

export { selectItemEvent, viewItemListEvent, viewItemEvent, viewCartEvent, basketOfCart } from "../../rules/consent/ga4-catalog-events";
export { addToCartEvents, removeFromCartEvent } from "../../rules/consent/ga4-cart-events";
