import { describe, expect, it } from "vitest";
import { checkoutAttributes, isServerOwnedMetafield } from "./order-attributes";
import { preferredAddressOf, shippingLocation } from "../staff/delivery";
import { cardBrand, checkCard, luhnValid, testCardOutcome } from "./payment-card";
import { SALES_TAX_BASIS_POINTS, salesTaxCents, taxableBaseCents } from "./sales-tax";
import { shippingQuote } from "./shipping-rates";
import { US_STATES } from "../shared/us-states";

describe("sales tax table", () => {
  it("has one rate per state plus DC (51) and taxes by destination", () => {
    expect(Object.keys(SALES_TAX_BASIS_POINTS).sort()).toEqual(US_STATES.map((s) => s.code).sort());
    expect(salesTaxCents("CO", 10_000)).toBe(780);
    expect(salesTaxCents("OR", 10_000)).toBe(0);
    expect(salesTaxCents("ZZ", 10_000)).toBe(0);
    expect(taxableBaseCents({ merchandiseAfterDiscountsCents: 1000, shippingCents: 799, serviceChargeCents: 400 })).toBe(2199);
  });
});

describe("shipping rates", () => {
  const base = { thresholdCents: 4900, state: "CO" } as const;
  it("standard is free at the threshold, flat below, express always paid", () => {
    expect(shippingQuote({ ...base, method: "standard", freeShippingQualifyingCents: 4900 }).shippingCents).toBe(0);
    expect(shippingQuote({ ...base, method: "standard", freeShippingQualifyingCents: 4899 }).shippingCents).toBe(799);
    expect(shippingQuote({ ...base, method: "express", freeShippingQualifyingCents: 99_999 }).shippingCents).toBe(1999);
  });
  it("adds $4 for Alaska and Hawaii only", () => {
    expect(shippingQuote({ ...base, state: "AK", method: "standard", freeShippingQualifyingCents: 0 }).serviceChargeCents).toBe(400);
    expect(shippingQuote({ ...base, state: "HI", method: "express", freeShippingQualifyingCents: 0 }).serviceChargeCents).toBe(400);
    expect(shippingQuote({ ...base, method: "standard", freeShippingQualifyingCents: 0 }).serviceChargeCents).toBe(0);
  });
});

describe("checkout attributes", () => {
  const get = (a: { key: string; value: string }[], k: string) => a.find((x) => x.key === k)?.value;
  it("shop: USHD/ZDTC and sgOrderType by selling plan", () => {
    const a = checkoutAttributes({ site: "d2c", lines: [{ sellingPlanId: null }], acceptsEmailMarketing: true, isAttestationChecked: false });
    expect([get(a, "SALES_ORG"), get(a, "SALES_ORD_TYPE"), get(a, "sgOrderType")]).toEqual(["USHD", "ZDTC", "oneTimeOrder"]);
    const s = checkoutAttributes({ site: "d2c", lines: [{ sellingPlanId: "autoship-4w" }], acceptsEmailMarketing: false, isAttestationChecked: true });
    expect(get(s, "sgOrderType")).toBe("firstPurchaseSubscription");
    expect(get(s, "is_attestation_checked")).toBe("true");
  });
  it("staff: ZK01 and the shipping-location rule", () => {
    expect(shippingLocation({ clinicHomeDeliveryOnly: true, preferredAddress: "clinic" })).toBe("ship_to_home");
    expect(shippingLocation({ clinicHomeDeliveryOnly: false, preferredAddress: "clinic" })).toBe("ship_to_work");
    expect(shippingLocation({ clinicHomeDeliveryOnly: false, preferredAddress: null })).toBe("ship_to_home");
    const a = checkoutAttributes({
      site: "hpsf",
      lines: [],
      acceptsEmailMarketing: false,
      isAttestationChecked: true,
      staff: { soldTo: "S1", shipTo: "H1", location: "ship_to_work" },
    });
    expect([get(a, "SALES_ORD_TYPE"), get(a, "shipping_location"), get(a, "SOLD_TO"), get(a, "SHIP_TO")]).toEqual(["ZK01", "ship_to_work", "S1", "H1"]);
    expect([get(a, "ship_to_work_address"), get(a, "ship_to_home_address"), get(a, "is_clinic_address")]).toEqual(["true", "false", "true"]);
    // Each key once.
    expect(new Set(a.map((x) => x.key)).size).toBe(a.length);
  });
  it("staff: the preferred address defaults to clinic; a home-delivery-only clinic or no clinic means home", () => {
    expect(preferredAddressOf(null, { homeDeliveryOnly: false })).toBe("clinic");
    expect(preferredAddressOf("home", { homeDeliveryOnly: false })).toBe("home");
    expect(preferredAddressOf("nonsense", { homeDeliveryOnly: false })).toBe("clinic");
    expect(preferredAddressOf("clinic", { homeDeliveryOnly: true })).toBe("home");
    expect(preferredAddressOf("clinic", null)).toBe("home");
  });
  it("the checkout's customer metafields are not a client's to write", () => {
    expect(isServerOwnedMetafield("custom", "ship_to")).toBe(true);
    expect(isServerOwnedMetafield(" Custom ", "SOLD_TO")).toBe(true);
    expect(isServerOwnedMetafield("custom", "clinic_zip")).toBe(true);
    expect(isServerOwnedMetafield("profeeding", "preferred_address")).toBe(false);
  });
});

describe("cards", () => {
  const now = new Date("2026-06-15T00:00:00Z");
  it("Luhn, brand, test outcomes", () => {
    expect(luhnValid("4242 4242 4242 4242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(testCardOutcome("4000000000000002")).toBe("card_declined");
    expect(testCardOutcome("4000000000009995")).toBe("insufficient_funds");
    expect(testCardOutcome("4000000000000119")).toBe("processing_error");
  });
  it("expiry and CVC", () => {
    expect(checkCard({ number: "4242424242424242", expMonth: 6, expYear: 2026, cvc: "123" }, now).ok).toBe(true);
    expect(checkCard({ number: "4242424242424242", expMonth: 5, expYear: 2026, cvc: "123" }, now)).toMatchObject({ ok: false, field: "expiry" });
    expect(checkCard({ number: "4242424242424242", expMonth: 6, expYear: 2027, cvc: "12" }, now)).toMatchObject({ ok: false, field: "cvc" });
    expect(checkCard({ number: "378282246310005", expMonth: 6, expYear: 2027, cvc: "123" }, now)).toMatchObject({ ok: false, field: "cvc" });
    expect(checkCard({ number: "378282246310005", expMonth: 6, expYear: 2027, cvc: "1234" }, now).ok).toBe(true);
  });
});
