import { describe, expect, it } from "vitest";
import { checkoutTotals, cartEstimate } from "../checkout/totals";
import { computeCartDonation } from "./provider";
import {
  addonAmountCents,
  addonOffers,
  netByCause,
  parseAddonChoice,
  reversalsDue,
  reversedByCause,
  roundUpCents,
  segmentRule,
  storeLedgerRows,
  givenSentence,
} from "./ledger-campaigns";

describe("add-on and round-up amounts", () => {
  it("rounds up to the next whole dollar; a whole total has nothing to round (the offer is hidden)", () => {
    expect(roundUpCents(4237)).toBe(63);
    expect(roundUpCents(4299)).toBe(1);
    expect(roundUpCents(4300)).toBe(0);
    expect(addonOffers([1, 3], 4237)).toEqual({ addOn: false, roundUpToCents: 4300 });
    expect(addonOffers([1, 3], 4300)).toEqual({ addOn: false, roundUpToCents: null });
    expect(addonOffers([1, 4], 4237)).toEqual({ addOn: true, roundUpToCents: null });
  });

  it("takes only the offered choices from a form; anything else names the field", () => {
    expect(parseAddonChoice("300")).toEqual({ ok: true, choice: { kind: "add-on", cents: 300 } });
    expect(parseAddonChoice("round-up")).toEqual({ ok: true, choice: { kind: "round-up" } });
    expect(parseAddonChoice("none")).toEqual({ ok: true, choice: null });
    for (const bad of ["250", "1000000", "-100", "", null, "3.00"]) expect(parseAddonChoice(bad)).toMatchObject({ ok: false, field: "donation" });
    expect(addonAmountCents({ kind: "add-on", cents: 250 }, 1000)).toBe(0);
  });

  it("checkout totals: the add-on is added last, with no tax, shipping or discount effect; a round-up rounds the whole total", () => {
    const base = {
      subtotalCents: 3000,
      discountCents: 300,
      method: "standard" as const,
      state: "CO",
      freeShippingThresholdCents: 4900,
      freeShippingQualifyingCents: 2700,
    };
    const plain = checkoutTotals(base);
    const addon = checkoutTotals({ ...base, donationAddon: { kind: "add-on", cents: 500 } });
    expect({ ...addon, donationAddonCents: 0, totalCents: addon.totalCents - 500 }).toEqual({ ...plain, donationAddonCents: 0 });
    expect(addon.donationAddonCents).toBe(500);
    const up = checkoutTotals({ ...base, donationAddon: { kind: "round-up" } });
    expect(up.totalCents % 100).toBe(0);
    expect(up.totalCents - plain.totalCents).toBe(roundUpCents(plain.totalCents));
    expect(up.taxCents).toBe(plain.taxCents);
    expect(cartEstimate({ totalCents: 4237, donationAddon: { kind: "round-up" } })).toEqual({ donationAddonCents: 63, totalCents: 4300 });
  });
});

