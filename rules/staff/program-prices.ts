// Who sees program prices on the staff site (SPEC §5): kept apart from rules/staff/roles.ts (and its
// zod schemas) because every storefront page's bundle reads it.

/** SPEC §9: the staff site's scripts read the member's eligibility from this cookie; no page's render does. */
export const PD_COOKIE = "isEligibleForPd";

/** Whether this viewer is shown and charged program prices: on the staff site, a registered member whose group is eligible. */
export const seesProgramPrices = (site: { isStaff: boolean }, staff: { eligibleForPd: boolean } | null | undefined): boolean =>
  site.isStaff && staff?.eligibleForPd === true;

/**
 * Whose prices a listing filters and sorts by: "program" for a viewer shown and charged program
 * prices (seesProgramPrices), "shop" for everyone else — a student on the staff site pays, so
 * compares, shop prices.
 */
export type PriceAudience = "program" | "shop";

export const priceAudience = (site: { isStaff: boolean }, staff: { eligibleForPd: boolean } | null | undefined): PriceAudience =>
  seesProgramPrices(site, staff) ? "program" : "shop";

type WithProgramPrice = { programPrice: unknown };

/** Products as a viewer who pays shop prices may see them: no program price anywhere in the data. */
export function withoutProgramPrices<P extends { variants: readonly WithProgramPrice[] }>(products: readonly P[]): P[] {
  return products.map((p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, programPrice: null })) }));
}

export const NOT_ELIGIBLE_NOTE = "Program prices are for eligible clinic and faculty staff; your account group pays shop prices.";

/** The cart's word to a registered member who pays shop prices: they may still buy, within their allowance (SPEC §5, §6). */
export const SHOP_PRICES_CART_NOTE =
  "You buy at shop prices: program prices are for eligible clinic and faculty staff. Your orders count toward your monthly allowance.";
