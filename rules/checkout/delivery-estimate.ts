// Delivery estimate (SPEC §7 get-estimated-delivery-date) and the Hawaii rule (SPEC §6).
//
// An order ships the same business day when placed before the cut-off, else the next business day;
// it then travels the transit days of the warehouse group serving the ZIP (warehouse_zip_ranges),
// counted in business days. Business days are Monday to Friday; holidays are not modelled.
// The cut-off is 14:00 UTC for every warehouse: one clock for the whole shop instead of each
// warehouse's local time, a simplification worth at most a few hours on the estimate.

export const SAME_DAY_CUTOFF_HOUR_UTC = 14;
/** SPEC §6: shown instead of an estimate to customers in Hawaii when the Hawaii-shipping flag is on. */
export const HAWAII_DELIVERY_TEXT = "See checkout for delivery date";

const DAY_MS = 86_400_000;

function isBusinessDay(d: Date): boolean {
  const day = d.getUTCDay();
  return day !== 0 && day !== 6;
}

function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

function nextBusinessDay(d: Date): Date {
  let next = new Date(d.getTime() + DAY_MS);
  while (!isBusinessDay(next)) next = new Date(next.getTime() + DAY_MS);
  return next;
}

/** The business day the order leaves the warehouse. */
export function shipDate(now: Date, cutoffHourUtc = SAME_DAY_CUTOFF_HOUR_UTC): Date {
  const today = startOfUtcDay(now);
  if (isBusinessDay(today) && now.getUTCHours() < cutoffHourUtc) return today;
  return nextBusinessDay(today);
}

/** The UTC day the parcel arrives: `transitDays` business days after it ships. */
export function estimateDeliveryDay(now: Date, transitDays: number, cutoffHourUtc = SAME_DAY_CUTOFF_HOUR_UTC): Date {
  let day = shipDate(now, cutoffHourUtc);
  for (let i = 0; i < Math.max(0, Math.floor(transitDays)); i++) day = nextBusinessDay(day);
  return day;
}

/** "Tue, Mar 4" — the date as the shop shows it (en-US). */
export function deliveryDayText(d: Date): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(d);
}

/** SPEC §7: "Estimated delivery {date} to {location}". */
export function estimatedDeliveryText(dateText: string, location: string): string {
  return `Estimated delivery ${dateText} to ${location}`;
}

/** SPEC §6 Hawaii rule: true when the estimate must be replaced by HAWAII_DELIVERY_TEXT. */
export function hidesDeliveryEstimate(profileState: string | null | undefined, hawaiiShippingFlag: boolean): boolean {
  return hawaiiShippingFlag && (profileState ?? "").toUpperCase() === "HI";
}

/**
 * What the product page says about delivery: the Hawaii text (SPEC §6), else the estimate; null when
 * no estimate is known (no warehouse serves the ZIP, with the ZIP-check bypass).
 */
export function deliveryPromise(
  estimate: { dateText: string; location: string } | null,
  profile: { state: string | null | undefined; hawaiiShippingFlag: boolean },
): string | null {
  if (hidesDeliveryEstimate(profile.state, profile.hawaiiShippingFlag)) return HAWAII_DELIVERY_TEXT;
  return estimate ? estimatedDeliveryText(estimate.dateText, estimate.location) : null;
}
