import { describe, expect, it } from "vitest";
import {
  clearFilters,
  EMPTY_LISTING,
  listingHref,
  listingSearchParams,
  pageWindow,
  parseListingParams,
  parsePage,
  removeOption,
  resultRange,
  selectedCount,
  selectedFilters,
  toggleOption,
  withPage,
  withSort,
  type FacetDefinition,
} from "./listing-url";

const facets: FacetDefinition[] = [
  {
    slug: "pet-age",
    options: [
      { slug: "puppy", filter: { field: "lifestage", value: "puppy" } },
      { slug: "adult-dog", filter: { field: "lifestage", value: "adult-dog" } },
    ],
  },
  {
    slug: "food-form",
    options: [
      { slug: "dry", filter: { field: "food_form", value: "dry" } },
      { slug: "canned", filter: { field: "food_form", value: "canned" } },
    ],
  },
  { slug: "price", options: [{ slug: "under-20", filter: { field: "price", max: 2000 } }] },
];

const params = (s: string) => new URLSearchParams(s);

describe("parseListingParams", () => {
  it("reads repeated params by facet slug, the sort and the page", () => {
    expect(parseListingParams(params("pet-age=puppy&food-form=dry&food-form=canned&sort=price-asc&page=3"), facets)).toEqual({
      selected: { "pet-age": ["puppy"], "food-form": ["dry", "canned"] },
      sort: "price-asc",
      page: 3,
    });
  });

  it("also accepts comma lists and ignores case and duplicates", () => {
    expect(parseListingParams(params("food-form=DRY,canned&food-form=dry"), facets).selected).toEqual({ "food-form": ["dry", "canned"] });
  });

  it("ignores unknown facets, unknown options, bad sorts and bad pages", () => {
    expect(parseListingParams(params("colour=red&pet-age=teen&sort=random&page=-2&search=x&sku=Y"), facets)).toEqual(EMPTY_LISTING);
    for (const p of ["0", "abc", "1.5", "99999999", "501", ""]) expect(parsePage(p)).toBe(1);
    expect(parsePage("500")).toBe(500);
  });

  it("without definitions keeps any well-formed slug but never reserved params", () => {
    expect(parseListingParams(params("colour=red&page=2&sort=name&q=x&bad key=1&x=<script>")).selected).toEqual({ colour: ["red"] });
  });
});

describe("state → URL", () => {
  it("writes defaults as a bare URL", () => {
    expect(listingHref("/products", EMPTY_LISTING)).toBe("/products");
  });

  it("round-trips through the URL", () => {
    const state = { selected: { "pet-age": ["puppy"], "food-form": ["dry", "canned"] }, sort: "newest" as const, page: 2 };
    const qs = listingSearchParams(state).toString();
    expect(qs).toBe("pet-age=puppy&food-form=dry&food-form=canned&sort=newest&page=2");
    expect(parseListingParams(params(qs), facets)).toEqual(state);
  });

  it("keeps extra params (the search query) first", () => {
    expect(listingHref("/search", { ...EMPTY_LISTING, page: 2 }, { search: "chicken", empty: "" })).toBe("/search?search=chicken&page=2");
  });
});

describe("changing the state", () => {
  const base = { selected: { "pet-age": ["puppy"] }, sort: "name" as const, page: 4 };

  it("toggles an option and goes back to page 1", () => {
    const on = toggleOption(base, "food-form", "dry");
    expect(on).toEqual({ selected: { "pet-age": ["puppy"], "food-form": ["dry"] }, sort: "name", page: 1 });
    expect(toggleOption(on, "food-form", "dry").selected).toEqual({ "pet-age": ["puppy"] });
    expect(selectedCount(on)).toBe(2);
  });

  it("removes one option, or all", () => {
    expect(removeOption(base, "pet-age", "puppy").selected).toEqual({});
    expect(removeOption(base, "pet-age", "nope").selected).toEqual({ "pet-age": ["puppy"] });
    expect(clearFilters(base)).toEqual({ selected: {}, sort: "name", page: 1 });
  });

  it("sorting restarts at page 1; pages are clamped", () => {
    expect(withSort(base, "price-desc").page).toBe(1);
    expect(withPage(base, 0).page).toBe(1);
    expect(withPage(base, 7.8).page).toBe(7);
  });
});

describe("selectedFilters", () => {
  it("maps chosen options to their filters, value and range", () => {
    const state = parseListingParams(params("pet-age=puppy&price=under-20"), facets);
    expect(selectedFilters(state, facets)).toEqual([
      { field: "lifestage", value: "puppy" },
      { field: "price", max: 2000 },
    ]);
  });
});

describe("pagination helpers", () => {
  it("shows first, last and the pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(7, 20)).toEqual([1, null, 6, 7, 8, null, 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
  });

  it("says which results a page shows", () => {
    expect(resultRange(1, 24, 113)).toEqual({ from: 1, to: 24 });
    expect(resultRange(5, 24, 113)).toEqual({ from: 97, to: 113 });
    expect(resultRange(1, 24, 0)).toEqual({ from: 0, to: 0 });
  });
});
