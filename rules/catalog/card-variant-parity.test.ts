import { describe, expect, it } from "vitest";
import { productCardModel } from "./product-card";
import { preselectVariant } from "./variant-preselect";

// One rule for the variant a card links to and the variant the product page opens with
// (SPEC §2 "Product card and detail"): the card's answer is the page's answer.

const money = (amount: string) => ({ amount, currencyCode: "USD" as const });
const v = (id: string, sku: string, flavor: string, foodForm: string, inStock = true) => ({
  id,
  sku,
  variantURL: `brand/farmhouse/${sku.toLowerCase()}`,
  inStock,
  flavor,
  size: "4 lb Bag",
  foodForm,
  price: money("19.99"),
  compareAtPrice: null,
  programPrice: null,
  badgeTags: [] as string[],
  imagePrimary: null,
});
const farmhouse = {
  id: "1",
  handle: "farmhouse",
  title: "Farmhouse Recipe",
  description: "",
  productBrand: "Brand",
  featuredImage: { url: "packshots/a.webp", alt: "" },
  variants: [v("11", "FH-CHK", "Chicken", "dry"), v("12", "FH-TRK", "Turkey & Sweet Potato", "dry"), v("13", "FH-TRK-CAN", "Turkey", "canned")],
};
const ctx = { site: { isStaff: false }, dealSkus: [], freeShippingThresholdCents: 4900 };
const card = (slug: string | null, search: string | null = null) => productCardModel(farmhouse, { ...ctx, prefer: { slug, search } })!.sku;
const page = (slug: string | null, search: string | null = null) => preselectVariant(farmhouse.variants, { slug, search })!.sku;

describe("card variant = product page variant", () => {
  it("/products/dog/flavor/turkey: the card links to the turkey variant (flavour label contains the slug)", () => {
    expect(card("dog/flavor/turkey")).toBe("FH-TRK");
  });

  it("weight and food-form slugs pick the dry or the wet variant on cards too", () => {
    expect(card("dog/food-form/wet-food")).toBe("FH-TRK-CAN");
    expect(card("dog/weight/2.5oz-13oz")).toBe("FH-TRK-CAN");
    expect(card("dog/food-form/dry-food")).toBe("FH-CHK");
  });

  for (const [slug, search] of [
    ["dog/flavor/turkey", null],
    ["dog/flavor/sweet-potato", null],
    ["dog/food-form/wet-food", null],
    ["dog/weight/1lb-45lb", null],
    ["dog/flavor/beef", null],
    [null, "fh-trk-can"],
    [null, null],
  ] as const) {
    it(`slug ${slug ?? "none"}, search ${search ?? "none"}: same variant on the card and the page`, () => {
      expect(card(slug, search)).toBe(page(slug, search));
    });
  }
});
