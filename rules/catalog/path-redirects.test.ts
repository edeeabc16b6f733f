import { describe, expect, it } from "vitest";
import { collapseDoubledProducts, placeholderTarget } from "./path-redirects";

describe("collapseDoubledProducts (SPEC §2)", () => {
  it("replaces a doubled products segment with the products base path", () => {
    expect(collapseDoubledProducts("/products/products/x")).toBe("/products/x");
    expect(collapseDoubledProducts("/products/products")).toBe("/products");
    expect(collapseDoubledProducts("/en/products/products/dog/species")).toBe("/en/products/dog/species");
  });
  it("collapses repeated doubling in one step", () => {
    expect(collapseDoubledProducts("/products/products/products/x")).toBe("/products/x");
  });
  it("leaves other paths alone", () => {
    expect(collapseDoubledProducts("/products/x")).toBeNull();
    expect(collapseDoubledProducts("/products/productsfoo")).toBeNull();
    expect(collapseDoubledProducts("/")).toBeNull();
  });
});

describe("placeholderTarget", () => {
  it("sends the placeholder routes to their real screens", () => {
    expect(placeholderTarget("/products/cart")).toBe("/cart");
    expect(placeholderTarget("/products/logout/")).toBe("/logout");
    expect(placeholderTarget("/products/dog")).toBeNull();
  });
});
