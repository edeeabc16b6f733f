import { addDays, startOfDay } from "../shared/calendar-days";

// The Autoship price guard: each subscription has a threshold (percent, default 10). A renewal whose
// unit price rose by more than that since the last order is not charged but held for the customer's
// answer (renew at the new price, or skip) until a few days after the renewal date; with no answer
// by then the cycle is skipped. Rises within the threshold are only listed in the reminder mail.

export const DEFAULT_PRICE_GUARD_PERCENT = 10;
export const MIN_PRICE_GUARD_PERCENT = 1;
export const MAX_PRICE_GUARD_PERCENT = 100;
/** Days after the renewal date the customer has to answer a held renewal. */
export const PRICE_HOLD_ANSWER_DAYS = 3;

/** The rise from `oldCents` to `newCents` in percent, to one decimal (0 when it did not rise). */
export function risePercent(oldCents: number, newCents: number): number {
  if (!(oldCents > 0) || newCents <= oldCents) return 0;
  return Math.round(((newCents - oldCents) / oldCents) * 1000) / 10;
}

export type GuardDecision =
  /** The price did not rise (or there is no earlier price to compare). */
  | { action: "none" }
  /** Rose within the threshold: renewed, and listed in the reminder. */
  | { action: "notify"; percent: number }
  /** Rose beyond the threshold: held for the customer's answer. */
  | { action: "hold"; percent: number };

/** What the guard does with a renewal priced `newCents` per unit after a last order at `oldCents`. */
export function guardDecision(p: { oldCents: number | null; newCents: number; thresholdPercent: number }): GuardDecision {
  if (p.oldCents === null || p.newCents <= p.oldCents) return { action: "none" };
  const percent = risePercent(p.oldCents, p.newCents);
  // Exactly at the threshold is still within it; compared in cents so rounding never holds a renewal early.
  return (p.newCents - p.oldCents) * 100 > p.thresholdPercent * p.oldCents ? { action: "hold", percent } : { action: "notify", percent };
}

/** The end of the answer window: midnight (UTC) after the renewal date + PRICE_HOLD_ANSWER_DAYS. */
export function answerDeadline(cycleDate: string): Date {
  return startOfDay(addDays(cycleDate, PRICE_HOLD_ANSWER_DAYS + 1));
}
