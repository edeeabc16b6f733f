import { describe, expect, it } from "vitest";
import { normaliseCodes, priceCart, priceLine, type DiscountRule } from "./pricing";

const now = new Date("2026-11-21T12:00:00Z");
const AUTO35: DiscountRule = {
  code: "AUTO35",
  kind: "percentage",
  value: 35,
  autoshipOnly: true,
  firstSubscriptionOnly: true,
  expiresAt: null,
  active: true,
};
const line = (over: Partial<Parameters<typeof priceLine>[0]> = {}) => ({
  quantity: 2,
  priceCents: 2000,
  compareAtCents: 2500,
  programPriceCents: 1400,
  autoship: false,
  ...over,
});

describe("line prices", () => {
  it("charges the price on the shop and counts compare-at savings", () => {
    expect(priceLine(line(), "d2c")).toEqual({
      unitCents: 2000,
      unitBeforeSavingsCents: 2500,
      subtotalCents: 4000,
      subtotalBeforeSavingsCents: 5000,
      savingsCents: 1000,
    });
  });
  it("takes 5% off autoship lines", () => {
    expect(priceLine(line({ autoship: true, compareAtCents: null }), "d2c").unitCents).toBe(1900);
  });
  it("charges the program price on the staff site, saving against the list price", () => {
    const p = priceLine(line(), "hpsf");
    expect(p.unitCents).toBe(1400);
    expect(p.subtotalBeforeSavingsCents).toBe(4000);
    expect(p.savingsCents).toBe(1200);
  });
});

describe("cart totals and discount codes", () => {
  const ctx = { site: "d2c" as const, now, customerHasSubscription: false };

  it("applies AUTO35 to autoship lines of a first autoship order", () => {
    const p = priceCart([line({ autoship: true, compareAtCents: null }), line()], ["AUTO35"], [AUTO35], ctx);
    // autoship line 2 × 1900 = 3800 → 35% = 1330
    expect(p.codes[0]).toEqual({ code: "AUTO35", applicable: true, amountCents: 1330, reason: null });
    expect(p.totalCents).toBe(3800 + 4000 - 1330);
    // compare-at savings 1000, the autoship 5% (2 × 100) and the code
    expect(p.totalSavingsCents).toBe(1000 + 200 + 1330);
  });

  it("lets one ordinary code count besides AUTO35, whatever a cart holds: the last one given", () => {
    const TEN: DiscountRule = { ...AUTO35, code: "TEN", autoshipOnly: false, firstSubscriptionOnly: false, value: 10 };
    const FIVE: DiscountRule = { ...TEN, code: "FIVE", kind: "fixed", value: 500 };
    const auto = [line({ autoship: true, compareAtCents: null })];
    const p = priceCart(auto, ["AUTO35", "TEN", "FIVE"], [AUTO35, TEN, FIVE], ctx);
    expect(p.codes.map((c) => [c.code, c.applicable])).toEqual([
      ["AUTO35", true],
      ["TEN", false],
      ["FIVE", true],
    ]);
    expect(p.codes[1].reason).toBe("Only one discount code applies per order.");
    expect(p.discountCents).toBe(1330 + 500);
  });

  it("refuses AUTO35 without an autoship line, for an existing subscriber, when expired or unknown", () => {
    expect(priceCart([line()], ["AUTO35"], [AUTO35], ctx).codes[0]).toMatchObject({ applicable: false, reason: /Autoship items only/ });
    const auto = [line({ autoship: true })];
    expect(priceCart(auto, ["AUTO35"], [AUTO35], { ...ctx, customerHasSubscription: true }).codes[0].applicable).toBe(false);
    const expired = { ...AUTO35, expiresAt: new Date("2026-01-01T00:00:00Z") };
    expect(priceCart(auto, ["AUTO35"], [expired], ctx).codes[0].reason).toBe("This code has expired.");
    expect(priceCart(auto, ["NOPE"], [AUTO35], ctx).codes[0].reason).toBe("This code is not valid.");
  });

  it("never discounts below zero with fixed codes", () => {
    const big: DiscountRule = { ...AUTO35, code: "BIG", kind: "fixed", value: 100_000, autoshipOnly: false, firstSubscriptionOnly: false };
    const p = priceCart([line({ quantity: 1 })], ["BIG"], [big], ctx);
    expect(p.totalCents).toBe(0);
    expect(p.discountCents).toBe(2000);
  });

  it("shows the program discount on the staff site", () => {
    const p = priceCart([line()], [], [], { ...ctx, site: "hpsf" });
    expect(p.subtotalBeforeSavingsCents).toBe(4000);
    expect(p.programDiscountCents).toBe(1200);
    expect(p.subtotalCents).toBe(2800);
  });

  it("normalises typed codes", () => {
    expect(normaliseCodes([" auto35", "AUTO35", ""])).toEqual(["AUTO35"]);
  });
});
