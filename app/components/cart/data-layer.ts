import { addToCartEvents, removeFromCartEvent, type AnalyticsLine } from "../../../rules/cart-analytics";

// Pushes the cart events of SPEC §4 to the tag manager's data layer (GA4 ecommerce shape).
// The staff site sends no analytics (SPEC §2).

function push(events: Record<string, unknown>[]) {
  window.dataLayer = window.dataLayer ?? [];
  for (const event of events) {
    // GA4: clear the previous ecommerce object so its items do not merge into this event's.
    if ("ecommerce" in event) window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push(event);
  }
}

export function trackAddToCart(line: AnalyticsLine, autoship: boolean, isStaff: boolean) {
  if (!isStaff) push(addToCartEvents(line, autoship));
}

export function trackRemoveFromCart(line: AnalyticsLine, isStaff: boolean) {
  if (!isStaff) push([removeFromCartEvent(line) as unknown as Record<string, unknown>]);
}
