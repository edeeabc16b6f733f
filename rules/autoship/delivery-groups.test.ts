import { describe, expect, it } from "vitest";
import { deliveryGroups, type DeliveryCandidate } from "./delivery-groups";

const address = { firstName: "Pat", lastName: "Doe", address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "80011", countryCode: "US" };
const due = (id: string, over: Partial<DeliveryCandidate> = {}): DeliveryCandidate => ({
  id,
  customerId: "c1",
  site: "d2c",
  nextOrderDate: "2031-03-04",
  shippingAddress: address,
  shippingMethod: "standard",
  paymentMethodId: "pm1",
  saveDiscountCode: null,
  variantId: Number(id.replace(/\D/g, "")),
  quantity: 1,
  oneTimeQuantity: 0,
  ...over,
});
const ids = (groups: DeliveryCandidate[][]) => groups.map((g) => g.map((c) => c.id));

describe("one box per day", () => {
  it("one customer's Autoships due the same day to the same address share a box, in id order", () => {
    expect(ids(deliveryGroups([due("s3"), due("s1"), due("s2", { shippingAddress: { ...address, city: " AURORA " } })]))).toEqual([["s1", "s2", "s3"]]);
  });

  it("another day, address, customer, site, method or card is another box", () => {
    for (const over of [
      { nextOrderDate: "2031-03-05" },
      { shippingAddress: { ...address, address1: "2 Main St" } },
      { customerId: "c2" },
      { site: "hpsf" },
      { shippingMethod: "express" },
      { paymentMethodId: "pm2" },
    ])
      expect(ids(deliveryGroups([due("s1"), due("s2", over)]))).toEqual([["s1"], ["s2"]]);
  });

  it("a save offer's discount, a missing card or the same item ships alone", () => {
    expect(ids(deliveryGroups([due("s1"), due("s2", { saveDiscountCode: "SAVE-1" }), due("s3", { paymentMethodId: null })]))).toEqual([["s1"], ["s2"], ["s3"]]);
    expect(ids(deliveryGroups([due("s1", { variantId: 7 }), due("s2", { variantId: 7 }), due("s3")]))).toEqual([["s1", "s3"], ["s2"]]);
  });

  it("a box holds at most 10 items, one-time items counted", () => {
    expect(ids(deliveryGroups([due("s1", { quantity: 4 }), due("s2", { quantity: 3, oneTimeQuantity: 3 }), due("s3", { quantity: 1 })]))).toEqual([
      ["s1", "s2"],
      ["s3"],
    ]);
  });
});
