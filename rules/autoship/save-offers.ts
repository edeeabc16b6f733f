import { CANCEL_REASONS, cancelledMessage, type CancelReason } from "./subscription-states";
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

/** The reason whose offer a change takes (a hidden field of the offer's form); anything else is none. */
export function parseSaveReason(raw: unknown): CancelReason | undefined {
  return CANCEL_REASONS.find((r) => r.value === raw)?.value;
}

export const ACCEPT_SAVE_DISCOUNT = "accept_save_discount";
/** The page's notice after a cancel for a pet that died (the `done` of its redirect). */
export const CANCELLED_IN_SYMPATHY = "cancelled_in_sympathy";

/** The notices of the cancellation flow's own outcomes, by the redirect's `done`. */
export function saveOfferNotice(done: string | null): string | null {
  if (done === ACCEPT_SAVE_DISCOUNT) return "Thank you for staying with Autoship: your next delivery gets the discount.";
  if (done === CANCELLED_IN_SYMPATHY) return cancelledMessage("pet_passed_away");
  return null;
}

/** What the offer says to the customer, beside the cancel button. */
export function saveOfferText(offer: SaveOffer): string | null {
  switch (offer.kind) {
    case "frequency":
      return `Too much food? Get a delivery every ${offer.weeks} weeks instead: the food lasts your pet until the next one.`;
    case "discount":
      return `Stay with Autoship and get ${offer.percent}% off your next delivery, once.`;
    case "skip_or_delay":
      return "Enough food for now? Skip the next delivery or push it back a week: nothing is charged until then.";
    case "swap":
      return "Want a different food? Change the size or flavour, or switch to another recipe of the same line, instead of cancelling.";
    case "none":
      return null;
  }
}
