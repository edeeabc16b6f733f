import { MAX_AUTOSHIP_QUANTITY, MAX_ORDINARY_QUANTITY, MIN_QUANTITY } from "./quantity";

// Cart limits of SPEC §5/§9: ordinary lines capped at 10, autoship lines at 5; the cart is over the
// limit above 10 items in all; the autoship warning shows when a quantity reaches 5.

export const MAX_ITEMS_PER_ORDER = 10;
export const AUTOSHIP_WARNING_QUANTITY = 5;

export function lineCap(autoship: boolean): number {
  return autoship ? MAX_AUTOSHIP_QUANTITY : MAX_ORDINARY_QUANTITY;
}

/** Quantity below 1 becomes 1 (SPEC §5); non-integers are floored. */
export function normaliseQuantity(quantity: number): number {
  return Number.isFinite(quantity) ? Math.max(MIN_QUANTITY, Math.floor(quantity)) : MIN_QUANTITY;
}

/**
 * SPEC §5 "add reduces the added quantity so the line total stays within the cap".
 * Returns how many of `requested` can be added to a line already holding `current`.
 */
export function allowedAddQuantity(current: number, requested: number, autoship: boolean): number {
  return Math.max(0, Math.min(normaliseQuantity(requested), lineCap(autoship) - current));
}

export function isCartOverLimit(totalQuantity: number): boolean {
  return totalQuantity > MAX_ITEMS_PER_ORDER;
}

export function isAutoshipLineOverLimit(quantity: number): boolean {
  return quantity > MAX_AUTOSHIP_QUANTITY;
}

export function showAutoshipWarning(autoshipQuantities: readonly number[]): boolean {
  return autoshipQuantities.some((q) => q >= AUTOSHIP_WARNING_QUANTITY);
}