describe("ledger rows", () => {
  const settings = {
    rule: { type: "percentage" as const, valueHundredths: 500 },
    multiplierHundredths: 100,
    excludedCmsIds: ["gift"],
    directDonationCmsIds: [],
    cartDonationCents: 0,
    recipients: ["00-1"],
  };
  it("per line from the price charged less its share of the order's discount, shared as the widget shares the cart's; excluded lines give nothing", () => {
    const rowsFor = (d1: number, d2: number) =>
      storeLedgerRows({
        ...settings,
        lines: [
          { orderLineId: "l1", cmsId: "food", unitPriceCents: 1999, quantity: 2, discountCents: d1 },
          { orderLineId: "l2", cmsId: "gift", unitPriceCents: 5000, quantity: 1, discountCents: d2 },
        ],
      });
    // $4.00 off $89.98: the food line's share is $1.78 (the excluded line takes its share too), 5 % of $38.20.
    const expected = [
      { orderLineId: "l1", causeId: "00-1", rule: "percentage", amountCents: 191, rateHundredths: 500, multiplierHundredths: 100, fundedBy: "store" },
    ];
    expect(rowsFor(178, 222)).toEqual(expected);
    // Only the order's discount counts, not how its rounding fell on the lines: the widget's answer.
    expect(rowsFor(400, 0)).toEqual(expected);
    const widget = computeCartDonation(
      [
        { cmsId: "food", unitPriceCents: 1999, quantity: 2, discountCents: 0 },
        { cmsId: "gift", unitPriceCents: 5000, quantity: 1, discountCents: 0 },
      ],
      400,
      { rule: settings.rule, multiplierHundredths: 100, excludedCmsIds: settings.excludedCmsIds, directDonationCmsIds: [], cartDonationCents: 0, usdRate: 1 },
    );
    expect(widget.totalCents).toBe(191);
  });

  it("reversals are cumulative per row: any steps of a line's units sum to exactly minus the row", () => {
    const row = (refunded: number, reversed: number) => ({
      id: 1,
      amountCents: 100,
      line: { quantity: 3, refundedQuantity: refunded },
      reversedCents: reversed,
    });
    const one = reversalsDue([row(1, 0)], false)[0].amountCents;
    const two = reversalsDue([row(2, -one)], false)[0].amountCents;
    const three = reversalsDue([row(3, -one - two)], false)[0].amountCents;
    expect([one, two, three]).toEqual([-33, -33, -34]);
    expect(reversalsDue([row(3, 100)], false)).toEqual([]);
    // Whole: everything left, also a row without a product line (the add-on).
    expect(reversalsDue([row(1, 33), { id: 2, amountCents: 300, line: null, reversedCents: 0 }], true)).toEqual([
      { reversesId: 1, amountCents: -67 },
      { reversesId: 2, amountCents: -300 },
    ]);
    expect(reversalsDue([{ id: 2, amountCents: 300, line: null, reversedCents: 0 }], false)).toEqual([]);
  });

  it("what an order gave per cause, net of reversals, in the confirmation's words", () => {
    expect(
      netByCause([
        { causeId: "a", amountCents: 215, fundedBy: "store" },
        { causeId: "a", amountCents: 300, fundedBy: "customer" },
        { causeId: "b", amountCents: 50, fundedBy: "store" },
        { causeId: "b", amountCents: -50, fundedBy: "store" },
      ]),
    ).toEqual([{ causeId: "a", cents: 515, customerCents: 300 }]);
    expect(givenSentence(215, "Paws Rescue League")).toBe("$2.15 to Paws Rescue League with this order");
  });
});

describe("the matched segment's rule at order time", () => {
  const store = { defaultDonationType: 0, defaultDonationHundredths: 500 };
  const segment = (over: Partial<Parameters<typeof segmentRule>[1] & object> = {}) => ({
    excludeSegment: false,
    donationAction: "none" as const,
    donationActionValue: 0,
    ...over,
  });
  it("no segment, or one without an action: the store's rule", () => {
    expect(segmentRule(store, null)).toEqual({ rule: { type: "percentage", valueHundredths: 500 }, storeGives: true });
    expect(segmentRule(store, segment())).toEqual({ rule: { type: "percentage", valueHundredths: 500 }, storeGives: true });
  });
  it("an action replaces the rule; an exclusion gives nothing of the store's", () => {
    expect(segmentRule(store, segment({ donationAction: "percentage", donationActionValue: 1000 }))).toEqual({
      rule: { type: "percentage", valueHundredths: 1000 },
      storeGives: true,
    });
    expect(segmentRule(store, segment({ donationAction: "flat", donationActionValue: 25 })).rule).toEqual({ type: "flat", valueHundredths: 25 });
    expect(segmentRule(store, segment({ excludeSegment: true })).storeGives).toBe(false);
  });
});

describe("what refunds took back, per cause", () => {
  it("sums the reversal rows (positive), leaving given rows out", () => {
    const rows = [
      { causeId: "00-1", amountCents: 250, reversesId: null },
      { causeId: "00-2", amountCents: 100, reversesId: null },
      { causeId: "00-1", amountCents: -100, reversesId: 1 },
      { causeId: "00-1", amountCents: -150, reversesId: 1 },
    ];
    expect([...reversedByCause(rows)]).toEqual([["00-1", 250]]);
  });
});
