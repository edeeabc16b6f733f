import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount, centsToDollars, dollarsToCents, formatMoney, formatUsd, moneyOf } from "./money";

describe("formatUsd", () => {
  it("formats cents as en-US dollars with two decimals", () => {
    expect(formatUsd(1299)).toBe("$12.99");
    expect(formatUsd(4900)).toBe("$49.00");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(5)).toBe("$0.05");
    expect(formatUsd(123456789)).toBe("$1,234,567.89");
    expect(formatUsd(-250)).toBe("-$2.50");
  });

  it("drops the cents of whole dollars only when compact", () => {
    expect(formatUsd(4900, { compact: true })).toBe("$49");
    expect(formatUsd(4950, { compact: true })).toBe("$49.50");
    expect(formatUsd(4900, { compact: false })).toBe("$49.00");
  });
});

describe("storefront money", () => {
  it("converts decimal strings to cents, rounding float noise", () => {
    expect(amountToCents("12.99")).toBe(1299);
    expect(amountToCents("0.29")).toBe(29);
    expect(amountToCents("1.005")).toBe(100);
    expect(amountToCents("49")).toBe(4900);
    expect(amountToCents("0.00")).toBe(0);
  });

  it("converts cents to decimal strings, money and dollars", () => {
    expect(centsToAmount(1299)).toBe("12.99");
    expect(centsToAmount(5)).toBe("0.05");
    expect(centsToAmount(4900)).toBe("49.00");
    expect(moneyOf(1299)).toEqual({ amount: "12.99", currencyCode: "USD" });
    expect(centsToDollars(1299)).toBe(12.99);
    expect(centsToDollars(0)).toBe(0);
  });

  it("formats storefront money", () => {
    expect(formatMoney({ amount: "12.99" })).toBe("$12.99");
    expect(formatMoney({ amount: "1234.5" })).toBe("$1,234.50");
  });

  it("round-trips", () => {
    for (const cents of [0, 1, 99, 100, 1299, 999999]) expect(amountToCents(centsToAmount(cents))).toBe(cents);
  });
});

describe("dollars", () => {
  it("converts a dollar bound to cents", () => {
    expect(dollarsToCents(12.99)).toBe(1299);
    expect(dollarsToCents(25)).toBe(2500);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});
