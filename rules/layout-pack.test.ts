import { describe, expect, it } from "vitest";
import { packFooter, packNavigation, unpackFooter, unpackNavigation, type LayoutFooter, type LayoutNavItem } from "./layout-pack";

const navigation: LayoutNavItem[] = [
  {
    text: "Dog",
    url: "/products/dog/species",
    groups: [
      {
        heading: "Shop by Age",
        links: [
          { text: "Puppy Food", url: "/products/dog/pet-age/puppy-food", external: false },
          { text: "Breeders' guide", url: "https://breeders.example/guide", external: true },
        ],
      },
    ],
  },
  { text: "Autoship", url: "/autoship", groups: [] },
];

const footer: LayoutFooter = {
  columns: [
    { heading: "Help", links: [{ text: "FAQ", url: "/faq", external: false }] },
    { heading: "Elsewhere", links: [{ text: "Our blog", url: "https://blog.example", external: true }] },
  ],
  legalHtml: "<p>Prices in USD.</p>",
};

describe("layout packing", () => {
  it("unpacks to what was packed, through JSON", () => {
    expect(unpackNavigation(JSON.parse(JSON.stringify(packNavigation(navigation))))).toStrictEqual(navigation);
    expect(unpackFooter(JSON.parse(JSON.stringify(packFooter(footer))))).toStrictEqual(footer);
  });

  it("writes links as [text, url], marking only the external ones, and items without groups as [text, url]", () => {
    expect(packNavigation(navigation)).toStrictEqual([
      [
        "Dog",
        "/products/dog/species",
        [
          [
            "Shop by Age",
            [
              ["Puppy Food", "/products/dog/pet-age/puppy-food"],
              ["Breeders' guide", "https://breeders.example/guide", 1],
            ],
          ],
        ],
      ],
      ["Autoship", "/autoship"],
    ]);
    expect(JSON.stringify(packFooter(footer)).length).toBeLessThan(JSON.stringify(footer).length * 0.7);
  });
});
