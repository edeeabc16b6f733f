import type { AnalyticsLine } from "../../../rules/consent/ga4-cart-events";
import { track } from "../../lib/analytics-events";

// The cart events of SPEC §4 (GA4 ecommerce shape), built once the builders are loaded and sent
// through the one gate that waits for consent. The staff site sends no analytics (SPEC §2).

export function trackAddToCart(line: AnalyticsLine, autoship: boolean, isStaff: boolean) {
  void track((b) => b.addToCartEvents(line, autoship), isStaff);
}

export function trackRemoveFromCart(line: AnalyticsLine, isStaff: boolean) {
  void track((b) => b.removeFromCartEvent(line), isStaff);
}
