import { describe, expect, it } from "vitest";
import {
  computeCartDonation,
  donationStoreFor,
  segmentApplies,
  convertUsdCents,
  firstMatchingSegment,
  isCharityId,
  isPortfolioId,
  locationQuery,
  normalizeStoreId,
  segmentMatches,
  shareCartDiscount,
  splitAmongRecipients,
  twoDecimals,
  type DonationSettings,
  type SegmentRule,
} from "./provider";

const percent5: DonationSettings = {
  rule: { type: "percentage", valueHundredths: 500 },
  multiplierHundredths: 100,
  excludedCmsIds: [],
  directDonationCmsIds: [],
  cartDonationCents: 0,
  usdRate: 1,
};
const flat = (cents: number, extra: Partial<DonationSettings> = {}): DonationSettings => ({
  ...percent5,
  rule: { type: "flat", valueHundredths: cents },
  ...extra,
});
const line = (cmsId: string, unitPriceCents: number, quantity = 1, discountCents = 0) => ({ cmsId, unitPriceCents, quantity, discountCents });

describe("store and cause ids (SPEC §5)", () => {
  it("accepts 32 hex after removing spaces, dashes, braces and parentheses", () => {
    expect(normalizeStoreId("{5EED0D0A-7E5C-4A1B-9C3D-2E1F00C0FFEE}")).toBe("5eed0d0a7e5c4a1b9c3d2e1f00c0ffee");
    expect(normalizeStoreId("(5eed0d0a 7e5c 4a1b 9c3d 2e1f00c0ffee)")).toBe("5eed0d0a7e5c4a1b9c3d2e1f00c0ffee");
  });
  it("refuses anything else", () => {
    for (const bad of [
      undefined,
      null,
      "",
      "5eed",
      "5eed0d0a7e5c4a1b9c3d2e1f00c0ffeg",
      "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee0",
      "5eed0d0a_7e5c4a1b9c3d2e1f00c0ffee",
    ])
      expect(normalizeStoreId(bad)).toBeNull();
  });
  it("tells charities (digits, slashes, dashes, 1–31) from portfolios (32 hex)", () => {
    expect(isCharityId("00-1000001")).toBe(true);
    expect(isCharityId("12/34")).toBe(true);
    expect(isCharityId("1".repeat(32))).toBe(false);
    expect(isPortfolioId("0a11ca75000000000000000000000001")).toBe(true);
    expect(isPortfolioId("00-1000001")).toBe(false);
    expect(isPortfolioId("xyz")).toBe(false);
  });
  it("reads location text starting with a digit as a zip, else a city", () => {
    expect(locationQuery(" 80202")).toEqual({ zip: "80202" });
    expect(locationQuery("Denver")).toEqual({ city: "Denver" });
    expect(locationQuery("  ")).toBeNull();
  });
});

describe("segments (SPEC §4, §5)", () => {
  const seg = (over: Partial<SegmentRule>): SegmentRule => ({
    id: "s",
    isActive: true,
    excludeSegment: false,
    priorityIndex: 0,
    valueCategory: null,
    specifiedValues: [],
    ...over,
  });
  it("matches empty, not empty, a specified list and equality", () => {
    expect(segmentMatches(seg({ valueCategory: 0 }), undefined)).toBe(true);
    expect(segmentMatches(seg({ valueCategory: 0 }), "x")).toBe(false);
    expect(segmentMatches(seg({ valueCategory: 1 }), "x")).toBe(true);
    expect(segmentMatches(seg({ valueCategory: 1 }), [])).toBe(false);
    expect(segmentMatches(seg({ valueCategory: null, specifiedValues: ["wholesale"] }), "wholesale")).toBe(true);
    expect(segmentMatches(seg({ valueCategory: null, specifiedValues: ["wholesale"] }), "retail")).toBe(false);
  });
  it("a list matches when the lengths agree and every value is in the specified list", () => {
    const list = seg({ valueCategory: 2, specifiedValues: ["gold", "vip"] });
    expect(segmentMatches(list, ["vip", "gold"])).toBe(true);
    expect(segmentMatches(list, ["gold"])).toBe(false);
    expect(segmentMatches(list, ["gold", "bronze"])).toBe(false);
    expect(segmentMatches(seg({ valueCategory: 2, specifiedValues: ["gold"] }), "gold")).toBe(true);
  });
  it("the first active match by priority wins; none matching → null", () => {
    const a = seg({ id: "a", priorityIndex: 2, valueCategory: 1 });
    const b = seg({ id: "b", priorityIndex: 1, valueCategory: 1, isActive: false });
    const c = seg({ id: "c", priorityIndex: 3, valueCategory: 1, excludeSegment: true });
    expect(firstMatchingSegment([c, b, a], () => "x")?.id).toBe("a");
    expect(firstMatchingSegment([a, c], () => undefined)).toBeNull();
  });
});

