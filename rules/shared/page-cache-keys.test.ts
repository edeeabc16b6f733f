import { describe, expect, it } from "vitest";
import { changesListing, MAX_PRODUCT_KEYS, parseChangeNotice, purgeKeysFor, surrogateKeyHeader } from "./page-cache-keys";

describe("a page_cache notice", () => {
  it("names a table alone, or the products one statement changed", () => {
    expect(parseChangeNotice("inventory")).toEqual({ table: "inventory", ids: null });
    expect(parseChangeNotice("inventory:3,17")).toEqual({ table: "inventory", ids: [3, 17] });
    // The older triggers' payload: nothing named, anything changed.
    expect(parseChangeNotice("")).toEqual({ table: "", ids: null });
    // What it cannot read means anything in the table.
    expect(parseChangeNotice("variants:3,x")).toEqual({ table: "variants", ids: null });
    expect(parseChangeNotice("variants:")).toEqual({ table: "variants", ids: null });
  });

  it("keeps the listing's caches on a stock, rating or content change only", () => {
    expect(changesListing("inventory")).toBe(false);
    expect(changesListing("review_summaries")).toBe(false);
    expect(changesListing("content_entries")).toBe(false);
    expect(changesListing("variants")).toBe(true);
    expect(changesListing("")).toBe(true);
  });
});

describe("the keys a notice purges", () => {
  it("a stock change of a product: that product's pages and cards only", () => {
    expect(purgeKeysFor(parseChangeNotice("inventory:42"))).toEqual(["p:42"]);
    expect(purgeKeysFor(parseChangeNotice("review_summaries:42,43"))).toEqual(["p:42", "p:43"]);
  });

  it("a product or variant change (price, category, filters): its pages and every listing it may enter or leave", () => {
    expect(purgeKeysFor(parseChangeNotice("variants:42"))).toEqual(["p:42", "listings"]);
    expect(purgeKeysFor(parseChangeNotice("products:7,8"))).toEqual(["p:7", "p:8", "listings"]);
  });

  it("an edit of a content entry's body: the pages that show it", () => {
    expect(purgeKeysFor(parseChangeNotice("content_entries:5,9"))).toEqual(["content:5", "content:9"]);
  });

  it("a table alone (a bulk change, a truncate, filters, deals, content added, moved or published), or ids of a table not keyed: every page", () => {
    expect(purgeKeysFor(parseChangeNotice("inventory"))).toEqual(["pages"]);
    expect(purgeKeysFor(parseChangeNotice("filter_options"))).toEqual(["pages"]);
    expect(purgeKeysFor(parseChangeNotice("content_entries"))).toEqual(["pages"]);
    expect(purgeKeysFor(parseChangeNotice(""))).toEqual(["pages"]);
    expect(purgeKeysFor(parseChangeNotice("deal_skus:4"))).toEqual(["pages"]);
  });
});

describe("a shared page's Surrogate-Key", () => {
  it("names every page, and what this one shows, once", () => {
    expect(surrogateKeyHeader([])).toBe("pages");
    expect(surrogateKeyHeader(["p:1", "listings", "p:2", "p:1"])).toBe("pages p:1 listings p:2");
  });

  it("is none for a page of more products than the header may name", () => {
    const many = Array.from({ length: MAX_PRODUCT_KEYS + 1 }, (_, i) => `p:${i}`);
    expect(surrogateKeyHeader(many.slice(1))).not.toBeNull();
    expect(surrogateKeyHeader(many)).toBeNull();
  });
});
