import { describe, expect, it } from "vitest";
import { packFacetOption, slugLabel, unpackFacetOption, type FacetOption } from "./facet-pack";

describe("packed filter options", () => {
  const options: FacetOption[] = [
    ["limited-ingredient", "Limited Ingredient", 12],
    ["dog", "Dog", 56],
    ["chicken-rice", "Chicken & Rice", 3],
    ["gi-restore", "GI Restore", 0],
    ["2.5oz-13oz", "Sold in ounces (2.5–13 oz)", 45],
    ["", "", 1],
  ];

  it("leaves out a label that is its slug in words", () => {
    expect(slugLabel("limited-ingredient")).toBe("Limited Ingredient");
    expect(packFacetOption(["limited-ingredient", "Limited Ingredient", 12])).toStrictEqual(["limited-ingredient", 12]);
    expect(packFacetOption(["chicken-rice", "Chicken & Rice", 3])).toStrictEqual(["chicken-rice", 3, "Chicken & Rice"]);
  });

  for (const option of options) {
    it(`unpacks to the option it packed: ${option[0] || "(empty)"}`, () => {
      expect(unpackFacetOption(JSON.parse(JSON.stringify(packFacetOption(option))))).toStrictEqual(option);
    });
  }
});
