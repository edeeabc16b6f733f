// The renewal engine's calendar and outcome rules. Pure: dates are the shop's calendar
// days "YYYY-MM-DD" (UTC, as server/clock.ts dayOf), instants are Dates; the engine
// (server/workflows/renew-subscription.ts, server/jobs/autoship-runner.ts) stores what they decide.
//
// The documented rules:
//
// - Cycle: a subscription renews on its next order date; the following date is that cycle date plus
//   the frequency (the rhythm is kept when a renewal is placed a few days late), and is always after
//   today, so a shop that was down for weeks places one catch-up order, not one per missed cycle.
//   "Ship now" places the current cycle's order today and restarts the rhythm from today.
// - Reminder: one e-mail per cycle, from `reminderDays` (default 3, AUTOSHIP_REMINDER_DAYS) days
//   before the next order date until the day before it.
// - Payment declined: the cycle is retried 1 day after the first decline and 3 days after the
//   second; the third decline pauses the subscription. The customer is told after each decline
//   (with the next try's date, so they can update the card) and when it pauses.
// - Out of stock (or the item no longer sold): the renewal is held and the customer told once. It is
//   retried as soon as the warehouse serving the address has the quantity again (checked on every
//   pass), and at least once a day anyway. Still out of stock 7 days after the cycle date → that
//   cycle is skipped, the customer told, and the subscription carries on with the next date.

import { addDays, dayOf, daysBetween, startOfDay } from "../shared/calendar-days";
import type { SubscriptionHold, SubscriptionStatus } from "./subscription-states";

export const DEFAULT_REMINDER_DAYS = 3;
/** Days between a declined attempt and the next: after the first decline, after the second. */
export const PAYMENT_RETRY_DELAYS_DAYS: readonly number[] = [1, 3];
/** Declined attempts of one cycle before the subscription pauses. */
export const MAX_PAYMENT_ATTEMPTS = PAYMENT_RETRY_DELAYS_DAYS.length + 1;
export const OUT_OF_STOCK_RETRY_HOURS = 24;
export const OUT_OF_STOCK_SKIP_AFTER_DAYS = 7;

const DAY_MS = 86_400_000;
/** The cycle after `cycleDate`: cycleDate + k × frequency for the smallest k ≥ 1 that is after `today`. */
export function nextOrderDateAfter(cycleDate: string, frequencyWeeks: number, today: string): string {
  if (!Number.isInteger(frequencyWeeks) || frequencyWeeks < 1) throw new Error(`bad frequency: ${frequencyWeeks}`);
  const step = frequencyWeeks * 7;
  let next = addDays(cycleDate, step);
  if (next <= today) next = addDays(next, Math.ceil((daysBetween(next, today) + 1) / step) * step);
  return next;
}

/** "Ship now" places this cycle today: the next one is a full frequency after today. */
export function nextOrderDateAfterShipNow(today: string, frequencyWeeks: number): string {
  return addDays(today, frequencyWeeks * 7);
}

type Schedulable = { status: SubscriptionStatus; nextOrderDate: string };

/** What decides whether a renewal is due: status, cycle date, hold and retry time. */
export type RenewalTiming = Schedulable & { hold: SubscriptionHold | null; retryAt: Date | null };

// When a renewal is due: the one definition. Every place that asks follows it — the runner's batch
// claim is isRenewalDue in SQL (server/modules/autoship/renewals.ts renewalDueWhere, with a test
// that the two agree on a table of states), the renewal workflow places only a cycle that
// isCycleDue, and the console offers "retry" or "renew now" by the same parts
// (rules/console/subscription-actions.ts).

/** The cycle's date has come on an active subscription: the schedule may place its order. */
export function isCycleDue(s: Schedulable, today: string): boolean {
  return s.status === "active" && s.nextOrderDate <= today;
}

/** A held or failed cycle waits for its retry time (a hold always sets one: out of stock, a decline, the staff allowance, the price guard's deadline). */
export function waitsForRetry(s: { retryAt: Date | null }, now: Date): boolean {
  return s.retryAt !== null && s.retryAt > now;
}

