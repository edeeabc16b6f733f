import { describe, expect, it } from "vitest";
import { addToCartEvents, removeFromCartEvent, type AnalyticsLine } from "./ga4-cart-events";

const line: AnalyticsLine = {
  sku: "KC-D01-CH-5",
  productTitle: "Kindred Crest Everyday Adult Dry Dog Food",
  brand: "Kindred Crest",
  variantTitle: "Chicken / 5 lb Bag",
  unitPrice: "12.99",
  quantity: 3,
};

describe("cart analytics events (SPEC §4, GA4 ecommerce shape)", () => {
  it("add_to_cart carries the item, its unit price and the value of what was added", () => {
    expect(addToCartEvents(line, false)).toEqual([
      {
        event: "add_to_cart",
        ecommerce: {
          currency: "USD",
          value: 38.97,
          items: [
            {
              item_id: "KC-D01-CH-5",
              item_name: "Kindred Crest Everyday Adult Dry Dog Food",
              item_brand: "Kindred Crest",
              item_variant: "Chicken / 5 lb Bag",
              price: 12.99,
              quantity: 3,
            },
          ],
        },
      },
    ]);
  });

  it("an autoship add also sends the two call-to-action events", () => {
    const events = addToCartEvents(line, true);
    expect(events.map((e) => [e.event, e.cta])).toEqual([
      ["add_to_cart", undefined],
      ["cta_click", "autoship_add"],
      ["cta_click", "autoship_subscribe"],
    ]);
  });

  it("nothing is sent when nothing was added (the line was already at its cap)", () => {
    expect(addToCartEvents({ ...line, quantity: 0 }, true)).toEqual([]);
  });

  it("remove_from_cart has the same shape", () => {
    const event = removeFromCartEvent({ ...line, quantity: 1 });
    expect(event.event).toBe("remove_from_cart");
    expect(event.ecommerce).toMatchObject({ currency: "USD", value: 12.99, items: [{ quantity: 1, price: 12.99 }] });
  });
});