describe("donation amounts (SPEC §5 donation rules, §9 currency)", () => {
  it("percentage: 5 % of each line's price, rounded half up per line", () => {
    const r = computeCartDonation([line("a", 4299), line("b", 1999, 2)], 0, percent5);
    expect(r.lines.map((l) => l.donationCents)).toEqual([215, 200]); // 214.95 → 215; 199.9 → 200
    expect(r.totalCents).toBe(415);
    expect(r.lines[0].donationType).toBe("percentage");
  });
  it("percentage after the line's own discount and its share of the cart discount", () => {
    const r = computeCartDonation([line("a", 3000, 1, 1000), line("b", 2000)], 1000, percent5);
    // nets 2000 and 2000: each takes 500 of the cart discount → 1500 × 5 % = 75.
    expect(r.lines.map((l) => l.cartDiscountShareCents)).toEqual([500, 500]);
    expect(r.lines.map((l) => l.donationCents)).toEqual([75, 75]);
  });
  it("shares a cart discount in whole cents that add up exactly", () => {
    expect(shareCartDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shareCartDiscount([1000, 0], 5000)).toEqual([1000, 0]);
    expect(shareCartDiscount([], 100)).toEqual([]);
  });
  it("flat: the amount per unit", () => {
    const r = computeCartDonation([line("a", 4299, 3), line("b", 100)], 500, flat(25));
    expect(r.lines.map((l) => l.donationCents)).toEqual([75, 25]);
    expect(r.lines[0].donationType).toBe("flat");
  });
  it("applies the cause multiplier once, after the rule", () => {
    expect(computeCartDonation([line("a", 4299)], 0, { ...percent5, multiplierHundredths: 200 }).totalCents).toBe(430);
    expect(computeCartDonation([line("a", 1000, 3)], 0, flat(25, { multiplierHundredths: 150 })).totalCents).toBe(113); // 112.5 → 113
  });
  it("gives nothing for an excluded product, which still takes its share of the cart discount", () => {
    const r = computeCartDonation([line("a", 2000), line("x", 2000)], 1000, { ...percent5, excludedCmsIds: ["x"] });
    expect(r.lines[1]).toMatchObject({ excluded: true, donationCents: 0, donationType: "none", cartDiscountShareCents: 500 });
    expect(r.lines[0].donationCents).toBe(75);
  });
  it("a direct donation line gives its whole price, without discount share or multiplier, unless ignored", () => {
    const settings = { ...percent5, directDonationCmsIds: ["gift"], multiplierHundredths: 200 };
    const r = computeCartDonation([line("a", 2000), line("gift", 500, 2)], 1000, settings);
    expect(r.lines[1]).toMatchObject({ directDonation: true, donationCents: 1000, donationType: "direct", cartDiscountShareCents: 0 });
    expect(r.lines[0].donationCents).toBe(100); // (2000 − 1000) × 5 % × 2
    expect(computeCartDonation([line("gift", 500)], 0, settings, { ignoreDirectDonations: true }).lines[0]).toMatchObject({
      donationCents: 0,
      directDonation: true,
    });
  });
  it("the total is the lines plus the cart donation, which only comes with a giving line", () => {
    expect(computeCartDonation([line("a", 2000)], 0, { ...percent5, cartDonationCents: 100 })).toMatchObject({ cartDonationCents: 100, totalCents: 200 });
    expect(computeCartDonation([line("x", 2000)], 0, { ...percent5, cartDonationCents: 100, excludedCmsIds: ["x"] })).toMatchObject({
      cartDonationCents: 0,
      totalCents: 0,
    });
    expect(computeCartDonation([], 0, percent5).totalCents).toBe(0);
  });
  it("currency: only flat amounts are converted, by the rate, to the cent, per line", () => {
    // 1.35 CAD per USD: $0.25 → 0.3375 → 0.34 CAD per unit.
    expect(computeCartDonation([line("a", 1000, 3)], 0, flat(25, { usdRate: 1.35 })).lines[0].donationCents).toBe(102);
    // A percentage is of the cart's own prices: no conversion.
    expect(computeCartDonation([line("a", 1000)], 0, { ...percent5, usdRate: 1.35 }).totalCents).toBe(50);
    expect(convertUsdCents(500, 1.005)).toBe(503);
    expect(convertUsdCents(500, 1)).toBe(500);
  });
  it("splits a portfolio's amount equally, odd cents to the first", () => {
    expect(splitAmongRecipients(100, ["a", "b", "c"])).toEqual([
      { id: "a", cents: 34 },
      { id: "b", cents: 33 },
      { id: "c", cents: 33 },
    ]);
    expect(splitAmongRecipients(5, [])).toEqual([]);
    expect(twoDecimals(215)).toBe("2.15");
  });
});

describe("which site gives, and which segments the page's word is enough for", () => {
  it("the shop's configured store on the shop; none on the staff site", () => {
    expect(donationStoreFor("d2c", "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee")).toBe("5eed0d0a7e5c4a1b9c3d2e1f00c0ffee");
    expect(donationStoreFor("hpsf", "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee")).toBeNull();
    expect(donationStoreFor("d2c", null)).toBeNull();
  });

  it("an exclusion or a segment without an action applies on the page's word; one that changes the amount needs the customer's record", () => {
    const base = { id: "s", isActive: true, priorityIndex: 0, valueCategory: 2, specifiedValues: ["gold"], backEndPropertyName: "loyalty_tier" };
    expect(segmentApplies({ ...base, excludeSegment: true, donationAction: "none" }, undefined)).toBe(true);
    expect(segmentApplies({ ...base, excludeSegment: false, donationAction: "none" }, undefined)).toBe(true);
    const gold = { ...base, excludeSegment: false, donationAction: "percentage" };
    expect(segmentApplies(gold, undefined)).toBe(false);
    expect(segmentApplies(gold, "silver")).toBe(false);
    expect(segmentApplies(gold, "gold")).toBe(true);
    expect(segmentApplies({ ...gold, backEndPropertyName: " " }, "gold")).toBe(false);
  });
});
