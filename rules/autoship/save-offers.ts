import type { CancelReason } from "./subscription-states";
import { AUTOSHIP_FREQUENCY_WEEKS } from "./offer-and-frequency";
import { nearestFrequencyWeeks } from "./feeding-calculator";
import { addUtcMonths } from "../shared/calendar-days";

// The cancellation flow's answer to a reason: at most ONE offer, fitted to why the customer leaves.
// Cancelling stays one click away whatever is offered (no dark patterns; California's
// automatic-renewal law allows a save offer only while cancelling is unobstructed), so an offer is
// only ever a suggestion next to the cancel button, and a reason with nothing fitting offers nothing.

/** Which offer answers a reason. "none" cancels at once (pet passed away: a kind message, no offer). */
export type SaveOffer =
  { kind: "frequency"; weeks: number } | { kind: "discount"; percent: number } | { kind: "skip_or_delay" } | { kind: "swap" } | { kind: "none" };

/** The console's setting of the "too expensive" discount: percent 0 offers none; offered again at most every `intervalMonths`. */
export type DiscountOfferSettings = { percent: number; intervalMonths: number };

/** A subscription gets the discount offer at most once in this many months (the console may set longer). */
export const MIN_DISCOUNT_OFFER_INTERVAL_MONTHS = 12;
export const MAX_SAVE_DISCOUNT_PERCENT = 50;

/** True when the discount may be offered again: never offered, or offered `intervalMonths` or more ago. */
export function discountOfferAllowed(lastOfferedAt: Date | null, now: Date, intervalMonths = MIN_DISCOUNT_OFFER_INTERVAL_MONTHS): boolean {
  if (!lastOfferedAt) return true;
  const months = Math.max(intervalMonths, MIN_DISCOUNT_OFFER_INTERVAL_MONTHS);
  return now.getTime() >= addUtcMonths(lastOfferedAt, months).getTime();
}

/**
 * The longer frequency offered to a customer with too much food: from the feeding calculator's days
 * of supply when the subscription knows its pet and pack, else the next longer allowed frequency;
 * null when no longer frequency exists.
 */
export function longerFrequencyWeeks(currentWeeks: number, supplyDays: number | null): number | null {
  const longer = AUTOSHIP_FREQUENCY_WEEKS.filter((w) => w > currentWeeks);
  if (longer.length === 0) return null;
  return supplyDays && supplyDays > 0 ? nearestFrequencyWeeks(supplyDays, longer) : longer[0];
}

export type SaveOfferContext = {
  frequencyWeeks: number;
  /** Days one delivery lasts by the feeding calculator; null when the subscription lacks the data. */
  supplyDays: number | null;
  discount: DiscountOfferSettings;
  /** When this subscription was last offered the discount (accepted or not). */
  lastDiscountOfferedAt: Date | null;
  now: Date;
};

/** The one offer that answers `reason` for this subscription. */
export function saveOfferFor(reason: CancelReason, ctx: SaveOfferContext): SaveOffer {
  switch (reason) {
    case "too_much_food": {
      const weeks = longerFrequencyWeeks(ctx.frequencyWeeks, ctx.supplyDays);
      return weeks ? { kind: "frequency", weeks } : { kind: "skip_or_delay" };
    }
    case "too_expensive":
      return ctx.discount.percent > 0 && discountOfferAllowed(ctx.lastDiscountOfferedAt, ctx.now, ctx.discount.intervalMonths)
        ? { kind: "discount", percent: ctx.discount.percent }
        : { kind: "none" };
    case "order_when_needed":
      return { kind: "skip_or_delay" };
    case "pet_did_not_like":
    case "vet_changed_diet":
      return { kind: "swap" };
    case "pet_passed_away":
    case "other":
      return { kind: "none" };
  }
}
