import { describe, expect, it } from "vitest";
import { canDecrease, canIncrease, isAllowedQuantityKey, quantityBounds, quantityOnBlur, sanitizeQuantityInput, stepQuantity } from "./quantity-input";

const ordinary = quantityBounds(false);
const autoship = quantityBounds(true);

describe("quantity control of SPEC §4/§5", () => {
  it("caps ordinary lines at 10 and autoship lines at 5", () => {
    expect(ordinary).toEqual({ min: 1, max: 10 });
    expect(autoship).toEqual({ min: 1, max: 5 });
  });

  it("accepts digits only while typing, and turns anything below 1 into 1", () => {
    expect(sanitizeQuantityInput("3")).toBe("3");
    expect(sanitizeQuantityInput("1a2")).toBe("12");
    expect(sanitizeQuantityInput("-4")).toBe("4");
    expect(sanitizeQuantityInput("0")).toBe("1");
    expect(sanitizeQuantityInput("00")).toBe("1");
    expect(sanitizeQuantityInput("07")).toBe("7");
    expect(sanitizeQuantityInput("")).toBe("");
    expect(sanitizeQuantityInput("abc")).toBe("");
  });

  it("lets only digit keys and editing keys through", () => {
    expect(isAllowedQuantityKey("7")).toBe(true);
    expect(isAllowedQuantityKey("Backspace")).toBe(true);
    expect(isAllowedQuantityKey("e")).toBe(false);
    expect(isAllowedQuantityKey("-")).toBe(false);
    expect(isAllowedQuantityKey(".")).toBe(false);
    expect(isAllowedQuantityKey("v", true)).toBe(true);
  });

  it("on blur: a non-number or below-minimum value becomes the minimum, above maximum the maximum", () => {
    expect(quantityOnBlur("", ordinary)).toBe(1);
    expect(quantityOnBlur("abc", ordinary)).toBe(1);
    expect(quantityOnBlur("0", ordinary)).toBe(1);
    expect(quantityOnBlur("4", ordinary)).toBe(4);
    expect(quantityOnBlur("11", ordinary)).toBe(10);
    expect(quantityOnBlur("7", autoship)).toBe(5);
    expect(quantityOnBlur(2.5, ordinary)).toBe(2);
  });

  it("steps inside the bounds", () => {
    expect(stepQuantity(1, -1, ordinary)).toBe(1);
    expect(stepQuantity(9, 1, ordinary)).toBe(10);
    expect(stepQuantity(10, 1, ordinary)).toBe(10);
  });

  it("disables minus at the minimum and plus at the maximum, both when out of stock", () => {
    expect(canDecrease(1, ordinary, true)).toBe(false);
    expect(canDecrease(2, ordinary, true)).toBe(true);
    expect(canIncrease(10, ordinary, true)).toBe(false);
    expect(canIncrease(5, autoship, true)).toBe(false);
    expect(canIncrease(3, ordinary, true)).toBe(true);
    expect(canDecrease(3, ordinary, false)).toBe(false);
    expect(canIncrease(3, ordinary, false)).toBe(false);
  });
});
