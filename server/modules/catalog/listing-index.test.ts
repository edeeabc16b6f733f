import { describe, expect, it } from "vitest";
import { buildListingIndex, fullBits, INDEXED_SORTS, popcount, popcountAnd, setBit, emptyBits, type IndexRow, type IndexedSort } from "./listing-index";
import type { Filter, FilterDefinition } from "./types";

// The listing index's matching, counting and paging on hand-made rows (no database). Its agreement
// with the SQL listing over the seed catalogue: listing-index-sql.test.ts.

type RowInput = Partial<Omit<IndexRow, "positions">> & { id: number };
const SEP = "\u001f";

function rows(inputs: RowInput[], order: Partial<Record<IndexedSort, number[]>> = {}): IndexRow[] {
  return inputs.map((r, i) => ({
    species: "dog",
    brandSlug: "acme",
    subBrand: null,
    lifestages: [],
    breedSizes: [],
    healthConditions: [],
    foodForms: ["dry"],
    packTypes: ["bag"],
    weightUnits: ["lbs"],
    flavors: "",
    weightsLb: [],
    prices: [],
    ...r,
    positions: Object.fromEntries(INDEXED_SORTS.map((s) => [s, order[s] ? order[s].indexOf(r.id) + 1 : i + 1])) as Record<IndexedSort, number>,
  }));
}

const ids = (index: ReturnType<typeof buildListingIndex>, filters: Filter[], sort: IndexedSort = "featured") => {
  const { matching } = index.match(filters, index.all);
  return index.page(matching, index.orders[sort], 0, 1000);
};

describe("bitsets", () => {
  it("count the bits set, also across word boundaries and in the last partial word", () => {
    expect(popcount(fullBits(70))).toBe(70);
    expect(popcount(fullBits(64))).toBe(64);
    const a = emptyBits(100);
    const b = emptyBits(100);
    for (const i of [0, 31, 32, 63, 99]) setBit(a, i);
    for (const i of [31, 63, 64]) setBit(b, i);
    expect(popcount(a)).toBe(5);
    expect(popcountAnd(a, b)).toBe(2);
  });
});

