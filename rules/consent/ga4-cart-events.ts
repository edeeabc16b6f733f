// Cart analytics of SPEC §4: an add-to-cart event on success (autoship adds also send two
// call-to-action events) and a remove-from-cart event on remove, in the GA4 ecommerce shape pushed to
// the tag manager's data layer. Never on the staff site (SPEC §2: no analytics there).

import { amountToCents, centsToDollars } from "../shared/money";

export type AnalyticsLine = {
  sku: string;
  productTitle: string;
  brand: string;
  variantTitle: string;
  /** Price of one unit as the cart charges it, e.g. "12.99". */
  unitPrice: string;
  quantity: number;
};

export type Ga4Item = {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_variant: string;
  price: number;
  quantity: number;
};

export type CartEcommerceEvent = {
  event: "add_to_cart" | "remove_from_cart";
  ecommerce: { currency: "USD"; value: number; items: Ga4Item[] };
};

/** The two call-to-action events an autoship add sends (SPEC §4). */
export const AUTOSHIP_CTA_EVENTS = [
  { event: "cta_click", cta: "autoship_add" },
  { event: "cta_click", cta: "autoship_subscribe" },
] as const;

function ecommerceEvent(event: CartEcommerceEvent["event"], line: AnalyticsLine): CartEcommerceEvent {
  const unitCents = amountToCents(line.unitPrice);
  return {
    event,
    ecommerce: {
      currency: "USD",
      value: centsToDollars(unitCents * line.quantity),
      items: [
        {
          item_id: line.sku,
          item_name: line.productTitle,
          item_brand: line.brand,
          item_variant: line.variantTitle,
          price: centsToDollars(unitCents),
          quantity: line.quantity,
        },
      ],
    },
  };
}

/** Events to push after an add of `line.quantity` items; none when nothing was added. */
export function addToCartEvents(line: AnalyticsLine, autoship: boolean): (Record<string, unknown> & { event: string })[] {
  if (line.quantity < 1) return [];
  return [ecommerceEvent("add_to_cart", line), ...(autoship ? AUTOSHIP_CTA_EVENTS.map((e) => ({ ...e })) : [])];
}

export function removeFromCartEvent(line: AnalyticsLine): CartEcommerceEvent {
  return ecommerceEvent("remove_from_cart", line);
}