/** The cycle is held or failed (a hold, or a retry time set): it is retried, not renewed afresh. */
export function awaitsRetry(s: { hold: SubscriptionHold | null; retryAt: Date | string | null }): boolean {
  return s.hold !== null || s.retryAt !== null;
}

/**
 * The schedule renews it now: its cycle is due and it waits for no retry — except a cycle held out
 * of stock whose item is back at the address's warehouse (`restocked`, the catalog's answer the
 * runner asks for on every pass), which is retried before its daily retry time.
 */
export function isRenewalDue(s: RenewalTiming, now: Date, restocked = false): boolean {
  return isCycleDue(s, dayOf(now)) && (!waitsForRetry(s, now) || (restocked && s.hold === "out_of_stock"));
}

/** The first day a reminder for the cycle on `nextOrderDate` may go out. */
export function reminderDate(nextOrderDate: string, reminderDays: number = DEFAULT_REMINDER_DAYS): string {
  return addDays(nextOrderDate, -reminderDays);
}

/** One reminder per cycle (remindedFor), in the window [date − reminderDays, date). */
export function isReminderDue(s: Schedulable & { remindedFor: string | null }, today: string, reminderDays: number = DEFAULT_REMINDER_DAYS): boolean {
  return (
    reminderDays > 0 &&
    s.status === "active" &&
    s.remindedFor !== s.nextOrderDate &&
    today >= reminderDate(s.nextOrderDate, reminderDays) &&
    today < s.nextOrderDate
  );
}

export type AfterPaymentDecline = { action: "retry"; failedAttempts: number; retryAt: Date } | { action: "pause"; failedAttempts: number };

/** After a declined renewal charge: when to try again, or pause (PAYMENT_RETRY_DELAYS_DAYS). */
export function afterPaymentDecline(failedAttemptsBefore: number, now: Date): AfterPaymentDecline {
  const failedAttempts = failedAttemptsBefore + 1;
  if (failedAttempts >= MAX_PAYMENT_ATTEMPTS) return { action: "pause", failedAttempts };
  return { action: "retry", failedAttempts, retryAt: new Date(now.getTime() + PAYMENT_RETRY_DELAYS_DAYS[failedAttempts - 1] * DAY_MS) };
}

export type AfterOutOfStock = { action: "hold"; retryAt: Date } | { action: "skip"; nextOrderDate: string };

/** After a renewal found the item out of stock: hold and retry, or give the cycle up after 7 days. */
export function afterOutOfStock(p: { cycleDate: string; frequencyWeeks: number; now: Date }): AfterOutOfStock {
  const today = dayOf(p.now);
  if (daysBetween(p.cycleDate, today) >= OUT_OF_STOCK_SKIP_AFTER_DAYS)
    return { action: "skip", nextOrderDate: nextOrderDateAfter(p.cycleDate, p.frequencyWeeks, today) };
  return { action: "hold", retryAt: new Date(p.now.getTime() + OUT_OF_STOCK_RETRY_HOURS * 3_600_000) };
}

/** "Tuesday, March 4, 2031": a cycle date as mails show it. */
export function formatCycleDate(date: string): string {
  return startOfDay(date).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

export type OrderAttribute = { key: string; value: string };

/** sgOrderType of a renewal order: not a first purchase (SPEC §4 names the checkout's two kinds). */
export const RENEWAL_ORDER_TYPE = "subscriptionRenewal";
export const RENEWAL_OF_ATTRIBUTE = "renewal_of_subscription";

/** A renewal order's attributes: sgOrderType says renewal, and the subscription it renews is named. */
export function renewalOrderAttributes(attributes: readonly OrderAttribute[], subscriptionId: string): OrderAttribute[] {
  return [
    ...attributes.filter((a) => a.key !== RENEWAL_OF_ATTRIBUTE).map((a) => (a.key === "sgOrderType" ? { ...a, value: RENEWAL_ORDER_TYPE } : a)),
    { key: RENEWAL_OF_ATTRIBUTE, value: subscriptionId },
  ];
}
