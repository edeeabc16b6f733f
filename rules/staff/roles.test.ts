import { describe, expect, it } from "vitest";
import { seesProgramPrices, withoutProgramPrices } from "./program-prices";
import { isEligibleForPd, isOpenToUnregistered, isRegistered, isStaffOnlyApi, parseGroupList } from "./roles";

describe("registered rule and PD eligibility (SPEC §5)", () => {
  it("is registered only with both the account group and the ship-to", () => {
    expect(isRegistered({ accountGroup: "SF_DVM", preferredShipTo: "T1" })).toBe(true);
    expect(isRegistered({ accountGroup: "SF_DVM", preferredShipTo: null })).toBe(false);
    expect(isRegistered({ accountGroup: null, preferredShipTo: "T1" })).toBe(false);
    expect(isRegistered(null)).toBe(false);
  });
  it("is eligible when the group is in the configured comma list", () => {
    const groups = parseGroupList(" SF_DVM, SF_TECH ,,");
    expect(groups).toEqual(["SF_DVM", "SF_TECH"]);
    expect(isEligibleForPd("SF_TECH", groups)).toBe(true);
    expect(isEligibleForPd("SF_STUDENT", groups)).toBe(false);
    expect(isEligibleForPd(null, groups)).toBe(false);
  });
  it("shows program prices only on the staff site to an eligible member, and strips them otherwise", () => {
    expect(seesProgramPrices({ isStaff: true }, { eligibleForPd: true })).toBe(true);
    expect(seesProgramPrices({ isStaff: true }, { eligibleForPd: false })).toBe(false);
    expect(seesProgramPrices({ isStaff: true }, null)).toBe(false);
    expect(seesProgramPrices({ isStaff: false }, { eligibleForPd: true })).toBe(false);
    const products = [{ handle: "a", variants: [{ sku: "A1", programPrice: { amount: "9.00" } }] }];
    expect(withoutProgramPrices(products)).toEqual([{ handle: "a", variants: [{ sku: "A1", programPrice: null }] }]);
    expect(products[0]!.variants[0]!.programPrice).toEqual({ amount: "9.00" });
  });
});

describe("the staff site's gate (SPEC §2, §6)", () => {
  it("opens the public pages, /shelter/* and content pages to the unregistered", () => {
    for (const path of [
      "/",
      "/faq",
      "/terms-and-conditions",
      "/shipping",
      "/contact-us",
      "/sitemap",
      "/maintenance",
      "/password-protect",
      "/shelter/register",
      "/shelter/login",
      "/about-the-program",
      "/faq.data",
      "/_root.data",
    ])
      expect(isOpenToUnregistered(path), path).toBe(true);
  });
  it("closes the catalogue, cart, checkout, search and account", () => {
    for (const path of [
      "/products",
      "/products/dog",
      "/cart",
      "/checkout",
      "/checkout/start",
      "/search",
      "/search/suggest",
      "/account",
      "/account/dashboard",
      "/autoship",
      "/discount/X",
      "/location",
      "/products.data",
      "/cart.data",
    ])
      expect(isOpenToUnregistered(path), path).toBe(false);
  });
  it("names the API calls that answer program prices, carts or checkouts", () => {
    for (const path of [
      "/api/ecom/v1.0/get-cart",
      "/api/ecom/v1.0/add-cart-line-items",
      "/api/ecom/v1.0/get-products-by-handles",
      "/api/ecom/v1.0/get-product-by-handle",
      "/api/cms/v1.0/get-products",
      "/api/checkout/place-order",
      "/api/multipass",
    ])
      expect(isStaffOnlyApi(path), path).toBe(true);
    for (const path of [
      "/api/health",
      "/api/identity/jwt",
      "/api/cms/v2.0/get-page-by-slug",
      "/api/ecom/v1.0/get-storefront-customer",
      "/api/get-stock-object",
    ])
      expect(isStaffOnlyApi(path), path).toBe(false);
  });
});
