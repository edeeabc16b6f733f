// The quantity control of SPEC §4/§5, shared by the product page and (later) the cart:
// - below 1 becomes 1; only digits are accepted;
// - on blur, a non-number or a value below the minimum becomes the minimum, above the maximum the maximum;
// - minus is disabled at the minimum or when out of stock, plus at the maximum or when out of stock;
// - ordinary lines are capped at 10, autoship lines at 5 (SPEC §5, §9).

export const MIN_QUANTITY = 1;
export const MAX_ORDINARY_QUANTITY = 10;
export const MAX_AUTOSHIP_QUANTITY = 5;

export type QuantityBounds = { min: number; max: number };

/** The bounds of one line: autoship lines stop at 5, others at 10. */
export function quantityBounds(autoship: boolean): QuantityBounds {
  return { min: MIN_QUANTITY, max: autoship ? MAX_AUTOSHIP_QUANTITY : MAX_ORDINARY_QUANTITY };
}

/** Keys the field lets through: digits, and the editing and navigation keys (SPEC §5 "only digit keys"). */
const EDITING_KEYS = new Set(["Backspace", "Delete", "Tab", "Enter", "Escape", "ArrowLeft", "ArrowRight", "Home", "End"]);
export function isAllowedQuantityKey(key: string, withModifier = false): boolean {
  return withModifier || /^[0-9]$/.test(key) || EDITING_KEYS.has(key);
}

/**
 * While typing: non-digits are dropped (pasted text too); an empty field stays empty so the shopper
 * can type a new number; a value below 1 becomes 1.
 */
export function sanitizeQuantityInput(raw: string): string {
  const digits = raw.replace(/\D+/g, "").slice(0, 3);
  if (digits === "") return "";
  return Number(digits) < MIN_QUANTITY ? String(MIN_QUANTITY) : String(Number(digits));
}

/** On blur (and before submitting): a whole number inside the bounds. */
export function quantityOnBlur(raw: string | number, bounds: QuantityBounds): number {
  const n = typeof raw === "number" ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n < bounds.min) return bounds.min;
  if (n > bounds.max) return bounds.max;
  return Math.floor(n);
}

/** One press of minus (-1) or plus (+1), staying inside the bounds. */
export function stepQuantity(current: number, delta: -1 | 1, bounds: QuantityBounds): number {
  return quantityOnBlur(current + delta, bounds);
}

export function canDecrease(current: number, bounds: QuantityBounds, inStock: boolean): boolean {
  return inStock && current > bounds.min;
}

export function canIncrease(current: number, bounds: QuantityBounds, inStock: boolean): boolean {
  return inStock && current < bounds.max;
}
