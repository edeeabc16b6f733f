import { describe, expect, it } from "vitest";
import {
  BREADCRUMB_STORAGE_KEY,
  breadcrumbListJsonLd,
  breadcrumbTrail,
  EMPTY_MEMORY,
  foodFormCrumb,
  jsonLdText,
  markBreadcrumbClick,
  PAGE_KINDS,
  petAgeCrumb,
  readMemory,
  recordVisit,
  writeMemory,
  type BreadcrumbMemory,
} from "./breadcrumbs";

const puppyFood = { label: "Puppy Food", url: "/products/dog/pet-age/puppy-food" };
const dryPuppy = [
  { label: "Puppy", field: "lifestage", value: "puppy" },
  { label: "Dry", field: "food_form", value: "dry" },
];
const product = {
  title: "Kindred Crest Everyday Essentials Puppy Dry Dog Food",
  productSpecies: "dog",
  productBrand: "Kindred Crest",
  productBrandSlug: "kindred-crest",
  productPetAge: "puppy",
  productFoodForm: "Dry Food",
};

function fakeStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe("page kinds (SPEC §2)", () => {
  it("names the twelve kinds", () => {
    expect(PAGE_KINDS).toHaveLength(12);
  });
});

describe("recordVisit: what the browser remembers (SPEC §2)", () => {
  it("moves the current kind to the previous one", () => {
    const m = recordVisit(recordVisit(EMPTY_MEMORY, { kind: "home" }), { kind: "product-listing", filters: [] });
    expect(m.previousKind).toBe("home");
    expect(m.currentKind).toBe("product-listing");
  });

  it("remembers a listing page's filters, category and url, and keeps them on a product page", () => {
    let m = recordVisit(EMPTY_MEMORY, {
      kind: "category-listing",
      filters: dryPuppy,
      category: puppyFood,
      url: "/products/dog/pet-age/puppy-food?food-form=dry",
    });
    m = recordVisit(m, { kind: "product-detail" });
    expect(m.filters).toEqual(dryPuppy);
    expect(m.category).toEqual(puppyFood);
    expect(m.listingUrl).toBe("/products/dog/pet-age/puppy-food?food-form=dry");
    expect(m.previousKind).toBe("category-listing");
  });

  it("remembers the search query on the search page only", () => {
    let m = recordVisit(EMPTY_MEMORY, { kind: "search-results", search: " chicken ", filters: [] });
    expect(m.search).toBe("chicken");
    m = recordVisit(m, { kind: "product-listing", filters: [] });
    expect(m.search).toBeNull();
  });

  it("clears filters going from product detail to a listing without a breadcrumb click", () => {
    let m = recordVisit(EMPTY_MEMORY, { kind: "product-listing", filters: dryPuppy });
    m = recordVisit(m, { kind: "product-detail" });
    expect(recordVisit(m, { kind: "product-listing" }).filters).toEqual([]);
  });

  it("keeps filters going back from product detail through a breadcrumb", () => {
    let m = recordVisit(EMPTY_MEMORY, { kind: "product-listing", filters: dryPuppy });
    m = markBreadcrumbClick(recordVisit(m, { kind: "product-detail" }));
    const back = recordVisit(m, { kind: "product-listing" });
    expect(back.filters).toEqual(dryPuppy);
    expect(back.breadcrumbClicked).toBe(false);
    // The explicit flag wins over the stored one.
    expect(recordVisit(m, { kind: "product-listing", viaBreadcrumb: false }).filters).toEqual([]);
  });

  it("clears filters between category and listing pages, both ways", () => {
    const onCategory = recordVisit(EMPTY_MEMORY, { kind: "category-listing", filters: dryPuppy, category: puppyFood });
    const onListing = recordVisit(onCategory, { kind: "product-listing" });
    expect(onListing.filters).toEqual([]);
    expect(onListing.category).toBeNull();
    const listing = recordVisit(EMPTY_MEMORY, { kind: "product-listing", filters: dryPuppy });
    expect(recordVisit(listing, { kind: "category-listing", category: puppyFood }).filters).toEqual([]);
    // Between two listing pages the filters stay unless the page says otherwise.
    expect(recordVisit(listing, { kind: "product-listing" }).filters).toEqual(dryPuppy);
  });

  it("a page's own filters replace the remembered ones", () => {
    const m = recordVisit(EMPTY_MEMORY, { kind: "product-listing", filters: dryPuppy });
    expect(recordVisit(m, { kind: "product-listing", filters: [dryPuppy[0]] }).filters).toEqual([dryPuppy[0]]);
  });

  it("other pages leave the remembered filters alone", () => {
    const m = recordVisit(EMPTY_MEMORY, { kind: "product-listing", filters: dryPuppy });
    expect(recordVisit(m, { kind: "my-account" }).filters).toEqual(dryPuppy);
  });
});

