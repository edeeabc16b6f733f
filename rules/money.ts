// Money at the edge (ARCHITECTURE §5): integer cents inside, en-US USD text only when shown.

/** en-US USD, e.g. $12.99; whole dollars without cents when `compact` ($49). */
export function formatUsd(cents: number, { compact = false } = {}): string {
  const whole = cents % 100 === 0;
  return (compact && whole ? USD_WHOLE : USD).format(cents / 100);
}

// Built once: constructing an Intl.NumberFormat costs far more than formatting with one, and a
// listing formats hundreds of prices per render.
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const USD_WHOLE = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** "12.99" (storefront decimal string, SPEC §3 price.amount) → 1299; null when not a price. */
export function amountToCents(amount: string | null | undefined): number | null {
  if (amount == null) return null;
  const n = Number(amount);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}
