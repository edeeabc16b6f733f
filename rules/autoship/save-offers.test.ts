import { describe, expect, it } from "vitest";
import { discountOfferAllowed, longerFrequencyWeeks, saveOfferFor, type SaveOfferContext } from "./save-offers";

const now = new Date("2026-11-29T12:00:00Z");
const ctx: SaveOfferContext = {
  frequencyWeeks: 4,
  supplyDays: null,
  discount: { percent: 15, intervalMonths: 12 },
  lastDiscountOfferedAt: null,
  now,
};

describe("save offer for a cancel reason", () => {
  it("answers each reason with one fitted offer", () => {
    expect(saveOfferFor("too_much_food", ctx)).toEqual({ kind: "frequency", weeks: 5 });
    expect(saveOfferFor("too_expensive", ctx)).toEqual({ kind: "discount", percent: 15 });
    expect(saveOfferFor("order_when_needed", ctx)).toEqual({ kind: "skip_or_delay" });
    expect(saveOfferFor("pet_did_not_like", ctx)).toEqual({ kind: "swap" });
    expect(saveOfferFor("vet_changed_diet", ctx)).toEqual({ kind: "swap" });
    expect(saveOfferFor("other", ctx)).toEqual({ kind: "none" });
  });

  it("offers nothing when the pet passed away", () => {
    expect(saveOfferFor("pet_passed_away", ctx)).toEqual({ kind: "none" });
  });

  it("takes the frequency from the feeding calculator when the supply is known", () => {
    expect(saveOfferFor("too_much_food", { ...ctx, supplyDays: 50 })).toEqual({ kind: "frequency", weeks: 7 });
    // A supply shorter than today's interval still offers a longer one, never a shorter.
    expect(longerFrequencyWeeks(4, 10)).toBe(5);
  });

  it("offers skip or delay when the frequency is already the longest", () => {
    expect(longerFrequencyWeeks(12, null)).toBeNull();
    expect(saveOfferFor("too_much_food", { ...ctx, frequencyWeeks: 12 })).toEqual({ kind: "skip_or_delay" });
  });

  it("offers no discount when the console turned it off", () => {
    expect(saveOfferFor("too_expensive", { ...ctx, discount: { percent: 0, intervalMonths: 12 } })).toEqual({ kind: "none" });
  });
});

describe("discount at most once per subscription per 12 months", () => {
  it("allows a first offer", () => {
    expect(discountOfferAllowed(null, now)).toBe(true);
  });

  it("refuses within 12 months and allows from the day 12 months later", () => {
    expect(discountOfferAllowed(new Date("2026-01-15T00:00:00Z"), now)).toBe(false);
    expect(discountOfferAllowed(new Date("2025-11-29T12:00:01Z"), now)).toBe(false);
    expect(discountOfferAllowed(new Date("2025-11-29T12:00:00Z"), now)).toBe(true);
    expect(saveOfferFor("too_expensive", { ...ctx, lastDiscountOfferedAt: new Date("2026-06-01T00:00:00Z") })).toEqual({ kind: "none" });
  });

  it("waits longer when the console sets a longer interval, never shorter than 12 months", () => {
    const lastYear = new Date("2025-11-01T00:00:00Z");
    expect(discountOfferAllowed(lastYear, now, 24)).toBe(false);
    expect(discountOfferAllowed(lastYear, now, 6)).toBe(true);
    expect(discountOfferAllowed(new Date("2026-06-01T00:00:00Z"), now, 6)).toBe(false);
  });
});