describe("storage", () => {
  it("round-trips the memory in session storage under one key", () => {
    const s = fakeStorage();
    const m: BreadcrumbMemory = {
      ...EMPTY_MEMORY,
      currentKind: "category-listing",
      filters: dryPuppy,
      category: puppyFood,
      search: null,
      listingUrl: "/products?x=1",
    };
    writeMemory(s, m);
    expect(s.map.has(BREADCRUMB_STORAGE_KEY)).toBe(true);
    expect(readMemory(s)).toEqual(m);
  });

  it("reads missing, malformed or hostile data as empty", () => {
    expect(readMemory(null)).toEqual(EMPTY_MEMORY);
    const s = fakeStorage();
    s.setItem(BREADCRUMB_STORAGE_KEY, "{nope");
    expect(readMemory(s)).toEqual(EMPTY_MEMORY);
    s.setItem(
      BREADCRUMB_STORAGE_KEY,
      JSON.stringify({ currentKind: "hacker", filters: [{ label: 3 }, { label: "Dry" }], category: { label: "x", url: "https://evil" }, listingUrl: "//evil" }),
    );
    expect(readMemory(s)).toEqual({ ...EMPTY_MEMORY, filters: [{ label: "Dry" }] });
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readMemory(broken)).toEqual(EMPTY_MEMORY);
    expect(() => writeMemory(broken, EMPTY_MEMORY)).not.toThrow();
  });
});

describe("crumb links (SPEC §2)", () => {
  it("pet age: Adult, Senior, Puppy, Kitten", () => {
    expect(petAgeCrumb("dog", "adult-dog")).toEqual({ label: "Adult", url: "/products/dog/pet-age/adult-dog-food" });
    expect(petAgeCrumb("cat", "senior-cat")).toEqual({ label: "Senior", url: "/products/cat/pet-age/senior-cat-food" });
    expect(petAgeCrumb("dog", "puppy")).toEqual({ label: "Puppy", url: "/products/dog/pet-age/puppy-food" });
    expect(petAgeCrumb("cat", "Kitten")).toEqual({ label: "Kitten", url: "/products/cat/pet-age/kitten-food" });
    expect(petAgeCrumb("dog", "teen")).toBeNull();
  });

  it("food form with dashes", () => {
    expect(foodFormCrumb("cat", "Dry Food")).toEqual({ label: "Dry Food", url: "/products/cat/food-form/dry-food" });
    expect(foodFormCrumb("dog", "wet-food")).toEqual({ label: "Wet Food", url: "/products/dog/food-form/wet-food" });
    expect(foodFormCrumb("dog", " ")).toBeNull();
  });
});

