// How My Subscriptions writes money, dates and card brands (en-US, the shop's UTC calendar days).

import { formatUtcDay } from "../../../rules/shared/dates";

/** "Mar 4, 2031" for a calendar day "2031-03-04". */
export const longDate = (day: string) => formatUtcDay(`${day}T00:00:00Z`);

export const brandName = (b: string) => (b === "amex" ? "American Express" : b.charAt(0).toUpperCase() + b.slice(1));