describe("listing index: value filters", () => {
  const index = buildListingIndex(
    "d2c",
    rows([
      {
        id: 1,
        species: "dog",
        brandSlug: "acme",
        subBrand: "Trail",
        lifestages: ["puppy", "adult-dog"],
        foodForms: ["dry"],
        flavors: `chicken & rice${SEP}beef`,
      },
      { id: 2, species: "cat", brandSlug: "acme", foodForms: ["canned"], packTypes: ["can"], weightUnits: ["oz"], flavors: "tuna" },
      { id: 3, species: "dog", brandSlug: "bolt", foodForms: ["tray", "dry"], healthConditions: ["joint"], flavors: "lamb 100%_pure\\" },
      { id: 4, species: "cat", brandSlug: "Bolt", foodForms: ["treat"], breedSizes: ["small"], flavors: "" },
    ]),
    [],
  );

  it("matches exact values, AND across fields and OR within a field", () => {
    expect(ids(index, [{ field: "species", value: "dog" }])).toEqual([1, 3]);
    // Brand slugs compare exactly, as `=` in SQL.
    expect(ids(index, [{ field: "brand", value: "bolt" }])).toEqual([3]);
    expect(
      ids(index, [
        { field: "brand", value: "acme" },
        { field: "brand", value: "Bolt" },
      ]),
    ).toEqual([1, 2, 4]);
    expect(
      ids(index, [
        { field: "brand", value: "acme" },
        { field: "species", value: "cat" },
      ]),
    ).toEqual([2]);
    expect(ids(index, [{ field: "lifestage", value: "puppy" }])).toEqual([1]);
    expect(ids(index, [{ field: "sub_brand", value: "Trail" }])).toEqual([1]);
    expect(
      ids(index, [
        { field: "health_conditions", value: "joint" },
        { field: "breed_size", value: "small" },
      ]),
    ).toEqual([]);
    expect(
      ids(index, [
        { field: "pack_type", value: "can" },
        { field: "weight_unit", value: "oz" },
      ]),
    ).toEqual([2]);
    expect(ids(index, [{ field: "species", value: "bird" }])).toEqual([]);
  });

  it("takes wet food for canned, tray or pouch", () => {
    expect(ids(index, [{ field: "food_form", value: "wet" }])).toEqual([2, 3]);
    expect(ids(index, [{ field: "food_form", value: "dry" }])).toEqual([1, 3]);
  });

  it("matches a flavour as a substring of one lower-cased label, literally", () => {
    expect(ids(index, [{ field: "flavor", value: "CHICKEN" }])).toEqual([1]);
    expect(ids(index, [{ field: "flavor", value: "rice" }])).toEqual([1]);
    // % and _ are no wildcards, a backslash is itself.
    expect(ids(index, [{ field: "flavor", value: "%" }])).toEqual([3]);
    expect(ids(index, [{ field: "flavor", value: "0%_p" }])).toEqual([3]);
    expect(ids(index, [{ field: "flavor", value: "c_icken" }])).toEqual([]);
    expect(ids(index, [{ field: "flavor", value: "pure\\" }])).toEqual([3]);
    // The separator is never part of a value: no match across two labels.
    expect(ids(index, [{ field: "flavor", value: `rice${SEP}beef` }])).toEqual([]);
    // An empty text is contained in every label list, even an empty one.
    expect(ids(index, [{ field: "flavor", value: "" }])).toEqual([1, 2, 3, 4]);
  });

  it("lowers non-ASCII flavour texts only as the database does", () => {
    expect(() => ids(index, [{ field: "flavor", value: "CRÈME" }])).toThrow(/lowered by the database/);
    expect(
      index.valuesToLower([
        { field: "flavor", value: "CRÈME" },
        { field: "flavor", value: "beef" },
      ]),
    ).toEqual(["CRÈME"]);
    index.addLowered([["CRÈME", "beef"]]);
    expect(index.valuesToLower([{ field: "flavor", value: "CRÈME" }])).toEqual([]);
    expect(ids(index, [{ field: "flavor", value: "CRÈME" }])).toEqual([1]);
  });

  it("matches nothing for a value filter on a range field or a range filter on a value field", () => {
    expect(ids(index, [{ field: "price", value: "10" }])).toEqual([]);
    expect(ids(index, [{ field: "weight", value: "10" }])).toEqual([]);
    expect(ids(index, [{ field: "species", min: 0 }])).toEqual([]);
  });
});

describe("listing index: ranges", () => {
  const index = buildListingIndex(
    "d2c",
    rows([
      { id: 1, weightsLb: [0.5, 30], prices: [999, 4000] },
      { id: 2, weightsLb: [5], prices: [2000] },
      { id: 3, weightsLb: [], prices: [] },
      { id: 4, weightsLb: [15], prices: [2_147_483_647] },
    ]),
    [],
  );

  it("takes min inclusive and max exclusive, in pounds and in cents", () => {
    expect(ids(index, [{ field: "weight", min: 5, max: 15 }])).toEqual([2]);
    expect(ids(index, [{ field: "weight", max: 5 }])).toEqual([1]);
    expect(ids(index, [{ field: "weight", min: 30 }])).toEqual([1]);
    expect(ids(index, [{ field: "price", min: 20, max: 40 }])).toEqual([2]);
    expect(ids(index, [{ field: "price", min: 9.99, max: 10 }])).toEqual([1]);
    // Dollars are rounded to cents first: 9.995 is 999 cents, an empty range.
    expect(ids(index, [{ field: "price", min: 9.99, max: 9.995 }])).toEqual([]);
    // Two ranges on one field: either.
    expect(
      ids(index, [
        { field: "weight", max: 1 },
        { field: "weight", min: 14, max: 16 },
      ]),
    ).toEqual([1, 4]);
  });

  it("matches nothing for a bad range: min above max, NaN, an empty range", () => {
    expect(ids(index, [{ field: "weight", min: 20, max: 10 }])).toEqual([]);
    expect(ids(index, [{ field: "price", min: Number.NaN }])).toEqual([]);
    expect(ids(index, [{ field: "weight", min: 5, max: 5 }])).toEqual([]);
  });

  it("clamps price bounds to the integer column as the SQL does", () => {
    // A minimum beyond the largest integer matches nothing; a maximum beyond it is no bound.
    expect(ids(index, [{ field: "price", min: 30_000_000 }])).toEqual([]);
    expect(ids(index, [{ field: "price", min: 20, max: 1e12 }])).toEqual([1, 2, 4]);
    expect(ids(index, [{ field: "price", min: -1e12, max: 10 }])).toEqual([1]);
    expect(ids(index, [{ field: "price", min: -1e12, max: -1e11 }])).toEqual([]);
  });
});

