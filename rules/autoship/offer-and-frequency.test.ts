import { describe, expect, it } from "vitest";
import { AUTOSHIP_FREQUENCY_WEEKS, autoshipPriceCents, frequencyLabel, frequencyOfSellingPlan, sellingPlanIdFor } from "./offer-and-frequency";

describe("autoship offer on the product page", () => {
  it("takes an extra 5% off", () => {
    expect(autoshipPriceCents(2000)).toBe(1900);
    expect(autoshipPriceCents(1299)).toBe(1234);
  });

  it("offers every 1 to 12 weeks, one selling plan each", () => {
    expect(AUTOSHIP_FREQUENCY_WEEKS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(sellingPlanIdFor(4)).toBe("autoship-4w");
    expect(frequencyOfSellingPlan("autoship-12w")).toBe(12);
    expect(frequencyOfSellingPlan("autoship-13w")).toBeNull();
    expect(frequencyOfSellingPlan("")).toBeNull();
    expect(frequencyLabel(1)).toBe("Every week");
    expect(frequencyLabel(6)).toBe("Every 6 weeks");
  });
});
