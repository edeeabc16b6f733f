// The autoship choice on the product page (SPEC §1, §9 "Save an extra 5% with Autoship"; D2C only, SPEC §6).
// The cart and the autoship service (later issues) own what a selling plan does; this names the plans
// the page offers: one per delivery frequency of 1 to 12 weeks.

export const AUTOSHIP_EXTRA_DISCOUNT = 0.05;
export const AUTOSHIP_FREQUENCY_WEEKS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);
export const DEFAULT_AUTOSHIP_FREQUENCY_WEEKS = 4;

/** The autoship price: 5% off, rounded to the cent. */
export function autoshipPriceCents(priceCents: number): number {
  return Math.round(priceCents * (1 - AUTOSHIP_EXTRA_DISCOUNT));
}

/** "autoship-4w": the selling plan the add-to-cart form sends for a frequency. */
export function sellingPlanIdFor(weeks: number): string {
  return `autoship-${weeks}w`;
}

/** "autoship-4w" → 4; null when it is not one of the offered plans. */
export function frequencyOfSellingPlan(id: string | null | undefined): number | null {
  const m = /^autoship-(\d{1,2})w$/.exec(id ?? "");
  const weeks = m ? Number(m[1]) : NaN;
  return AUTOSHIP_FREQUENCY_WEEKS.includes(weeks) ? weeks : null;
}

export function frequencyLabel(weeks: number): string {
  return weeks === 1 ? "Every week" : `Every ${weeks} weeks`;
}
