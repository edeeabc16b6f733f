// Money is integer cents in the database and the rules; the storefront API carries it as a decimal
// string in USD (SPEC §3 `price.amount`), and people read it as en-US USD (ARCHITECTURE §5). These
// are the one formatter and the one set of conversions between those forms.

/** SPEC §3 storefront money. */
export type Money = { amount: string; currencyCode: "USD" };

/** en-US USD, e.g. $12.99; whole dollars without cents when `compact` ($49, but $49.50). */
export function formatUsd(cents: number, { compact = false } = {}): string {
  const text = USD.format(cents / 100);
  return compact ? text.replace(/\.00$/, "") : text;
}

// Built once: constructing an Intl.NumberFormat costs far more than formatting with one, and a
// listing formats hundreds of prices per render. One formatter (USD's own two decimals): the compact
// form drops a whole amount's ".00", so pages carry one formatter's code, not two.
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$12.99" from storefront money ({amount: "12.99"}). */
export function formatMoney(money: { amount: string }): string {
  return formatUsd(amountToCents(money.amount));
}

/** "12.99" (a storefront decimal string) → 1299. */
export function amountToCents(amount: string): number {
  return dollarsToCents(Number(amount));
}

/** 1299 → "12.99", the storefront's decimal string. */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 1299 → {amount: "12.99", currencyCode: "USD"}. */
export function moneyOf(cents: number): Money {
  return { amount: centsToAmount(cents), currencyCode: "USD" };
}

/** 1299 → 12.99, the number analytics events and structured data carry. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** 12.99 (dollars, as a price filter's bounds) → 1299. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
