import { describe, expect, it } from "vitest";
import {
  afterOutOfStock,
  afterPaymentDecline,
  formatCycleDate,
  isReminderDue,
  isCycleDue,
  isRenewalDue,
  MAX_PAYMENT_ATTEMPTS,
  nextOrderDateAfter,
  nextOrderDateAfterShipNow,
  reminderDate,
} from "./renewal-schedule";
import { addDays, daysBetween } from "../shared/calendar-days";

const at = (iso: string) => new Date(iso);

describe("renewal calendar", () => {
  it("adds days across months and years", () => {
    expect(addDays("2031-01-30", 3)).toBe("2031-02-02");
    expect(addDays("2031-12-31", 1)).toBe("2032-01-01");
    expect(addDays("2032-03-01", -1)).toBe("2032-02-29");
    expect(daysBetween("2031-01-30", "2031-02-02")).toBe(3);
  });

  it("the next date is the cycle date plus the frequency, kept in rhythm when placed late", () => {
    expect(nextOrderDateAfter("2031-03-03", 4, "2031-03-03")).toBe("2031-03-31");
    // Held three days, placed on the 6th: the rhythm stays on the 31st.
    expect(nextOrderDateAfter("2031-03-03", 4, "2031-03-06")).toBe("2031-03-31");
  });

  it("after a long outage the next date is the first cycle after today: one catch-up order", () => {
    expect(nextOrderDateAfter("2031-03-03", 1, "2031-03-10")).toBe("2031-03-17");
    expect(nextOrderDateAfter("2031-03-03", 1, "2031-03-12")).toBe("2031-03-17");
    expect(nextOrderDateAfter("2031-03-03", 2, "2031-04-14")).toBe("2031-04-28");
  });

  it("ship now restarts the rhythm from today", () => {
    expect(nextOrderDateAfterShipNow("2031-03-05", 2)).toBe("2031-03-19");
  });

  it("a renewal is due on or after its date, for active subscriptions, once any retry time has come", () => {
    const s = { status: "active" as const, nextOrderDate: "2031-03-03", hold: null, retryAt: null };
    expect(isRenewalDue(s, at("2031-03-02T23:59:59Z"))).toBe(false);
    expect(isRenewalDue(s, at("2031-03-03T00:00:00Z"))).toBe(true);
    expect(isRenewalDue({ ...s, status: "paused" }, at("2031-03-04T00:00:00Z"))).toBe(false);
    expect(isRenewalDue({ ...s, retryAt: at("2031-03-04T10:00:00Z") }, at("2031-03-04T09:00:00Z"))).toBe(false);
    expect(isRenewalDue({ ...s, retryAt: at("2031-03-04T10:00:00Z") }, at("2031-03-04T10:00:00Z"))).toBe(true);
  });

  it("a cycle held out of stock is due before its retry time once its item is back; no other hold is", () => {
    const held = { status: "active" as const, nextOrderDate: "2031-03-03", hold: "out_of_stock" as const, retryAt: at("2031-03-04T10:00:00Z") };
    const now = at("2031-03-04T09:00:00Z");
    expect(isRenewalDue(held, now)).toBe(false);
    expect(isRenewalDue(held, now, true)).toBe(true);
    expect(isRenewalDue({ ...held, hold: "payment_failed" }, now, true)).toBe(false);
    // The cycle must still be due: a restock does not bring a future date forward.
    expect(isRenewalDue({ ...held, nextOrderDate: "2031-03-05" }, now, true)).toBe(false);
    expect(isCycleDue(held, "2031-03-03")).toBe(true);
    expect(isCycleDue({ ...held, status: "paused" }, "2031-03-03")).toBe(false);
  });
});

describe("reminders", () => {
  const s = { status: "active" as const, nextOrderDate: "2031-03-10", remindedFor: null };
  it("are due from N days before the date until the day before, once per cycle", () => {
    expect(reminderDate("2031-03-10")).toBe("2031-03-07");
    expect(isReminderDue(s, "2031-03-06")).toBe(false);
    expect(isReminderDue(s, "2031-03-07")).toBe(true);
    expect(isReminderDue(s, "2031-03-09")).toBe(true);
    expect(isReminderDue(s, "2031-03-10")).toBe(false);
    expect(isReminderDue({ ...s, remindedFor: "2031-03-10" }, "2031-03-08")).toBe(false);
    // The next cycle gets its own reminder.
    expect(isReminderDue({ ...s, remindedFor: "2031-02-10" }, "2031-03-08")).toBe(true);
  });
  it("follow the configured number of days; 0 turns them off; none for paused subscriptions", () => {
    expect(isReminderDue(s, "2031-03-02", 7)).toBe(false);
    expect(isReminderDue(s, "2031-03-03", 7)).toBe(true);
    expect(isReminderDue(s, "2031-03-05", 5)).toBe(true);
    expect(isReminderDue(s, "2031-03-09", 0)).toBe(false);
    expect(isReminderDue({ ...s, status: "paused" }, "2031-03-08")).toBe(false);
  });
});

describe("payment retry schedule", () => {
  const now = at("2031-03-03T06:00:00Z");
  it("retries 1 day after the first decline, 3 days after the second, then pauses", () => {
    expect(afterPaymentDecline(0, now)).toEqual({ action: "retry", failedAttempts: 1, retryAt: at("2031-03-04T06:00:00Z") });
    expect(afterPaymentDecline(1, now)).toEqual({ action: "retry", failedAttempts: 2, retryAt: at("2031-03-06T06:00:00Z") });
    expect(afterPaymentDecline(2, now)).toEqual({ action: "pause", failedAttempts: 3 });
    expect(MAX_PAYMENT_ATTEMPTS).toBe(3);
  });
});

describe("out of stock", () => {
  it("holds and retries a day later, then skips the cycle 7 days after its date", () => {
    expect(afterOutOfStock({ cycleDate: "2031-03-03", frequencyWeeks: 4, now: at("2031-03-03T06:00:00Z") })).toEqual({
      action: "hold",
      retryAt: at("2031-03-04T06:00:00Z"),
    });
    expect(afterOutOfStock({ cycleDate: "2031-03-03", frequencyWeeks: 4, now: at("2031-03-09T23:00:00Z") }).action).toBe("hold");
    expect(afterOutOfStock({ cycleDate: "2031-03-03", frequencyWeeks: 4, now: at("2031-03-10T00:30:00Z") })).toEqual({
      action: "skip",
      nextOrderDate: "2031-03-31",
    });
    // Weekly: the next cycle after the skipped one is after today.
    expect(afterOutOfStock({ cycleDate: "2031-03-03", frequencyWeeks: 1, now: at("2031-03-10T00:30:00Z") })).toEqual({
      action: "skip",
      nextOrderDate: "2031-03-17",
    });
  });
});

it("formats a cycle date for mails", () => {
  expect(formatCycleDate("2031-03-04")).toBe("Tuesday, March 4, 2031");
});
