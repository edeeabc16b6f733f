import { describe, expect, it } from "vitest";
import { substituteNote, substituteRefusal } from "./substitute";

describe("chosen substitute", () => {
  const sub = { site: "d2c", variantId: 7 };
  it("must be a purchasable, shippable variant of this site, other than the usual one", () => {
    expect(substituteRefusal({ id: 8, sites: ["d2c", "hpsf"], shippable: true }, sub)).toBeNull();
    expect(substituteRefusal(null, sub)).toBe("Choose an item we sell.");
    expect(substituteRefusal({ id: 8, sites: ["hpsf"], shippable: true }, sub)).toBe("This item is not sold here.");
    expect(substituteRefusal({ id: 8, sites: [], shippable: true }, sub)).toBe("This item is not sold here.");
    expect(substituteRefusal({ id: 8, sites: ["d2c"], shippable: false }, sub)).toBe("This item cannot be shipped on Autoship.");
    expect(substituteRefusal({ id: 7, sites: ["d2c"], shippable: true }, sub)).toBe("This is already the item you receive.");
  });

  it("says on the order what it replaced and why", () => {
    expect(substituteNote({ title: "Crest Adult Chicken / 30 lb Bag", sku: "KC-D01-CH-30LB" })).toBe(
      "Crest Adult Chicken / 30 lb Bag (SKU KC-D01-CH-30LB), out of stock at your warehouse on the renewal day",
    );
  });
});
