import type { MouseEvent } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GA4_LISTS } from "../../rules/consent/ga4-list-names";
import { resetAnalyticsForTests, setAnalyticsConsent } from "./analytics";
import { selectItemOnClick, track } from "./analytics-events";

// The storefront's calls into the analytics gate: builders loaded on demand, events in the order
// raised, nothing from the staff site, a card link's click becomes the select_item of that card at
// its position. (Node has no DOM: the click's target is a stand-in with the one method used.)

const products = [
  { sku: "KC-D01-CH-5", title: "Kindred Crest Everyday Adult", brand: "Kindred Crest", priceCents: 1299 },
  { sku: "MW-C07-TU-12", title: "Meadowhill Tuna Pâté", brand: "Meadowhill", priceCents: 2450 },
];

type Win = { dataLayer?: Record<string, unknown>[] };
const events = () => ((globalThis as unknown as { window: Win }).window.dataLayer ?? []).filter((e) => e.event);
/** Lets every queued build run (they wait for the same import). */
const sent = () => track(() => null, false);

/**
 * A click on an element inside the card of `sku` (null: a link that is no card's); `onLink`: whether it
 * is (inside) a link, whose address names the card's SKU as rules/catalog/product-card.ts cardHref writes it.
 */
function clickIn(sku: string | null, onLink: boolean) {
  const href = sku ? `http://localhost:3000/products/brand/handle/flavor/size?sku=${encodeURIComponent(sku)}` : "http://localhost:3000/products/dog/species";
  const target = { closest: (selector: string) => (selector === "a[href]" && onLink ? { href } : null) };
  return { target } as unknown as MouseEvent<HTMLElement>;
}

beforeEach(() => {
  (globalThis as unknown as { window: Win }).window = {};
  resetAnalyticsForTests();
  setAnalyticsConsent(true);
});
afterEach(() => {
  delete (globalThis as unknown as { window?: Win }).window;
  resetAnalyticsForTests();
});

describe("track", () => {
  it("builds with the loaded builders and sends through the gate, in the order raised", async () => {
    void track(
      (b) =>
        b.viewItemEvent({
          sku: "KC-D01-CH-5",
          title: "Kindred Crest Everyday Adult",
          brand: "Kindred Crest",
          variantTitle: "Chicken / 5 lb Bag",
          priceCents: 1299,
        }),
      false,
    );
    const line = {
      sku: "KC-D01-CH-5",
      productTitle: "Kindred Crest Everyday Adult",
      brand: "Kindred Crest",
      variantTitle: "Chicken / 5 lb Bag",
      unitPrice: "12.99",
      quantity: 1,
    };
    void track((b) => b.addToCartEvents(line, true), false);
    await sent();
    expect(events().map((e) => e.event)).toEqual(["view_item", "add_to_cart", "cta_click", "cta_click"]);
  });

  it("sends nothing on the staff site, and nothing for an empty build", async () => {
    void track((b) => b.viewCartEvent({ lines: [], discountCents: 0, coupons: [] }), false);
    void track((b) => b.viewItemListEvent(GA4_LISTS.products, products), true);
    await sent();
    expect(events()).toEqual([]);
  });
});

describe("selectItemOnClick", () => {
  it("a click on a card's link is the select_item of that card, at its place in the whole list", async () => {
    selectItemOnClick(GA4_LISTS.products, products, 24, false)(clickIn("MW-C07-TU-12", true));
    await sent();
    expect(events()).toEqual([
      {
        event: "select_item",
        ecommerce: {
          item_list_id: "products",
          item_list_name: "Shop All Pet Food",
          items: [
            {
              item_id: "MW-C07-TU-12",
              item_name: "Meadowhill Tuna Pâté",
              item_brand: "Meadowhill",
              price: 24.5,
              index: 25,
              item_list_id: "products",
              item_list_name: "Shop All Pet Food",
            },
          ],
        },
      },
    ]);
  });

  it("a click elsewhere in a card (its add-to-cart button), outside the cards, or on the staff site is no selection", async () => {
    selectItemOnClick(GA4_LISTS.products, products, 0, false)(clickIn("KC-D01-CH-5", false));
    selectItemOnClick(GA4_LISTS.products, products, 0, false)(clickIn(null, true));
    selectItemOnClick(GA4_LISTS.products, products, 0, false)(clickIn("XX-UNKNOWN", true));
    selectItemOnClick(GA4_LISTS.products, products, 0, true)(clickIn("KC-D01-CH-5", true));
    await sent();
    expect(events()).toEqual([]);
  });
});
