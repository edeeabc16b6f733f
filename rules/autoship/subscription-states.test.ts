import { describe, expect, it } from "vitest";
import {
  actionNotice,
  allowedActions,
  cancelReasonLabel,
  checkNextDate,
  endsHold,
  firstRenewalDate,
  holdAfter,
  isActionAllowed,
  planAction,
  type SubscriptionState,
  resumeDate,
  skippedDate,
  RENEWAL_EVENTS,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_STATUSES,
  transition,
  type SubscriptionMove,
  type SubscriptionStatus,
} from "./subscription-states";
import { parseSubscriptionAction } from "./subscription-input";
import { addDays } from "../shared/calendar-days";

/**
 * The whole lifecycle, written out: for each move, the status it leads to from each status it is
 * allowed in. Every pair not listed must be refused.
 */
const LIFECYCLE: Record<SubscriptionMove, Partial<Record<SubscriptionStatus, SubscriptionStatus>>> = {
  change_frequency: { active: "active", paused: "paused" },
  change_quantity: { active: "active", paused: "paused" },
  change_date: { active: "active" },
  skip: { active: "active" },
  ship_now: { active: "active" },
  pause: { active: "paused" },
  resume: { paused: "active" },
  swap_variant: { active: "active", paused: "paused" },
  change_address: { active: "active", paused: "paused" },
  change_payment: { active: "active", paused: "paused" },
  cancel: { active: "cancelled", paused: "cancelled" },
  reactivate: { paused: "active", cancelled: "active" },
  renew: { active: "active" },
  record_renewal: { active: "active", paused: "paused", cancelled: "cancelled" },
  hold_out_of_stock: { active: "active" },
  skip_out_of_stock: { active: "active" },
  retry_after_decline: { active: "active" },
  pause_after_declines: { active: "paused" },
  defer_after_failure: { active: "active" },
  hold_quota: { active: "active" },
  hold_not_eligible: { active: "active" },
  hold_price_rise: { active: "active" },
  accept_price_rise: { active: "active" },
};

describe("the lifecycle's transition table", () => {
  const moves = [...SUBSCRIPTION_ACTIONS, ...RENEWAL_EVENTS];
  const cases = moves.flatMap((move) => SUBSCRIPTION_STATUSES.map((from) => [move, from, LIFECYCLE[move][from] ?? null] as const));

  it("covers every move of the customer and of the renewal engine", () => {
    expect(Object.keys(LIFECYCLE).sort()).toEqual([...moves].sort());
    expect(cases).toHaveLength(moves.length * 3);
  });

  it.each(cases.filter(([, , to]) => to !== null))("%s from %s is allowed and leads to %s", (move, from, to) => {
    expect(transition(from, move)).toEqual({ ok: true, status: to });
    expect(isActionAllowed(from, move)).toBe(true);
  });

  it.each(cases.filter(([, , to]) => to === null))("%s from %s is refused, saying why", (move, from) => {
    expect(transition(from, move)).toEqual({ ok: false, message: `This is not possible while the subscription is ${from}.` });
    expect(isActionAllowed(from, move)).toBe(false);
  });

  it("the offered actions are exactly the allowed customer actions", () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(allowedActions(status)).toEqual(SUBSCRIPTION_ACTIONS.filter((a) => LIFECYCLE[a][status] !== undefined));
  });
});

