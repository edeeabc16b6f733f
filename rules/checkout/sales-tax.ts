import { stateForZip, type StateCode } from "../shared/us-states";

// The shop's sales-tax table by destination state (SPEC §3 US states: 50 states plus DC, 51 entries).
// These are THE SHOP'S OWN INVENTED, PLAUSIBLE COMBINED RATES (state + typical local), in basis points
// (725 = 7.25%), not an authoritative tax source: replace them with a tax service before going live.
// Pet food is treated as taxable everywhere; states without a sales tax (AK, DE, MT, NH, OR) are 0.
//
// Base: tax is charged on (merchandise subtotal − discounts + shipping + service charge). Shipping is
// taxed because most states that tax goods tax delivery charges bundled with them; the shop applies
// one simple rule everywhere rather than a per-state shipping exemption list.

export const SALES_TAX_BASIS_POINTS: Record<StateCode, number> = {
  AL: 925,
  AK: 0,
  AZ: 840,
  AR: 945,
  CA: 880,
  CO: 780,
  CT: 635,
  DE: 0,
  DC: 600,
  FL: 700,
  GA: 740,
  HI: 450,
  ID: 600,
  IL: 885,
  IN: 700,
  IA: 695,
  KS: 870,
  KY: 600,
  LA: 955,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 750,
  MS: 705,
  MO: 835,
  MT: 0,
  NE: 695,
  NV: 825,
  NH: 0,
  NJ: 660,
  NM: 775,
  NY: 850,
  NC: 700,
  ND: 695,
  OH: 725,
  OK: 895,
  OR: 0,
  PA: 635,
  RI: 700,
  SC: 745,
  SD: 640,
  TN: 955,
  TX: 820,
  UT: 720,
  VT: 625,
  VA: 575,
  WA: 925,
  WV: 650,
  WI: 545,
  WY: 545,
};

/** Tax in cents on the taxable base, rounded half up to the cent. An unknown state is taxed at 0. */
export function salesTaxCents(state: string, taxableBaseCents: number): number {
  const bp = SALES_TAX_BASIS_POINTS[state as StateCode] ?? 0;
  if (taxableBaseCents <= 0) return 0;
  return Math.round((taxableBaseCents * bp) / 10_000);
}

/** The documented base: merchandise after discounts, plus shipping and service charge. */
export function taxableBaseCents(p: { merchandiseAfterDiscountsCents: number; shippingCents: number; serviceChargeCents: number }): number {
  return Math.max(0, p.merchandiseAfterDiscountsCents) + p.shippingCents + p.serviceChargeCents;
}

export type TaxStateResult = { ok: true; state: StateCode } | { ok: false; field: "zip" | "provinceCode"; message: string };

/**
 * The state tax and the AK/HI charge follow: always the ZIP's (rules/shared/us-states.ts), never a state the
 * browser claims. A ZIP with no known state is refused (it would otherwise be taxed at 0), and so is
 * a province that disagrees with its ZIP (a typo, or an attempt at another state's rate).
 */
export function taxStateOf(address: { zip: string; provinceCode?: string | null }): TaxStateResult {
  const state = stateForZip(address.zip);
  if (!state) return { ok: false, field: "zip", message: `We cannot tell the state of ZIP code ${address.zip}; check the ZIP code.` };
  // A quote by ZIP alone has no province to compare.
  if (address.provinceCode != null && address.provinceCode.trim().toUpperCase() !== state)
    return { ok: false, field: "provinceCode", message: `ZIP code ${address.zip} is in ${state}; choose ${state} as the state.` };
  return { ok: true, state };
}
