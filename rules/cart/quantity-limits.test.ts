import { describe, expect, it } from "vitest";
import { allowedAddQuantity, isAutoshipLineOverLimit, isCartOverLimit, lineCap, normaliseQuantity, planLineAdds, showAutoshipWarning } from "./quantity-limits";

describe("cart limits (SPEC §5, §9)", () => {
  it("caps ordinary lines at 10 and autoship lines at 5", () => {
    expect(lineCap(false)).toBe(10);
    expect(lineCap(true)).toBe(5);
  });
  it("reduces an add so the line stays within its cap", () => {
    expect(allowedAddQuantity(0, 3, false)).toBe(3);
    expect(allowedAddQuantity(8, 5, false)).toBe(2);
    expect(allowedAddQuantity(10, 1, false)).toBe(0);
    expect(allowedAddQuantity(4, 3, true)).toBe(1);
    expect(allowedAddQuantity(0, 0, false)).toBe(1); // below 1 becomes 1
  });
  it("turns a quantity below 1 into 1", () => {
    expect(normaliseQuantity(0)).toBe(1);
    expect(normaliseQuantity(-4)).toBe(1);
    expect(normaliseQuantity(2.7)).toBe(2);
    expect(normaliseQuantity(Number.NaN)).toBe(1);
  });
  it("is over the limit only above 10 items", () => {
    expect(isCartOverLimit(10)).toBe(false);
    expect(isCartOverLimit(11)).toBe(true);
  });
  it("warns at 5 autoship and flags above 5", () => {
    expect(showAutoshipWarning([1, 4])).toBe(false);
    expect(showAutoshipWarning([5])).toBe(true);
    expect(isAutoshipLineOverLimit(5)).toBe(false);
    expect(isAutoshipLineOverLimit(6)).toBe(true);
  });
});

describe("several lines added at once (SPEC §5)", () => {
  const one = (variantId: number, quantity: number, sellingPlanId: string | null = null, tag = "") => ({ variantId, sellingPlanId, quantity, tag });

  it("adds new lines whole, in input order", () => {
    const plan = planLineAdds([], [one(1, 2), one(2, 3, "autoship-4w")]);
    expect(plan.writes.map((w) => [w.input.variantId, w.quantity])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(plan.capped).toEqual([]);
  });

  it("caps against what the cart holds, per item and purchase kind", () => {
    const plan = planLineAdds(
      [
        { variantId: 1, sellingPlanId: null, quantity: 8 },
        { variantId: 1, sellingPlanId: "autoship-4w", quantity: 5 },
      ],
      [one(1, 5), one(1, 1, "autoship-4w"), one(1, 2, "autoship-2w")],
    );
    expect(plan.writes.map((w) => [w.input.sellingPlanId, w.quantity])).toEqual([
      [null, 2],
      ["autoship-2w", 2],
    ]);
    expect(plan.capped).toEqual([0, 1]);
  });

  it("counts earlier inputs for the same line, as adding them one after another would", () => {
    const plan = planLineAdds(
      [{ variantId: 1, sellingPlanId: null, quantity: 3 }],
      [one(1, 4, null, "a"), one(2, 1), one(1, 4, null, "b"), one(1, 1, null, "c")],
    );
    // 3 + 4 = 7, then 3 more reach the cap of 10 (one of the 4 is cut), then nothing for "c".
    expect(plan.writes.map((w) => [w.input.variantId, w.quantity, w.input.tag])).toEqual([
      [1, 7, "b"],
      [2, 1, ""],
    ]);
    expect(plan.capped).toEqual([2, 3]);
  });

  it("treats a quantity below 1 as 1", () => {
    expect(planLineAdds([], [one(1, 0)]).writes[0].quantity).toBe(1);
  });
});