describe("holds", () => {
  it("a move to another cycle, a placed order or a given-up cycle clears any hold", () => {
    for (const move of ["change_date", "skip", "resume", "reactivate", "record_renewal", "skip_out_of_stock"] as const) {
      expect(holdAfter("out_of_stock", move)).toBeNull();
      expect(holdAfter("payment_failed", move)).toBeNull();
    }
  });

  it("only those moves end the hold's retry schedule", () => {
    const ending = ["change_date", "skip", "resume", "reactivate", "record_renewal", "skip_out_of_stock"];
    for (const move of [...SUBSCRIPTION_ACTIONS, ...RENEWAL_EVENTS]) {
      expect(endsHold(null, move)).toBe(ending.includes(move));
      expect(endsHold("payment_failed", move)).toBe(ending.includes(move) || move === "change_payment");
    }
  });

  it("a new card ends a payment hold only", () => {
    expect(holdAfter("payment_failed", "change_payment")).toBeNull();
    expect(holdAfter("out_of_stock", "change_payment")).toBe("out_of_stock");
    expect(holdAfter(null, "change_payment")).toBeNull();
  });

  it("the engine's holds set theirs; other moves keep the hold as it is", () => {
    expect(holdAfter(null, "hold_out_of_stock")).toBe("out_of_stock");
    expect(holdAfter(null, "retry_after_decline")).toBe("payment_failed");
    expect(holdAfter(null, "hold_quota")).toBe("quota_reached");
    expect(holdAfter("quota_reached", "hold_not_eligible")).toBe("not_eligible");
    expect(holdAfter("quota_reached", "record_renewal")).toBeNull();
    expect(holdAfter("payment_failed", "pause_after_declines")).toBe("payment_failed");
    expect(holdAfter(null, "hold_price_rise")).toBe("price_rise");
    expect(holdAfter("price_rise", "accept_price_rise")).toBeNull();
    expect(holdAfter("out_of_stock", "accept_price_rise")).toBe("out_of_stock");
    expect(holdAfter("price_rise", "skip")).toBeNull();
    for (const move of [
      "change_frequency",
      "change_quantity",
      "swap_variant",
      "change_address",
      "pause",
      "cancel",
      "ship_now",
      "renew",
      "defer_after_failure",
    ] as const) {
      expect(holdAfter("out_of_stock", move)).toBe("out_of_stock");
      expect(holdAfter(null, move)).toBeNull();
    }
  });
});

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
    for (const a of [
      "change_frequency",
      "change_quantity",
      "change_date",
      "skip",
      "ship_now",
      "swap_variant",
      "change_address",
      "change_payment",
      "pause",
      "resume",
    ] as const)
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
    expect(parseSubscriptionAction({ intent: "change_frequency", frequencyWeeks: "6" })).toEqual({
      ok: true,
      action: { intent: "change_frequency", frequencyWeeks: 6 },
    });
    expect(parseSubscriptionAction({ intent: "change_quantity", quantity: "5" })).toMatchObject({ ok: true, action: { quantity: 5 } });
    expect(parseSubscriptionAction({ intent: "cancel", reason: "too_expensive" })).toMatchObject({ ok: true });
    expect(parseSubscriptionAction({ intent: "reactivate", nextOrderDate: "" })).toEqual({ ok: true, action: { intent: "reactivate" } });
    expect(parseSubscriptionAction({ intent: "change_payment", paymentMethodId: "pm_0123456789abcdef" })).toMatchObject({ ok: true });
  });

  it("names the bad field", () => {
    expect(parseSubscriptionAction({ intent: "change_frequency", frequencyWeeks: "13" })).toEqual({
      ok: false,
      errors: { frequencyWeeks: "Choose every 1 to 12 weeks" },
    });
    expect(parseSubscriptionAction({ intent: "change_quantity", quantity: "6" })).toEqual({
      ok: false,
      errors: { quantity: "Autoship items are limited to 5" },
    });
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
    const good = parseSubscriptionAction({
      intent: "change_address",
      addressId: "new",
      address1: "1 Main St",
      city: "Aurora",
      provinceCode: "co",
      zip: "80011",
    });
    expect(good).toMatchObject({ ok: true, action: { intent: "change_address", address: { provinceCode: "CO", zip: "80011", countryCode: "US" } } });
    const card2 = parseSubscriptionAction({
      intent: "change_payment",
      paymentMethodId: "new",
      cardNumber: "4242 4242 4242 4242",
      expMonth: "12",
      expYear: "2030",
      cvc: "123",
    });
    expect(card2).toEqual({ ok: true, action: { intent: "change_payment", card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } } });
    const card = parseSubscriptionAction({
      intent: "change_payment",
      paymentMethodId: "new",
      cardNumber: "4242 4242 4242 4242",
      expMonth: "12",
      expYear: "2030",
    });
    expect(card).toEqual({ ok: false, errors: { cvc: "Enter the security code" } });
  });

  it("cancel reasons have labels", () => {
    expect(cancelReasonLabel("pet_passed_away")).toBe("My pet passed away");
    expect(cancelReasonLabel("nonsense")).toBeNull();
  });
});

