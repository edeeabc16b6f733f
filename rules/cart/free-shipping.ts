// Free shipping (SPEC §9): which subtotal counts, and the progress bar the cart shows. The cart's
// bar and the checkout's free standard shipping (rules/checkout/totals.ts → shipping-rates.ts) both
// read freeShippingQualifyingCents, so the promise the cart shows is the one the checkout keeps
// (docs/decisions/0006-free-shipping-qualifying-subtotal.md).

import { formatUsd } from "../shared/money";
import { isExcludedProductType } from "../catalog/product-types";

export type ShippingLine = { productType: string; subtotalCents: number };

export type FreeShippingProgress = {
  qualifyingCents: number;
  remainingCents: number;
  /** 0–100 */
  percent: number;
  reached: boolean;
  text: string;
};

/**
 * The subtotal that counts toward free shipping: the line subtotals, less the lines of the excluded
 * product type and zero-subtotal lines (SPEC §9), after discount codes. A discount is shared over
 * the lines in proportion to their subtotals (as the order records each line's discount), so only
 * the counting lines' share lowers the count.
 */
export function freeShippingQualifyingCents(lines: readonly ShippingLine[], discountCents: number): number {
  const positive = lines.filter((l) => l.subtotalCents > 0);
  const allCents = positive.reduce((sum, l) => sum + l.subtotalCents, 0);
  const countingCents = positive.filter((l) => !isExcludedProductType(l.productType)).reduce((sum, l) => sum + l.subtotalCents, 0);
  const shareCents = allCents > 0 ? Math.round((Math.max(0, discountCents) * countingCents) / allCents) : 0;
  return Math.max(0, countingCents - shareCents);
}

/** Whether a qualifying subtotal earns free standard shipping (the bar's "reached", the checkout's free rate). */
export const qualifiesForFreeShipping = (qualifyingCents: number, thresholdCents: number): boolean => qualifyingCents >= thresholdCents;

export function freeShippingProgress(lines: readonly ShippingLine[], discountCents: number, thresholdCents: number): FreeShippingProgress {
  const qualifyingCents = freeShippingQualifyingCents(lines, discountCents);
  const reached = qualifiesForFreeShipping(qualifyingCents, thresholdCents);
  const remainingCents = reached ? 0 : thresholdCents - qualifyingCents;
  const percent = thresholdCents <= 0 ? 100 : Math.min(100, (qualifyingCents / thresholdCents) * 100);
  return {
    qualifyingCents,
    remainingCents,
    percent,
    reached,
    text: reached ? "You get free shipping!" : `${formatUsd(remainingCents)} until free shipping`,
  };
}

/** Bar heights of SPEC §9 in px. */
export const FREE_SHIPPING_BAR_HEIGHT = { full: 8, compact: 6 } as const;
