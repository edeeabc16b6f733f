import { describe, expect, it } from "vitest";
import { optionSlug, preselectVariant, variantForSlug, type PreselectCandidate } from "./variant-preselect";

const v = (sku: string, flavor: string, size: string, foodForm: string, inStock = true): PreselectCandidate => ({
  sku,
  flavor,
  size,
  foodForm,
  inStock,
});

// A product sold dry and wet, in two flavours; its first variant is out of stock.
const VARIANTS = [
  v("KC-D01-CHR-4LB", "Chicken & Rice", "4 lb Bag", "dry", false),
  v("KC-D01-CHR-155LB", "Chicken & Rice", "15.5 lb Bag", "dry"),
  v("KC-D01-LMR-4LB", "Lamb & Rice", "4 lb Bag", "dry"),
  v("KC-D01-LMR-13OZ", "Lamb & Rice", "13 oz Can", "canned"),
  v("KC-D01-BEF-35OZ", "Beef", "3.5 oz Tray", "tray"),
];
const sku = (x: PreselectCandidate | null | undefined) => x?.sku;

describe("variant pre-selection of SPEC §2", () => {
  it("three-part slug with flavor: the first variant whose flavour label contains the third part", () => {
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/flavor/lamb" }))).toBe("KC-D01-LMR-4LB");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/flavor/lamb-rice" }))).toBe("KC-D01-LMR-4LB");
    expect(sku(preselectVariant(VARIANTS, { slug: ["dog", "flavor", "beef"] }))).toBe("KC-D01-BEF-35OZ");
    // "contains": a chicken slug picks Chicken & Rice even when that first variant is out of stock.
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/flavor/chicken" }))).toBe("KC-D01-CHR-4LB");
  });

  it("three-part slug with weight or food-form: dry ranges pick a dry form, wet ranges canned/tray/pouch", () => {
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/weight/1lb-45lb" }))).toBe("KC-D01-CHR-4LB");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/food-form/dry-food" }))).toBe("KC-D01-CHR-4LB");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/weight/2.5oz-13oz" }))).toBe("KC-D01-LMR-13OZ");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/food-form/wet-food" }))).toBe("KC-D01-LMR-13OZ");
    const onlyTrays = [v("A", "Beef", "3.5 oz Tray", "tray"), v("B", "Beef", "2.8 oz Pouch", "pouch")];
    expect(sku(variantForSlug(onlyTrays, "cat/food-form/wet-food"))).toBe("A");
  });

  it("no slug and a search query that is a SKU: that variant", () => {
    expect(sku(preselectVariant(VARIANTS, { search: "kc-d01-lmr-13oz" }))).toBe("KC-D01-LMR-13OZ");
    // With a slug the search query is not consulted.
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/flavor/beef", search: "KC-D01-LMR-13OZ" }))).toBe("KC-D01-BEF-35OZ");
  });

  it("otherwise the first in-stock variant, else the first", () => {
    expect(sku(preselectVariant(VARIANTS, {}))).toBe("KC-D01-CHR-155LB");
    expect(sku(preselectVariant(VARIANTS, { search: "chicken" }))).toBe("KC-D01-CHR-155LB");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/flavor/venison" }))).toBe("KC-D01-CHR-155LB");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/brand/kindred-crest" }))).toBe("KC-D01-CHR-155LB");
    expect(sku(preselectVariant(VARIANTS, { slug: "dog/weight/20lb-30lb" }))).toBe("KC-D01-CHR-155LB");
    const noneInStock = VARIANTS.map((x) => ({ ...x, inStock: false }));
    expect(sku(preselectVariant(noneInStock, {}))).toBe("KC-D01-CHR-4LB");
    expect(preselectVariant([], {})).toBeUndefined();
  });

  it("?sku= selects that variant first, even out of stock", () => {
    expect(sku(preselectVariant(VARIANTS, { sku: "KC-D01-CHR-4LB", slug: "dog/flavor/beef" }))).toBe("KC-D01-CHR-4LB");
    expect(sku(preselectVariant(VARIANTS, { sku: "NOPE" }))).toBe("KC-D01-CHR-155LB");
  });

  it("the four-segment path picks the flavour and size, else the first of the flavour", () => {
    expect(sku(preselectVariant(VARIANTS, { flavor: "lamb-rice", size: "13-oz-can" }))).toBe("KC-D01-LMR-13OZ");
    expect(sku(preselectVariant(VARIANTS, { flavor: "chicken-and-rice", size: "15.5-lb-bag" }))).toBe("KC-D01-CHR-155LB");
    expect(sku(preselectVariant(VARIANTS, { flavor: "lamb-rice", size: "99-lb-bag" }))).toBe("KC-D01-LMR-4LB");
    expect(sku(preselectVariant(VARIANTS, { flavor: "venison", size: "4-lb-bag" }))).toBe("KC-D01-CHR-155LB");
  });

  it("compares labels and URL segments in one form", () => {
    expect(optionSlug("Lamb & Rice")).toBe("lamb-rice");
    expect(optionSlug("lamb-and-rice")).toBe("lamb-rice");
    expect(optionSlug("15.5 lb Bag")).toBe("15-5-lb-bag");
    expect(optionSlug("Kidney + Mobility")).toBe("kidney-plus-mobility");
  });
});