describe("listing index: facets and pages", () => {
  const option = (label: string, filter: Filter) => ({
    label,
    slug: label.toLowerCase(),
    sites: ["d2c" as const],
    species: ["dog" as const, "cat" as const],
    filter,
  });
  const definition = (field: Filter["field"], label: string, options: ReturnType<typeof option>[]): FilterDefinition => ({
    field,
    label,
    navigationLabel: label,
    slug: label.toLowerCase(),
    sites: ["d2c"],
    species: ["dog", "cat"],
    isNavigation: false,
    isFacet: true,
    baseFilter: null,
    sort: { d2c: 0, hpsf: 0 },
    options,
  });
  const catalog = [
    definition("species", "Species", [option("Dog", { field: "species", value: "dog" }), option("Cat", { field: "species", value: "cat" })]),
    definition("food_form", "Form", [
      option("Dry", { field: "food_form", value: "dry" }),
      option("Wet", { field: "food_form", value: "wet" }),
      option("Treat", { field: "food_form", value: "treat" }),
    ]),
  ];
  const index = buildListingIndex(
    "d2c",
    rows(
      [
        { id: 10, species: "dog", foodForms: ["dry"] },
        { id: 11, species: "dog", foodForms: ["canned"] },
        { id: 12, species: "cat", foodForms: ["dry"] },
        { id: 13, species: "cat", foodForms: ["pouch"] },
      ],
      { "price-asc": [13, 11, 12, 10], name: [12, 10, 13, 11] },
    ),
    catalog,
  );
  const counts = (filters: Filter[]) => {
    const { groups } = index.match(filters, index.all);
    return index.facets(filters, catalog, index.all, groups).map((f) => [f.slug, f.options.map((o) => `${o.slug}:${o.count}${o.selected ? "*" : ""}`)]);
  };

  it("counts each option with every filter on other fields, leaves zero counts out unless selected", () => {
    expect(counts([])).toEqual([
      ["species", ["dog:2", "cat:2"]],
      ["form", ["dry:2", "wet:2"]],
    ]);
    expect(counts([{ field: "species", value: "dog" }])).toEqual([
      ["species", ["dog:2*", "cat:2"]],
      ["form", ["dry:1", "wet:1"]],
    ]);
    expect(counts([{ field: "food_form", value: "treat" }])).toEqual([["form", ["dry:2", "wet:2", "treat:0*"]]]);
  });

  it("pages in the database's order of the sort, after the offset", () => {
    const { matching } = index.match([], index.all);
    expect(index.page(matching, index.orders["price-asc"], 0, 10)).toEqual([13, 11, 12, 10]);
    expect(index.page(matching, index.orders.name, 1, 2)).toEqual([10, 13]);
    const dry = index.match([{ field: "food_form", value: "dry" }], index.all).matching;
    expect(index.page(dry, index.orders["price-asc"], 1, 10)).toEqual([10]);
  });

  it("restricts to search hits, in the hits' order, leaving out products not in the index", () => {
    const found = index.hits({ ids: [12, 99, 10, 13] });
    expect(popcount(found.mask)).toBe(3);
    const { matching } = index.match([{ field: "food_form", value: "dry" }], found.mask);
    expect(index.page(matching, found.order, 0, 10)).toEqual([12, 10]);
  });

  it("refuses positions that are not a permutation", () => {
    const bad = rows([{ id: 1 }, { id: 2 }]);
    bad[1].positions.name = 1;
    expect(() => buildListingIndex("d2c", bad, [])).toThrow(/bad name position/);
  });
});