describe("planning a customer action", () => {
  const today = "2026-03-01";
  const sub = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
    status: "active",
    hold: null,
    site: "d2c",
    quantity: 2,
    frequencyWeeks: 4,
    nextOrderDate: "2026-03-10",
    variantId: 11,
    ...over,
  });
  const address = { zip: "80011", city: "Aurora", address1: "1 Main St" };

  it("changes the fields of each action and says what the history records", () => {
    expect(planAction(sub(), { intent: "change_frequency", frequencyWeeks: 6 }, today)).toEqual({
      ok: true,
      status: "active",
      hold: null,
      endsHold: false,
      patch: { frequencyWeeks: 6 },
      detail: { from: 4, to: 6 },
    });
    expect(planAction(sub(), { intent: "change_quantity", quantity: 5 }, today)).toMatchObject({
      ok: true,
      patch: { quantity: 5 },
      detail: { from: 2, to: 5 },
    });
    expect(planAction(sub(), { intent: "change_date", nextOrderDate: "2026-04-01" }, today)).toMatchObject({
      ok: true,
      endsHold: true,
      patch: { nextOrderDate: "2026-04-01" },
    });
    expect(planAction(sub(), { intent: "skip" }, today)).toMatchObject({
      ok: true,
      patch: { nextOrderDate: "2026-04-07" },
      detail: { skipped: "2026-03-10", next: "2026-04-07" },
    });
    expect(planAction(sub(), { intent: "pause" }, today)).toEqual({ ok: true, status: "paused", hold: null, endsHold: false, patch: {}, detail: {} });
    expect(planAction(sub({ status: "paused", nextOrderDate: "2026-02-01" }), { intent: "resume" }, today)).toMatchObject({
      ok: true,
      status: "active",
      patch: { nextOrderDate: "2026-03-02" },
    });
    expect(planAction(sub(), { intent: "cancel", reason: "too_expensive" }, today)).toMatchObject({
      ok: true,
      status: "cancelled",
      patch: { cancelReason: "too_expensive" },
    });
    expect(planAction(sub({ status: "cancelled" }), { intent: "reactivate" }, today)).toMatchObject({
      ok: true,
      status: "active",
      patch: { cancelReason: null, nextOrderDate: "2026-03-10" },
    });
    expect(planAction(sub({ status: "cancelled" }), { intent: "reactivate", nextOrderDate: "2026-03-20" }, today)).toMatchObject({
      ok: true,
      patch: { nextOrderDate: "2026-03-20" },
    });
    expect(planAction(sub(), { intent: "change_address", addressId: "x" }, today, { address })).toMatchObject({
      ok: true,
      patch: { shippingAddress: address },
      detail: { zip: "80011", city: "Aurora" },
    });
    expect(planAction(sub(), { intent: "change_payment", paymentMethodId: "pm_1" }, today, { paymentMethod: { id: "pm_1", last4: "4242" } })).toMatchObject({
      ok: true,
      patch: { paymentMethodId: "pm_1" },
      detail: { last4: "4242" },
    });
  });

  it("refuses what the status does not allow before looking at the input", () => {
    expect(planAction(sub({ status: "paused" }), { intent: "skip" }, today)).toEqual({
      ok: false,
      code: "NOT_ALLOWED",
      field: "intent",
      message: "This is not possible while the subscription is paused.",
    });
    expect(planAction(sub({ status: "cancelled" }), { intent: "change_quantity", quantity: 99 }, today)).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
  });

  it("refuses bad input naming the field", () => {
    expect(planAction(sub(), { intent: "change_frequency", frequencyWeeks: 13 }, today)).toMatchObject({ ok: false, code: "INVALID", field: "frequencyWeeks" });
    expect(planAction(sub(), { intent: "change_quantity", quantity: 6 }, today)).toEqual({
      ok: false,
      code: "INVALID",
      field: "quantity",
      message: "Autoship items are limited to 5",
    });
    expect(planAction(sub(), { intent: "change_quantity", quantity: 0 }, today)).toMatchObject({ ok: false, field: "quantity" });
    expect(planAction(sub(), { intent: "change_date", nextOrderDate: today }, today)).toMatchObject({ ok: false, field: "nextOrderDate" });
    expect(planAction(sub({ status: "cancelled" }), { intent: "reactivate", nextOrderDate: "2026-06-01" }, today)).toMatchObject({
      ok: false,
      field: "nextOrderDate",
    });
    expect(planAction(sub(), { intent: "change_address", addressId: "x" }, today)).toMatchObject({ ok: false, field: "addressId" });
    expect(planAction(sub(), { intent: "change_payment", paymentMethodId: "pm_1" }, today)).toMatchObject({ ok: false, field: "paymentMethodId" });
  });

  it("a swap takes another variant of the product, or of another recipe of its line, sold on the subscription's site", () => {
    const variantChoices = [
      { id: 11, productId: 1, sites: ["d2c"] },
      { id: 12, productId: 1, sites: ["d2c", "hpsf"] },
      { id: 13, productId: 1, sites: ["hpsf"] },
      { id: 21, productId: 2, sites: ["d2c"] },
    ];
    expect(planAction(sub(), { intent: "swap_variant", variantId: 12 }, today, { variantChoices })).toMatchObject({
      ok: true,
      patch: { variantId: 12, productId: 1 },
      detail: { from: 11, to: 12 },
    });
    expect(planAction(sub(), { intent: "swap_variant", variantId: 21 }, today, { variantChoices })).toMatchObject({
      ok: true,
      patch: { variantId: 21, productId: 2 },
    });
    expect(planAction(sub(), { intent: "swap_variant", variantId: 13 }, today, { variantChoices })).toMatchObject({
      ok: false,
      field: "variantId",
      message: "Choose a size or flavor of this product, or another recipe of its line.",
    });
    expect(planAction(sub(), { intent: "swap_variant", variantId: 99 }, today, { variantChoices })).toMatchObject({ ok: false, field: "variantId" });
    expect(planAction(sub(), { intent: "swap_variant", variantId: 11 }, today, { variantChoices })).toMatchObject({
      ok: false,
      message: "This is already the item you receive.",
    });
  });

  it("holds: a skip or a new date ends any hold; a new card ends a payment hold; other changes keep it", () => {
    expect(planAction(sub({ hold: "out_of_stock" }), { intent: "skip" }, today)).toMatchObject({ ok: true, hold: null, endsHold: true });
    expect(
      planAction(sub({ hold: "payment_failed" }), { intent: "change_payment", paymentMethodId: "pm_2" }, today, {
        paymentMethod: { id: "pm_2", last4: "1111" },
      }),
    ).toMatchObject({ hold: null, endsHold: true });
    expect(
      planAction(sub({ hold: "out_of_stock" }), { intent: "change_payment", paymentMethodId: "pm_2" }, today, { paymentMethod: { id: "pm_2", last4: "1111" } }),
    ).toMatchObject({ hold: "out_of_stock", endsHold: false });
    expect(planAction(sub({ hold: "out_of_stock" }), { intent: "change_quantity", quantity: 3 }, today)).toMatchObject({
      hold: "out_of_stock",
      endsHold: false,
    });
  });
});

describe("the confirmation after a change", () => {
  it("names the change, or the order a ship now placed; ignores anything else in the URL", () => {
    expect(actionNotice("skip", null)).toBe("The next order was skipped.");
    expect(actionNotice("ship_now", "KC-100042")).toBe("Order KC-100042 was placed and will ship soon.");
    expect(actionNotice("ship_now", "<script>")).toBe("Your order was placed and will ship soon.");
    expect(actionNotice("skip", "KC-100042")).toBe("The next order was skipped.");
    expect(actionNotice("explode", null)).toBeNull();
    expect(actionNotice(null, "KC-1")).toBeNull();
  });
});