describe("breadcrumbTrail", () => {
  const d2c = { isStaff: false };

  it("listing: Home › All Products", () => {
    expect(breadcrumbTrail({ ...d2c, kind: "product-listing", filters: dryPuppy })).toEqual([
      { label: "Home", url: "/" },
      { label: "All Products", url: null },
    ]);
  });

  it("category: Home › All Products › species › category", () => {
    expect(breadcrumbTrail({ ...d2c, kind: "category-listing", species: "dog", category: puppyFood })).toEqual([
      { label: "Home", url: "/" },
      { label: "All Products", url: "/products" },
      { label: "Dog", url: "/products/dog/species" },
      { label: "Puppy Food", url: null },
    ]);
    // The species page itself does not repeat the species.
    expect(breadcrumbTrail({ ...d2c, kind: "category-listing", species: "dog", category: { label: "Dog Food", url: "/products/dog/species" } })).toEqual([
      { label: "Home", url: "/" },
      { label: "All Products", url: "/products" },
      { label: "Dog Food", url: null },
    ]);
  });

  it("search: Home › All Products › the query", () => {
    expect(breadcrumbTrail({ ...d2c, kind: "search-results", search: "chicken" }).at(-1)).toEqual({
      label: "Search results for “chicken”",
      url: null,
    });
  });

  it("product: species, remembered category, brand, pet age and food form", () => {
    const memory = recordVisit(
      recordVisit(EMPTY_MEMORY, { kind: "category-listing", category: puppyFood, filters: dryPuppy, url: "/products/dog/pet-age/puppy-food?food-form=dry" }),
      { kind: "product-detail" },
    );
    expect(breadcrumbTrail({ ...d2c, kind: "product-detail", product, memory })).toEqual([
      { label: "Home", url: "/" },
      { label: "All Products", url: "/products" },
      { label: "Dog", url: "/products/dog/species" },
      { label: "Puppy Food", url: "/products/dog/pet-age/puppy-food?food-form=dry" },
      { label: "Kindred Crest", url: "/products/dog/brand/kindred-crest" },
      // Puppy's own crumb has the same page as the remembered category: shown once.
      { label: "Dry Food", url: "/products/dog/food-form/dry-food" },
      { label: product.title, url: null },
    ]);
  });

  it("product: without memory (server render) only the product's own crumbs", () => {
    const trail = breadcrumbTrail({ ...d2c, kind: "product-detail", product: { ...product, productPetAge: "adult-dog,senior-dog" } });
    expect(trail.map((c) => c.label)).toEqual(["Home", "All Products", "Dog", "Kindred Crest", "Adult", "Dry Food", product.title]);
  });

  it("product: ignores a remembered category of the other species, and stale memory", () => {
    const catMemory = recordVisit(recordVisit(EMPTY_MEMORY, { kind: "category-listing", category: { label: "Cat Food", url: "/products/cat/species" } }), {
      kind: "product-detail",
    });
    expect(breadcrumbTrail({ ...d2c, kind: "product-detail", product, memory: catMemory }).map((c) => c.label)).not.toContain("Cat Food");
    const stale = recordVisit(recordVisit(recordVisit(EMPTY_MEMORY, { kind: "category-listing", category: puppyFood }), { kind: "home" }), {
      kind: "product-detail",
    });
    expect(
      breadcrumbTrail({ ...d2c, kind: "product-detail", product: { ...product, productPetAge: "adult-dog" }, memory: stale }).map((c) => c.label),
    ).not.toContain("Puppy Food");
  });

  it("staff: Catalog plus the filter labels, disabled", () => {
    expect(breadcrumbTrail({ isStaff: true, kind: "category-listing", species: "dog", category: puppyFood, filters: dryPuppy })).toEqual([
      { label: "Catalog", url: "/products" },
      { label: "Puppy", url: null, disabled: true },
      { label: "Dry", url: null, disabled: true },
    ]);
    const memory = recordVisit(recordVisit(EMPTY_MEMORY, { kind: "product-listing", filters: dryPuppy }), { kind: "product-detail" });
    expect(breadcrumbTrail({ isStaff: true, kind: "product-detail", product, memory }).map((c) => c.label)).toEqual(["Catalog", "Puppy", "Dry"]);
    expect(breadcrumbTrail({ isStaff: true, kind: "product-detail", product })).toEqual([{ label: "Catalog", url: "/products" }]);
  });

  it("home has none; other pages say their name", () => {
    expect(breadcrumbTrail({ ...d2c, kind: "home" })).toEqual([]);
    expect(breadcrumbTrail({ ...d2c, kind: "my-orders", pageLabel: "My Orders" })).toEqual([
      { label: "Home", url: "/" },
      { label: "My Orders", url: null },
    ]);
  });
});

describe("BreadcrumbList JSON-LD", () => {
  it("lists linked crumbs and the current page with absolute URLs", () => {
    const crumbs = breadcrumbTrail({ isStaff: false, kind: "category-listing", species: "dog", category: puppyFood });
    expect(breadcrumbListJsonLd(crumbs, "http://localhost:3000/", "/products/dog/pet-age/puppy-food")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "http://localhost:3000/" },
        { "@type": "ListItem", position: 2, name: "All Products", item: "http://localhost:3000/products" },
        { "@type": "ListItem", position: 3, name: "Dog", item: "http://localhost:3000/products/dog/species" },
        { "@type": "ListItem", position: 4, name: "Puppy Food", item: "http://localhost:3000/products/dog/pet-age/puppy-food" },
      ],
    });
  });

  it("escapes < so a label cannot end the script", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
