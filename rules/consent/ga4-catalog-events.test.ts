import { describe, expect, it } from "vitest";
import { basketEcommerce, basketOfCart, basketValueCents, selectItemEvent, viewCartEvent, viewItemEvent, viewItemListEvent } from "./ga4-catalog-events";
import { basket, basketItems } from "./ga4-basket.fixture";
import { carouselList, categoryList, GA4_LISTS } from "./ga4-list-names";

const kibble = { sku: "KC-D01-CH-5", title: "Kindred Crest Everyday Adult", brand: "Kindred Crest", priceCents: 1299 };
const tins = { sku: "MW-C07-TU-12", title: "Meadowhill Tuna Pâté", brand: "Meadowhill", priceCents: 2450 };

describe("lists: view_item_list and select_item", () => {
  it("view_item_list names the list on the event and on every item, with each item's position", () => {
    expect(viewItemListEvent(GA4_LISTS.products, [kibble, tins])).toEqual({
      event: "view_item_list",
      ecommerce: {
        item_list_id: "products",
        item_list_name: "Shop All Pet Food",
        items: [
          {
            item_id: "KC-D01-CH-5",
            item_name: "Kindred Crest Everyday Adult",
            item_brand: "Kindred Crest",
            price: 12.99,
            index: 0,
            item_list_id: "products",
            item_list_name: "Shop All Pet Food",
          },
          {
            item_id: "MW-C07-TU-12",
            item_name: "Meadowhill Tuna Pâté",
            item_brand: "Meadowhill",
            price: 24.5,
            index: 1,
            item_list_id: "products",
            item_list_name: "Shop All Pet Food",
          },
        ],
      },
    });
  });

  it("a later page of a listing counts positions from its first product", () => {
    const event = viewItemListEvent(GA4_LISTS.search, [kibble, tins], 24);
    expect(event.ecommerce.items.map((i) => i.index)).toEqual([24, 25]);
    expect(event.ecommerce.item_list_id).toBe("search");
  });

  it("category and carousel lists get stable ids", () => {
    expect(categoryList("/products/dog/dry-food", "Dry Dog Food")).toEqual({ id: "products/dog/dry-food", name: "Dry Dog Food" });
    expect(carouselList("HomePage")).toEqual({ id: "carousel_homepage", name: "HomePage" });
    expect(carouselList("Cart")).toEqual({ id: "carousel_cart", name: "Cart" });
    expect(carouselList("About Us")).toEqual({ id: "carousel_about_us", name: "About Us" });
  });

  it("select_item carries the one chosen item with its list and position", () => {
    expect(selectItemEvent(carouselList("HomePage"), tins, 4)).toEqual({
      event: "select_item",
      ecommerce: {
        item_list_id: "carousel_homepage",
        item_list_name: "HomePage",
        items: [
          {
            item_id: "MW-C07-TU-12",
            item_name: "Meadowhill Tuna Pâté",
            item_brand: "Meadowhill",
            price: 24.5,
            index: 4,
            item_list_id: "carousel_homepage",
            item_list_name: "HomePage",
          },
        ],
      },
    });
  });
});

describe("view_item", () => {
  it("is the variant shown: SKU, variant title, price as a number, value for one unit", () => {
    expect(
      viewItemEvent({
        sku: "KC-D01-CH-5",
        title: "Kindred Crest Everyday Adult",
        brand: "Kindred Crest",
        variantTitle: "Chicken / 5 lb Bag",
        priceCents: 1299,
      }),
    ).toEqual({
      event: "view_item",
      ecommerce: { currency: "USD", value: 12.99, items: [{ ...basketItems[0], quantity: 1 }] },
    });
  });
});

describe("cart events", () => {
  it("value is price × quantity of every line (no shipping, no tax)", () => {
    expect(basketValueCents(basket)).toBe(3 * 1299 + 2450);
    expect(viewCartEvent(basket)).toEqual({ event: "view_cart", ecommerce: { currency: "USD", value: 63.47, items: basketItems } });
  });

  it("discount codes take their amount off the value (view_cart has no coupon parameter in GA4)", () => {
    const discounted = { ...basket, discountCents: 635, coupons: ["WELCOME10", "AUTO35"] };
    expect(viewCartEvent(discounted)?.ecommerce).toEqual({ currency: "USD", value: 57.12, items: basketItems });
  });

  it("the shared basket parameters name the codes that took money off as the coupon, and only then", () => {
    expect(basketEcommerce({ ...basket, discountCents: 635, coupons: ["WELCOME10", "AUTO35"] })).toEqual({
      currency: "USD",
      value: 57.12,
      coupon: "WELCOME10,AUTO35",
      items: basketItems,
    });
    expect(basketEcommerce(basket)).not.toHaveProperty("coupon");
  });

  it("an empty cart sends no view_cart", () => {
    expect(viewCartEvent({ lines: [], discountCents: 0, coupons: [] })).toBeNull();
  });

  it("a cart view becomes a basket at the unit price charged, with only the codes that took money off", () => {
    const cart = {
      lineItems: [
        {
          quantity: 2,
          product: { title: "Kindred Crest Everyday Adult", brand: "Kindred Crest" },
          variant: { sku: "KC-D01-CH-5", title: "Chicken / 5 lb Bag" },
          cost: { amountPerQuantity: { amount: "12.34" } },
        },
      ],
      discountCodes: [
        { code: "AUTO35", applicable: true, amount: { amount: "4.32" } },
        { code: "EXPIRED5", applicable: false, amount: { amount: "0.00" } },
      ],
      cost: { discountAmount: { amount: "4.32" } },
    };
    expect(basketOfCart(cart)).toEqual({
      lines: [
        {
          sku: "KC-D01-CH-5",
          title: "Kindred Crest Everyday Adult",
          brand: "Kindred Crest",
          variantTitle: "Chicken / 5 lb Bag",
          unitPriceCents: 1234,
          quantity: 2,
        },
      ],
      discountCents: 432,
      coupons: ["AUTO35"],
    });
  });
});
