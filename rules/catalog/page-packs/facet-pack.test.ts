import { describe, expect, it } from "vitest";
import { packFacet, slugLabel, unpackFacet, type PanelFacetModel } from "./facet-pack";

describe("packed filter facets", () => {
  const facets: PanelFacetModel[] = [
    {
      slug: "sub-brand",
      label: "Product Line",
      options: [
        ["limited-ingredient", "Limited Ingredient", 12],
        ["gi-restore", "GI Restore", 0],
      ],
    },
    {
      slug: "flavor",
      label: "Flavor",
      options: [
        ["chicken-rice", "Chicken & Rice", 3],
        ["chicken", "Chicken", 76],
      ],
    },
    { slug: "weight", label: "Weight", options: [["2.5oz-13oz", "Sold in ounces (2.5–13 oz)", 45]] },
    // What the separators and the escape mark would otherwise break.
    {
      slug: "a:b|c",
      label: "Odd: 100% | more",
      options: [
        ["x|y:z", "Label: with | bars %7C", 2],
        ["", "", 1],
        ["empty-label", "", 4],
      ],
    },
    { slug: "none", label: "None", options: [] },
  ];

  it("is one string: a label that is its slug in words left out", () => {
    expect(slugLabel("limited-ingredient")).toBe("Limited Ingredient");
    expect(packFacet(facets[0]!)).toBe("sub-brand:Product Line|limited-ingredient:12|gi-restore:0:GI Restore");
    expect(packFacet(facets[1]!)).toBe("flavor|chicken-rice:3:Chicken & Rice|chicken:76");
  });

  for (const facet of facets) {
    it(`unpacks to the facet it packed: ${facet.slug}`, () => {
      expect(unpackFacet(JSON.parse(JSON.stringify(packFacet(facet))))).toStrictEqual(facet);
    });
  }
});
