import { describe, expect, it } from "vitest";
import { cardDigits, cardInputSchema, CVC_PATTERN, hasCardNumberLength } from "./payment-card";

describe("card number shape", () => {
  it("drops the spaces and dashes between digit groups", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
    expect(cardDigits(" 3782 822463 10005 ")).toBe("378282246310005");
  });

  it("takes 12 to 19 digits", () => {
    expect(hasCardNumberLength("4".repeat(12))).toBe(true);
    expect(hasCardNumberLength("4".repeat(19))).toBe(true);
    expect(hasCardNumberLength("4".repeat(11))).toBe(false);
    expect(hasCardNumberLength("4".repeat(20))).toBe(false);
    expect(hasCardNumberLength("4242 4242 4242")).toBe(false);
  });

  it("takes a 3 or 4 digit security code", () => {
    expect(CVC_PATTERN.test("123")).toBe(true);
    expect(CVC_PATTERN.test("1234")).toBe(true);
    expect(CVC_PATTERN.test("12")).toBe(false);
    expect(CVC_PATTERN.test("12a")).toBe(false);
  });
});

describe("cardInputSchema", () => {
  it("parses a typed card, coercing the expiry", () => {
    expect(cardInputSchema.parse({ number: " 4242 4242 4242 4242 ", expMonth: "04", expYear: "2031", cvc: "123" })).toEqual({
      number: "4242 4242 4242 4242",
      expMonth: 4,
      expYear: 2031,
      cvc: "123",
    });
  });

  it("names each field to fix", () => {
    const r = cardInputSchema.safeParse({ number: "42", expMonth: "13", expYear: "x", cvc: "1" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["number", "Enter the card number"],
      ["expMonth", "Enter the expiry month"],
      ["expYear", "Enter the expiry year"],
      ["cvc", "Enter the security code"],
    ]);
  });
});
