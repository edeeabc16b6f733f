import { describe, expect, it } from "vitest";
import { displayedLineWeight, poundsAndOunces, roundWeight, toPounds, weightAttributes } from "./weight";

describe("weight to pounds (SPEC §9)", () => {
  it("uses the cart logic's factors", () => {
    expect(toPounds(10, "lbs")).toBe(10);
    expect(toPounds(2, "kg")).toBeCloseTo(4.40924);
    expect(toPounds(16, "oz")).toBe(1);
    expect(toPounds(1000, "g")).toBeCloseTo(2.20462);
  });
  it("gives 0 for any other unit", () => {
    expect(toPounds(5, "stone")).toBe(0);
    expect(toPounds(5, "")).toBe(0);
  });
});

describe("rounding helper (SPEC §9)", () => {
  it("adds 0.05 when the value modulo 0.1 is below 0.05, then rounds to one decimal", () => {
    expect(roundWeight(2.42)).toBe(2.5); // 0.02 < 0.05 → 2.47 → 2.5
    expect(roundWeight(2.47)).toBe(2.5); // 0.07 ≥ 0.05 → 2.5
    expect(roundWeight(2.31)).toBe(2.4);
    expect(roundWeight(0)).toBe(0);
  });
});

describe("displayed weight", () => {
  it("is pounds times quantity through the rounding helper", () => {
    expect(displayedLineWeight(5.5, "oz", 12)).toBe(roundWeight(5.5 * 0.0625 * 12));
    expect(displayedLineWeight(15.5, "lbs", 2)).toBe(roundWeight(31));
  });
  it("splits pounds and ounces", () => {
    expect(poundsAndOunces(4.125)).toEqual({ pounds: 4, ounces: 2 });
  });
  it("always gives the hidden weight attributes, default 0 lbs", () => {
    expect(weightAttributes()).toEqual([
      { key: "_weight", value: "0" },
      { key: "_weightUnit", value: "lbs" },
    ]);
    expect(weightAttributes(5.5, "oz")[1].value).toBe("oz");
  });
});
