// The free-shipping progress bar of SPEC §9.

/** Lines of this product type never count toward free shipping (SPEC §9 names an excluded type). */
export const FREE_SHIPPING_EXCLUDED_PRODUCT_TYPE = "Donation";

export type ShippingLine = { productType: string; subtotalCents: number };

export type FreeShippingProgress = {
  qualifyingCents: number;
  remainingCents: number;
  /** 0–100 */
  percent: number;
  reached: boolean;
  text: string;
};

// Built once: constructing an Intl.NumberFormat per call dominated price formatting.
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatUsd(cents: number): string {
  return USD.format(cents / 100);
}

export function freeShippingProgress(lines: readonly ShippingLine[], thresholdCents: number): FreeShippingProgress {
  const qualifyingCents = lines
    .filter((l) => l.productType !== FREE_SHIPPING_EXCLUDED_PRODUCT_TYPE && l.subtotalCents > 0)
    .reduce((sum, l) => sum + l.subtotalCents, 0);
  const remainingCents = Math.max(0, thresholdCents - qualifyingCents);
  const percent = thresholdCents <= 0 ? 100 : Math.min(100, (qualifyingCents / thresholdCents) * 100);
  const reached = remainingCents === 0;
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
