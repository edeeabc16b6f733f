import { describe, expect, it } from "vitest";
import { describeSegment, narrowsByShopData, parseSegment, segmentFormValues, wholeList } from "./segment";

// The console's segment form: every field checked and named in its error; a day count asked for
// exactly when its condition needs one; the topic the site's; the account group the staff site's.

describe("parseSegment", () => {
  it("reads a whole-list segment with every condition at 'any'", () => {
    const r = parseSegment({ site: "d2c", topic: "offers" });
    expect(r).toEqual({ ok: true, segment: wholeList("d2c", "offers") });
    expect(r.ok && r.segment).toMatchObject({ autoship: "any", species: "any", lastOrder: "any", minSpendCents: null, accountGroup: null });
    expect(r.ok && narrowsByShopData(r.segment)).toBe(false);
  });

  it("reads every condition from the form's strings and gives them back", () => {
    const form = {
      site: "hpsf",
      topic: "program_news",
      autoship: "cancelled",
      autoshipDays: "30",
      species: "cat",
      lastOrder: "older",
      lastOrderDays: "90",
      minSpend: "$150.50",
      accountGroup: " ZVET ",
    };
    const r = parseSegment(form);
    expect(r).toMatchObject({ ok: true, segment: { autoshipDays: 30, lastOrderDays: 90, minSpendCents: 15050, accountGroup: "ZVET" } });
    if (!r.ok) throw new Error("refused");
    expect(narrowsByShopData(r.segment)).toBe(true);
    expect(parseSegment(segmentFormValues(r.segment))).toEqual(r);
    expect(parseSegment({ ...r.segment })).toEqual(r);
    expect(describeSegment(r.segment)).toBe(
      "Staff site · Program news · cancelled an Autoship in the last 30 days · bought for a cat · last order over 90 days ago · spent at least $150.50 · account group ZVET",
    );
  });

  it("names each wrong field", () => {
    expect(parseSegment({ site: "moon", topic: "offers", species: "fish" })).toEqual({
      ok: false,
      errors: { site: "Choose a site", species: "Choose dog, cat or any" },
    });
    expect(parseSegment({ site: "d2c", topic: "offers", lastOrderDays: "1.5", minSpend: "lots" })).toMatchObject({
      ok: false,
      errors: { lastOrderDays: expect.stringMatching(/whole number/), minSpend: expect.stringMatching(/dollars/) },
    });
    expect(parseSegment({ site: "d2c", topic: "program_news", autoship: "cancelled", lastOrder: "newer", accountGroup: "ZVET" })).toEqual({
      ok: false,
      errors: {
        topic: "Choose a topic the shop site offers",
        autoshipDays: "Enter how many days back a cancellation counts",
        lastOrderDays: "Enter the last order's age in days",
        accountGroup: "Account groups are the staff site's: choose the staff site or leave this empty",
      },
    });
    expect(parseSegment({ site: "d2c", topic: "offers", autoshipDays: "0" })).toMatchObject({
      ok: false,
      errors: { autoshipDays: expect.stringMatching(/at least 1/) },
    });
  });

  it("drops a day count its condition does not use", () => {
    expect(parseSegment({ site: "d2c", topic: "offers", autoship: "active", autoshipDays: "9", lastOrderDays: "4" })).toMatchObject({
      ok: true,
      segment: { autoship: "active", autoshipDays: null, lastOrderDays: null },
    });
  });
});
