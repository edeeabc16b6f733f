import { MAX_AUTOSHIP_QUANTITY, MAX_ORDINARY_QUANTITY, MIN_QUANTITY } from "./quantity-input";

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

/** One line of a cart as the caps see it: an item and its purchase kind (null = one-time). */
export type CappedLine = { variantId: number; sellingPlanId: string | null; quantity: number };

/**
 * SPEC §5 caps for one add of several lines, written at once: each input adds what its line can
 * still take after the lines already in the cart and the earlier inputs for the same item and
 * purchase kind — the same answer as adding the inputs one after another. Returns one write per
 * line, in the order the lines are first written (the last input that adds anything gives the
 * line its attributes), and the indexes of the inputs that were capped.
 */
export function planLineAdds<T extends CappedLine>(
  existing: readonly CappedLine[],
  inputs: readonly T[],
): { writes: { input: T; quantity: number }[]; capped: number[] } {
  const key = (l: { variantId: number; sellingPlanId: string | null }) => `${l.variantId}\u0000${l.sellingPlanId ?? ""}`;
  const held = new Map(existing.map((l) => [key(l), l.quantity]));
  const writes = new Map<string, { input: T; quantity: number }>();
  const capped: number[] = [];
  inputs.forEach((input, i) => {
    const k = key(input);
    const requested = normaliseQuantity(input.quantity);
    const adding = allowedAddQuantity(held.get(k) ?? 0, requested, input.sellingPlanId !== null);
    if (adding < requested) capped.push(i);
    if (adding === 0) return;
    held.set(k, (held.get(k) ?? 0) + adding);
    const write = writes.get(k);
    if (write) writes.set(k, { input, quantity: write.quantity + adding });
    else writes.set(k, { input, quantity: adding });
  });
  return { writes: [...writes.values()], capped };
}
