import { describe, expect, it } from "vitest";
import { freeShippingProgress } from "./free-shipping";

const food = (subtotalCents: number) => ({ productType: "Dry Food", subtotalCents });

describe("free-shipping bar (SPEC §9)", () => {
  it("shows what is left until the threshold", () => {
    const p = freeShippingProgress([food(1999), food(1000)], 4900);
    expect(p.remainingCents).toBe(1901);
    expect(p.text).toBe("$19.01 until free shipping");
    expect(p.percent).toBeCloseTo((2999 / 4900) * 100);
    expect(p.reached).toBe(false);
  });
  it("says so once the threshold is reached, floored at 0", () => {
    const p = freeShippingProgress([food(5200)], 4900);
    expect(p.remainingCents).toBe(0);
    expect(p.text).toBe("You get free shipping!");
    expect(p.percent).toBe(100);
  });
  it("leaves out the excluded product type and zero-subtotal lines", () => {
    const p = freeShippingProgress([food(1000), { productType: "Donation", subtotalCents: 4000 }, food(0)], 4900);
    expect(p.qualifyingCents).toBe(1000);
  });
});
