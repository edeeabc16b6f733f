import { describe, expect, it } from "vitest";
import {
  addDays,
  allowedActions,
  cancelReasonLabel,
  checkNextDate,
  endsHold,
  firstRenewalDate,
  holdAfter,
  isActionAllowed,
  parseSubscriptionAction,
  resumeDate,
  skippedDate,
  RENEWAL_EVENTS,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_STATUSES,
  transition,
  type SubscriptionMove,
  type SubscriptionStatus,
} from "./autoship-subscription";

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
    for (const status of SUBSCRIPTION_STATUSES)
      expect(allowedActions(status)).toEqual(SUBSCRIPTION_ACTIONS.filter((a) => LIFECYCLE[a][status] !== undefined));
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
    expect(holdAfter("payment_failed", "pause_after_declines")).toBe("payment_failed");
    for (const move of ["change_frequency", "change_quantity", "swap_variant", "change_address", "pause", "cancel", "ship_now", "renew", "defer_after_failure"] as const) {
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
