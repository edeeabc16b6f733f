import { describe, expect, it } from "vitest";
import { basket, basketItems } from "./ga4-basket.fixture";
import { addPaymentInfoEvent, addShippingInfoEvent, beginCheckoutEvent, paymentTypeOf, purchasedOrderOf, purchaseEvent } from "./ga4-checkout-events";

describe("checkout events", () => {
  it("begin_checkout: discount codes take their amount off the value and are named as the coupon", () => {
    const discounted = { ...basket, discountCents: 635, coupons: ["WELCOME10", "AUTO35"] };
    expect(beginCheckoutEvent(discounted)).toEqual({
      event: "begin_checkout",
      ecommerce: { currency: "USD", value: 57.12, coupon: "WELCOME10,AUTO35", items: basketItems },
    });
  });

  it("begin_checkout without a code has no coupon parameter", () => {
    expect(beginCheckoutEvent(basket).ecommerce).not.toHaveProperty("coupon");
  });

  it("add_shipping_info adds the shipping tier", () => {
    expect(addShippingInfoEvent(basket, "express")).toEqual({
      event: "add_shipping_info",
      ecommerce: { currency: "USD", value: 63.47, shipping_tier: "express", items: basketItems },
    });
  });

  it("add_payment_info adds the payment type: a typed card or a saved one", () => {
    expect(paymentTypeOf("new")).toBe("Credit Card");
    expect(paymentTypeOf(undefined)).toBe("Credit Card");
    expect(paymentTypeOf("saved:8b0c")).toBe("Saved Card");
    expect(addPaymentInfoEvent(basket, paymentTypeOf("saved:8b0c"))).toEqual({
      event: "add_payment_info",
      ecommerce: { currency: "USD", value: 63.47, payment_type: "Saved Card", items: basketItems },
    });
  });
});

describe("purchase", () => {
  const order = {
    number: "KC-100042",
    discountCodes: ["WELCOME10"],
    totalDiscounts: { amount: "6.35" },
    totalShipping: { amount: "5.99" },
    serviceCharge: { amount: "4.00" },
    totalTax: { amount: "3.71" },
    lineItems: [
      { sku: "KC-D01-CH-5", title: "Kindred Crest Everyday Adult", variantTitle: "Chicken / 5 lb Bag", quantity: 3, unitPrice: { amount: "12.99" } },
      { sku: "MW-C07-TU-12", title: "Meadowhill Tuna Pâté", variantTitle: "Tuna / 12 × 3 oz", quantity: 1, unitPrice: { amount: "24.50" } },
    ],
  };

  it("has the order number, value without shipping and tax, tax, shipping (with the service charge), coupon and the items", () => {
    expect(purchaseEvent(purchasedOrderOf(order))).toEqual({
      event: "purchase",
      ecommerce: {
        transaction_id: "KC-100042",
        currency: "USD",
        value: 57.12,
        coupon: "WELCOME10",
        tax: 3.71,
        shipping: 9.99,
        items: basketItems.map(({ item_brand: _brand, ...item }) => item),
      },
    });
  });

  it("value + shipping + tax is the order's total", () => {
    const { ecommerce } = purchaseEvent(purchasedOrderOf(order));
    expect(Math.round((ecommerce.value + ecommerce.shipping + ecommerce.tax) * 100)).toBe(6347 - 635 + 599 + 400 + 371);
  });

  it("free shipping is 0, not missing; prices are numbers", () => {
    const { ecommerce } = purchaseEvent(
      purchasedOrderOf({
        ...order,
        discountCodes: [],
        totalDiscounts: { amount: "0.00" },
        totalShipping: { amount: "0.00" },
        serviceCharge: { amount: "0.00" },
      }),
    );
    expect(ecommerce.shipping).toBe(0);
    expect(ecommerce).not.toHaveProperty("coupon");
    expect(ecommerce.items.every((i) => typeof i.price === "number")).toBe(true);
  });
});
