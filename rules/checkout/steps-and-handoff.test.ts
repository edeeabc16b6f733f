import { describe, expect, it } from "vitest";
import { furthestStep, handoffDecision, handoffDiscountCodes, normalizeDiscountCode, stepToShow } from "./steps-and-handoff";
import { parseAddressChoice, parseCardFields, parseExpiry, paymentFieldFor } from "./forms";

const cart = (over: Partial<{ totalQuantity: number; hasAutoship: boolean; isOverLimit: boolean }> = {}) => ({
  totalQuantity: 2,
  hasAutoship: false,
  isOverLimit: false,
  ...over,
});

describe("handoffDecision (SPEC §4 Checkout)", () => {
  const base = { signedIn: false, checkoutFlowFlag: true, autoshipTermsAcknowledged: false };
  it("sends an ordinary cart to the checkout, guest or not", () => {
    expect(handoffDecision({ ...base, cart: cart() })).toEqual({ go: "checkout" });
    expect(handoffDecision({ ...base, signedIn: true, cart: cart() })).toEqual({ go: "checkout" });
  });
  it("keeps an empty or over-limit cart on the cart", () => {
    expect(handoffDecision({ ...base, cart: null })).toEqual({ go: "cart", reason: "empty" });
    expect(handoffDecision({ ...base, cart: cart({ totalQuantity: 0 }) })).toEqual({ go: "cart", reason: "empty" });
    expect(handoffDecision({ ...base, cart: cart({ isOverLimit: true }) })).toEqual({ go: "cart", reason: "over_limit" });
  });
  it("sends a guest with an autoship line to the autoship login when the checkout-flow flag is on", () => {
    expect(handoffDecision({ ...base, cart: cart({ hasAutoship: true }) })).toEqual({ go: "login" });
    expect(handoffDecision({ ...base, checkoutFlowFlag: false, cart: cart({ hasAutoship: true }) })).toEqual({ go: "cart", reason: "autoship_account" });
  });
  it("needs the autoship terms acknowledged by a signed-in customer", () => {
    expect(handoffDecision({ ...base, signedIn: true, cart: cart({ hasAutoship: true }) })).toEqual({ go: "cart", reason: "autoship_terms" });
    expect(handoffDecision({ ...base, signedIn: true, autoshipTermsAcknowledged: true, cart: cart({ hasAutoship: true }) })).toEqual({ go: "checkout" });
  });
});

describe("handoffDiscountCodes", () => {
  it("adds AUTO35 to a first autoship order only, and removes it otherwise", () => {
    expect(handoffDiscountCodes({ current: [], hasAutoship: true, customerHasSubscription: false, cookieCode: null })).toEqual(["AUTO35"]);
    expect(handoffDiscountCodes({ current: ["AUTO35"], hasAutoship: true, customerHasSubscription: true, cookieCode: null })).toEqual([]);
    expect(handoffDiscountCodes({ current: ["auto35", "FIVEOFF"], hasAutoship: false, customerHasSubscription: false, cookieCode: null })).toEqual(["FIVEOFF"]);
  });
  it("adds a well-formed cookie code once", () => {
    expect(handoffDiscountCodes({ current: ["WELCOME10"], hasAutoship: false, customerHasSubscription: false, cookieCode: "welcome10" })).toEqual([
      "WELCOME10",
    ]);
    expect(handoffDiscountCodes({ current: [], hasAutoship: false, customerHasSubscription: false, cookieCode: "fiveoff" })).toEqual(["FIVEOFF"]);
    expect(handoffDiscountCodes({ current: [], hasAutoship: false, customerHasSubscription: false, cookieCode: "<script>" })).toEqual([]);
  });
  it("normalizes codes", () => {
    expect(normalizeDiscountCode(" save_5 ")).toBe("SAVE_5");
    expect(normalizeDiscountCode("x")).toBeNull();
    expect(normalizeDiscountCode(null)).toBeNull();
  });
});

describe("checkout steps", () => {
  const none = { email: null, hasShipping: false, shippingMethod: null };
  const info = { email: "a@b.test", hasShipping: true, shippingMethod: null };
  const all = { ...info, shippingMethod: "standard" };
  it("opens a later step only when the earlier ones are filled in", () => {
    expect(furthestStep(none)).toBe("information");
    expect(furthestStep(info)).toBe("shipping");
    expect(furthestStep(all)).toBe("payment");
    expect(stepToShow("payment", none)).toBe("information");
    expect(stepToShow("payment", info)).toBe("shipping");
    expect(stepToShow("information", all)).toBe("information");
    expect(stepToShow(null, all)).toBe("payment");
    expect(stepToShow("bogus", info)).toBe("shipping");
  });
});

describe("checkout forms", () => {
  it("parses the expiry in its common shapes", () => {
    expect(parseExpiry("12/34")).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry(" 1 / 2031 ")).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("1230")).toBeNull();
  });
  it("names each bad card field", () => {
    expect(parseCardFields({ cardNumber: "12", cardExpiry: "x", cardCvc: "1" })).toEqual({
      ok: false,
      errors: { cardNumber: "Enter the card number", cardExpiry: "Enter the expiry date as MM/YY", cardCvc: "Enter the 3 or 4 digit security code" },
    });
    expect(parseCardFields({ cardNumber: "4242 4242 4242 4242", cardExpiry: "12/34", cardCvc: "123" })).toEqual({
      ok: true,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
    });
  });
  it("takes a saved address by id, or checks a new one field by field", () => {
    expect(parseAddressChoice({ addressChoice: "saved:abc" })).toEqual({ ok: true, choice: { savedAddressId: "abc" } });
    const bad = parseAddressChoice({ addressChoice: "new", address1: "", city: "X", provinceCode: "ZZ", zip: "123" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(["address1", "provinceCode", "zip"]);
  });
  it("maps the workflow's payment fields to the form's", () => {
    expect(paymentFieldFor("payment.card.number")).toBe("cardNumber");
    expect(paymentFieldFor("payment.card.expiry")).toBe("cardExpiry");
    expect(paymentFieldFor("payment.card.cvc")).toBe("cardCvc");
    expect(paymentFieldFor("payment.paymentMethodId")).toBe("paymentChoice");
    expect(paymentFieldFor("payment")).toBe("form");
  });
});
