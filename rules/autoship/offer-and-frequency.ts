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

/**
 * What one unit of an Autoship costs on a site: 5% off in the shop; on the staff site the program
 * price, with no Autoship promotion on top (SPEC §6). rules/cart/pricing.ts prices cart lines the same way.
 */
export function autoshipUnitPriceCents(site: "d2c" | "hpsf", v: { priceCents: number; programPriceCents?: number | null }): number {
  return site === "hpsf" ? (v.programPriceCents ?? v.priceCents) : autoshipPriceCents(v.priceCents);
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
