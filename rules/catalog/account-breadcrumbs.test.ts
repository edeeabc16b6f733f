import { describe, expect, it } from "vitest";
import { accountPageKind, breadcrumbTrail, EMPTY_MEMORY, recordVisit } from "./breadcrumbs";

// SPEC §2: the account pages are page kinds of their own (My Account, My Profile, My Orders,
// My Order Details, My Autoships, Address Book), recorded like every other visit.

describe("accountPageKind", () => {
  it.each([
    ["/account/dashboard", "my-account"],
    ["/account/my-profile", "my-profile"],
    ["/account/profile", "my-profile"],
    ["/account/orders", "my-orders"],
    ["/account/orders/", "my-orders"],
    ["/account/orders/KC-100001", "my-order-details"],
    ["/account/autoships", "my-autoships"],
    ["/account/address-book", "address-book"],
  ])("%s is %s", (path, kind) => {
    expect(accountPageKind(path)).toBe(kind);
  });

  it.each(["/account", "/account/orders/1/extra", "/products", "/accounts/dashboard", "/shelter/login"])("%s is no account page kind", (path) => {
    expect(accountPageKind(path)).toBeNull();
  });
});

describe("an account page visit in the breadcrumb memory", () => {
  const category = { label: "Puppy Food", url: "/products/dog/pet-age/puppy-food" };
  const product = {
    title: "Puppy Dry",
    productSpecies: "dog",
    productBrand: "",
    productBrandSlug: "",
    productPetAge: "",
    productFoodForm: "",
  };

  it("becomes the previous kind, so a product opened from My Orders does not show the old listing's category", () => {
    let memory = recordVisit(EMPTY_MEMORY, { kind: "category-listing", url: category.url, category, filters: [{ label: "Puppy" }] });
    memory = recordVisit(memory, { kind: accountPageKind("/account/orders/KC-100001")!, url: "/account/orders/KC-100001" });
    expect(memory.previousKind).toBe("category-listing");
    expect(memory.currentKind).toBe("my-order-details");
    memory = recordVisit(memory, { kind: "product-detail" });
    expect(memory.previousKind).toBe("my-order-details");
    const crumbs = breadcrumbTrail({ isStaff: false, kind: "product-detail", product, memory });
    expect(crumbs.map((c) => c.label)).toEqual(["Home", "All Products", "Dog", "Puppy Dry"]);
  });
});
