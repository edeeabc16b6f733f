import { AUTOSHIP_FIRST_ORDER_CODE } from "../checkout/steps-and-handoff";
import { autoshipUnitPriceCents } from "../autoship/offer-and-frequency";

// Cart prices and the Order Summary of SPEC §2: line subtotals (autoship 5% off on the shop, program
// prices on the staff site), compare-at savings, discount codes (SPEC §9 AUTO35), and totals.
// Integer cents throughout; tax and shipping are calculated at checkout.

export type PricingSite = "d2c" | "hpsf";

export type PricingLine = {
  quantity: number;
  priceCents: number;
  compareAtCents: number | null;
  programPriceCents: number | null;
  autoship: boolean;
};

export type DiscountRule = {
  code: string;
  kind: "percentage" | "fixed";
  value: number;
  autoshipOnly: boolean;
  firstSubscriptionOnly: boolean;
  expiresAt: Date | null;
  active: boolean;
};

export type PricingContext = {
  site: PricingSite;
  now: Date;
  /** Whether the customer already has an autoship subscription; null when not known (guest). */
  customerHasSubscription: boolean | null;
};

export type LinePrice = {
  unitCents: number;
  /** What one unit would cost without savings: compare-at (or list price on the staff site). */
  unitBeforeSavingsCents: number;
  subtotalCents: number;
  subtotalBeforeSavingsCents: number;
  savingsCents: number;
};

export type AppliedCode = { code: string; applicable: boolean; amountCents: number; reason: string | null };

export type CartPrice = {
  lines: LinePrice[];
  subtotalCents: number;
  /** Staff site: list prices before the program discount. */
  subtotalBeforeSavingsCents: number;
  programDiscountCents: number;
  discountCents: number;
  totalCents: number;
  totalSavingsCents: number;
  codes: AppliedCode[];
};

export function priceLine(line: PricingLine, site: PricingSite): LinePrice {
  const listCents = line.priceCents;
  const unitCents = line.autoship
    ? autoshipUnitPriceCents(site, { priceCents: listCents, programPriceCents: line.programPriceCents })
    : site === "hpsf"
      ? (line.programPriceCents ?? listCents)
      : listCents;
  const unitBeforeSavingsCents = Math.max(unitCents, site === "hpsf" ? listCents : (line.compareAtCents ?? listCents));
  const subtotalCents = unitCents * line.quantity;
  const subtotalBeforeSavingsCents = unitBeforeSavingsCents * line.quantity;
  return { unitCents, unitBeforeSavingsCents, subtotalCents, subtotalBeforeSavingsCents, savingsCents: subtotalBeforeSavingsCents - subtotalCents };
}

function whyNotApplicable(rule: DiscountRule | undefined, hasAutoship: boolean, ctx: PricingContext): string | null {
  if (!rule || !rule.active) return "This code is not valid.";
  if (rule.expiresAt && rule.expiresAt.getTime() <= ctx.now.getTime()) return "This code has expired.";
  if (rule.autoshipOnly && !hasAutoship) return "This code applies to Autoship items only.";
  if (rule.firstSubscriptionOnly && ctx.customerHasSubscription === true) return "This code is for a first Autoship order only.";
  return null;
}

export function priceCart(lines: readonly PricingLine[], codes: readonly string[], rules: readonly DiscountRule[], ctx: PricingContext): CartPrice {
  const priced = lines.map((l) => priceLine(l, ctx.site));
  const subtotalCents = priced.reduce((s, l) => s + l.subtotalCents, 0);
  const autoshipSubtotal = priced.reduce((s, l, i) => s + (lines[i].autoship ? l.subtotalCents : 0), 0);
  const hasAutoship = lines.some((l) => l.autoship);

  let remaining = subtotalCents;
  // Codes do not stack, however a cart came to hold several: only the ones a cart may keep count.
  const kept = new Set(allowedDiscountCodes(codes));
  const applied: AppliedCode[] = codes.map((code) => {
    const rule = rules.find((r) => r.code === code);
    const reason = kept.has(code) ? whyNotApplicable(rule, hasAutoship, ctx) : ONE_CODE_ONLY;
    if (reason || !rule) return { code, applicable: false, amountCents: 0, reason };
    const base = rule.autoshipOnly ? autoshipSubtotal : subtotalCents;
    const wanted = rule.kind === "percentage" ? Math.round((base * rule.value) / 100) : Math.min(rule.value, base);
    const amountCents = Math.min(wanted, remaining);
    remaining -= amountCents;
    return { code, applicable: true, amountCents, reason: null };
  });

  const discountCents = subtotalCents - remaining;
  const lineSavings = priced.reduce((s, l) => s + l.savingsCents, 0);
  const beforeSavings = priced.reduce((s, l) => s + l.subtotalBeforeSavingsCents, 0);
  return {
    lines: priced,
    subtotalCents,
    subtotalBeforeSavingsCents: ctx.site === "hpsf" ? beforeSavings : subtotalCents,
    programDiscountCents: ctx.site === "hpsf" ? lineSavings : 0,
    discountCents,
    totalCents: subtotalCents - discountCents,
    totalSavingsCents: lineSavings + discountCents,
    codes: applied,
  };
}

/** Codes as shoppers type them: trimmed, upper-case, no duplicates. */
export function normaliseCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
}

export const ONE_CODE_ONLY = "Only one discount code applies per order.";

/** Ordinary discount codes one order may carry, besides the first-Autoship code (README "Discount codes"). */
export const MAX_ORDINARY_CODES = 1;

/**
 * The codes a cart keeps: the first-Autoship code (AUTO35, SPEC §9) plus one other code — the one
 * applied last replaces an earlier one, so codes do not stack.
 */
export function allowedDiscountCodes(codes: readonly string[]): string[] {
  const normal = normaliseCodes(codes);
  const first = normal.filter((c) => c === AUTOSHIP_FIRST_ORDER_CODE);
  const others = normal.filter((c) => c !== AUTOSHIP_FIRST_ORDER_CODE).slice(-MAX_ORDINARY_CODES);
  return [...first, ...others];
}
