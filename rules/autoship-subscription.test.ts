import { describe, expect, it } from "vitest";
import {
  allowedActions,
  cancelReasonLabel,
  checkNextDate,
  firstRenewalDate,
  isActionAllowed,
  parseSubscriptionAction,
  resumeDate,
  skippedDate,
  transition,
} from "./autoship-subscription";
import { addDays } from "./calendar-days";

describe("subscription transitions", () => {
  it("pause, resume, cancel and reactivate move between the three statuses", () => {
    expect(transition("active", "pause")).toEqual({ ok: true, status: "paused" });
    expect(transition("paused", "resume")).toEqual({ ok: true, status: "active" });
    expect(transition("active", "cancel")).toEqual({ ok: true, status: "cancelled" });
    expect(transition("paused", "cancel")).toEqual({ ok: true, status: "cancelled" });
    expect(transition("cancelled", "reactivate")).toEqual({ ok: true, status: "active" });
    expect(transition("paused", "reactivate")).toEqual({ ok: true, status: "active" });
    expect(transition("active", "skip")).toEqual({ ok: true, status: "active" });
  });

  it("refuses what a status does not allow, saying why", () => {
    expect(transition("active", "resume")).toMatchObject({ ok: false, message: expect.stringContaining("active") });
    expect(transition("active", "reactivate").ok).toBe(false);
    expect(transition("paused", "pause").ok).toBe(false);
    expect(transition("paused", "skip").ok).toBe(false);
    expect(transition("paused", "ship_now").ok).toBe(false);
    expect(transition("cancelled", "cancel").ok).toBe(false);
    for (const a of ["change_frequency", "change_quantity", "change_date", "skip", "ship_now", "swap_variant", "change_address", "change_payment", "pause", "resume"] as const)
      expect(isActionAllowed("cancelled", a)).toBe(false);
  });

  it("lists the offered actions per status", () => {
    expect(allowedActions("cancelled")).toEqual(["reactivate"]);
    expect(allowedActions("paused")).not.toContain("skip");
    expect(allowedActions("paused")).toContain("resume");
    expect(allowedActions("active")).not.toContain("resume");
    expect(allowedActions("active")).toContain("ship_now");
  });
});

describe("subscription dates", () => {
  it("adds days and weeks across month and year ends", () => {
    expect(addDays("2025-12-30", 3)).toBe("2026-01-02");
    expect(firstRenewalDate("2026-02-20", 2)).toBe("2026-03-06");
    expect(skippedDate("2026-01-01", 4)).toBe("2026-01-29");
  });

  it("the next date may be tomorrow through 90 days ahead", () => {
    expect(checkNextDate("2026-03-01", "2026-03-01").ok).toBe(false);
    expect(checkNextDate("2026-03-02", "2026-03-01").ok).toBe(true);
    expect(checkNextDate("2026-05-30", "2026-03-01").ok).toBe(true);
    expect(checkNextDate("2026-05-31", "2026-03-01")).toMatchObject({ ok: false, message: expect.stringContaining("90") });
  });

  it("resuming keeps a future date and replaces a past one with tomorrow", () => {
    expect(resumeDate("2026-04-01", "2026-03-01")).toBe("2026-04-01");
    expect(resumeDate("2026-02-01", "2026-03-01")).toBe("2026-03-02");
    expect(resumeDate("2026-03-01", "2026-03-01")).toBe("2026-03-02");
  });
});

describe("subscription action input", () => {
  it("parses each intent from form strings", () => {
    expect(parseSubscriptionAction({ intent: "change_frequency", frequencyWeeks: "6" })).toEqual({ ok: true, action: { intent: "change_frequency", frequencyWeeks: 6 } });
    expect(parseSubscriptionAction({ intent: "change_quantity", quantity: "5" })).toMatchObject({ ok: true, action: { quantity: 5 } });
    expect(parseSubscriptionAction({ intent: "cancel", reason: "too_expensive" })).toMatchObject({ ok: true });
    expect(parseSubscriptionAction({ intent: "reactivate", nextOrderDate: "" })).toEqual({ ok: true, action: { intent: "reactivate" } });
    expect(parseSubscriptionAction({ intent: "change_payment", paymentMethodId: "pm_0123456789abcdef" })).toMatchObject({ ok: true });
  });

  it("names the bad field", () => {
    expect(parseSubscriptionAction({ intent: "change_frequency", frequencyWeeks: "13" })).toEqual({ ok: false, errors: { frequencyWeeks: "Choose every 1 to 12 weeks" } });
    expect(parseSubscriptionAction({ intent: "change_quantity", quantity: "6" })).toEqual({ ok: false, errors: { quantity: "Autoship items are limited to 5" } });
    expect(parseSubscriptionAction({ intent: "change_quantity", quantity: "0" })).toMatchObject({ ok: false, errors: { quantity: expect.any(String) } });
    expect(parseSubscriptionAction({ intent: "change_date", nextOrderDate: "2026-02-30" })).toEqual({ ok: false, errors: { nextOrderDate: "Choose a date" } });
    expect(parseSubscriptionAction({ intent: "cancel", reason: "because" })).toEqual({ ok: false, errors: { reason: "Choose a reason" } });
    expect(parseSubscriptionAction({ intent: "cancel" })).toMatchObject({ ok: false, errors: { reason: expect.any(String) } });
    expect(parseSubscriptionAction({ intent: "explode" })).toEqual({ ok: false, errors: { intent: "Unknown action." } });
    expect(parseSubscriptionAction({ intent: "change_address", addressId: "nope" })).toEqual({ ok: false, errors: { addressId: "Choose an address" } });
  });

  it("a new address is checked like the address book; a new card needs its fields", () => {
    const bad = parseSubscriptionAction({ intent: "change_address", addressId: "new", address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "8001" });
    expect(bad).toEqual({ ok: false, errors: { zip: "Enter a 5-digit ZIP code" } });
    const good = parseSubscriptionAction({ intent: "change_address", addressId: "new", address1: "1 Main St", city: "Aurora", provinceCode: "co", zip: "80011" });
    expect(good).toMatchObject({ ok: true, action: { intent: "change_address", address: { provinceCode: "CO", zip: "80011", countryCode: "US" } } });
    const card2 = parseSubscriptionAction({ intent: "change_payment", paymentMethodId: "new", cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: "2030", cvc: "123" });
    expect(card2).toEqual({ ok: true, action: { intent: "change_payment", card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } } });
    const card = parseSubscriptionAction({ intent: "change_payment", paymentMethodId: "new", cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: "2030" });
    expect(card).toEqual({ ok: false, errors: { cvc: "Enter the security code" } });
  });

  it("cancel reasons have labels", () => {
    expect(cancelReasonLabel("pet_passed_away")).toBe("My pet passed away");
    expect(cancelReasonLabel("nonsense")).toBeNull();
  });
});
