import { describe, expect, it } from "vitest";
import { classifyProductPath } from "./product-paths";

describe("classifyProductPath (SPEC §2 product routes)", () => {
  it("reads one segment as a species or a product handle", () => {
    expect(classifyProductPath("dog")).toEqual({ kind: "category", species: "dog", category: null, detail: null });
    expect(classifyProductPath("trailwise-adult-chicken")).toMatchObject({ kind: "product", handle: "trailwise-adult-chicken" });
  });
  it("reads the breadcrumb forms as category listings", () => {
    expect(classifyProductPath("dog/species")).toMatchObject({ kind: "category", species: "dog", category: "species" });
    expect(classifyProductPath("cat/food-form/dry-food")).toMatchObject({ category: "food-form", detail: "dry-food" });
    expect(classifyProductPath("dog/pet-age/puppy-food")).toMatchObject({ category: "pet-age", detail: "puppy-food" });
  });
  it("reads four segments as a product with a pre-selected variant", () => {
    expect(classifyProductPath("acme/acme-adult/chicken/15-lb")).toEqual({
      kind: "product",
      brand: "acme",
      handle: "acme-adult",
      flavor: "chicken",
      size: "15-lb",
    });
  });
  it("rejects unknown categories, species and shapes", () => {
    expect(classifyProductPath("dog/colour")).toEqual({ kind: "unknown" });
    expect(classifyProductPath("horse/species")).toEqual({ kind: "unknown" });
    expect(classifyProductPath("a/b/c/d/e")).toEqual({ kind: "unknown" });
    expect(classifyProductPath("")).toEqual({ kind: "unknown" });
    expect(classifyProductPath("<script>")).toEqual({ kind: "unknown" });
  });
});
