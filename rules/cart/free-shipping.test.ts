import { describe, expect, it } from "vitest";
import { freeShippingProgress, freeShippingQualifyingCents } from "./free-shipping";
import { EXCLUDED_PRODUCT_TYPE } from "../catalog/product-types";

const food = (subtotalCents: number) => ({ productType: "Dry Food", subtotalCents });

describe("free-shipping bar (SPEC §9)", () => {
  it("shows what is left until the threshold", () => {
    const p = freeShippingProgress([food(1999), food(1000)], 0, 4900);
    expect(p.remainingCents).toBe(1901);
    expect(p.text).toBe("$19.01 until free shipping");
    expect(p.percent).toBeCloseTo((2999 / 4900) * 100);
    expect(p.reached).toBe(false);
  });
  it("says so once the threshold is reached, floored at 0", () => {
    const p = freeShippingProgress([food(5200)], 0, 4900);
    expect(p.remainingCents).toBe(0);
    expect(p.text).toBe("You get free shipping!");
    expect(p.percent).toBe(100);
  });
  it("leaves out the excluded product type and zero-subtotal lines", () => {
    const p = freeShippingProgress([food(1000), { productType: "Donation", subtotalCents: 4000 }, food(0)], 0, 4900);
    expect(p.qualifyingCents).toBe(1000);
  });
  it("counts the subtotal after discount codes: a $50.47 cart with 10% off ($45.42) has not reached $49", () => {
    const p = freeShippingProgress([food(5047)], 505, 4900);
    expect(p).toMatchObject({ qualifyingCents: 4542, reached: false, text: "$3.58 until free shipping" });
  });
  it("lowers the count by the counting lines' share of a discount only", () => {
    // $60 of food and $40 of donation, $10 off: the food's share is $6.
    expect(freeShippingQualifyingCents([food(6000), { productType: EXCLUDED_PRODUCT_TYPE, subtotalCents: 4000 }], 1000)).toBe(5400);
    expect(freeShippingQualifyingCents([food(1000)], 5000)).toBe(0);
    expect(freeShippingQualifyingCents([], 0)).toBe(0);
  });
});
