import { describe, expect, it } from "vitest";
import {
  allowedAddQuantity,
  isAutoshipLineOverLimit,
  isCartOverLimit,
  lineCap,
  normaliseQuantity,
  showAutoshipWarning,
} from "./cart-limits";

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
