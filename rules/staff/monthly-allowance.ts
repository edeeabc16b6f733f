import { toPounds } from "../shared/weight";

// The staff program's monthly allowance: each account group may buy so many pounds of food per
// calendar month (the shop's UTC calendar, as every other date of the shop). Consumption is the
// weight of the member's staff orders placed in the month — one-off and Autoship renewals alike —
// less cancelled or refunded ones. Weights are in pounds through SPEC §9's conversions.

/** The largest anchor program's allowance, used for any group without its own. */
export const DEFAULT_MONTHLY_QUOTA_LB = 120;

export type QuotaConfig = { defaultLb: number; byGroup: Readonly<Record<string, number>> };

/** "SF_STUDENT=60, SF_DVM=150" → { SF_STUDENT: 60, SF_DVM: 150 }; null when a part is not GROUP=POUNDS. */
export function parseQuotaGroups(list: string): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const part of list
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9_]+)\s*=\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!m) return null;
    out[m[1]] = Number(m[2]);
  }
  return out;
}

export const allowanceLb = (config: QuotaConfig, accountGroup: string | null | undefined): number =>
  (accountGroup ? config.byGroup[accountGroup] : undefined) ?? config.defaultLb;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export type QuotaMonth = {
  /** "2026-11", SPEC §3's quotaMonth. */
  month: string;
  start: Date;
  /** The first instant of the next month (exclusive). */
  end: Date;
  /** "November" */
  label: string;
  /** "December 1" */
  resetsOn: string;
};

export function quotaMonthOf(instant: Date): QuotaMonth {
  const y = instant.getUTCFullYear();
  const m = instant.getUTCMonth();
  const start = new Date(Date.UTC(y, m, 1));
  const end = new Date(Date.UTC(y, m + 1, 1));
  return { month: `${y}-${String(m + 1).padStart(2, "0")}`, start, end, label: MONTHS[m], resetsOn: `${MONTHS[end.getUTCMonth()]} 1` };
}

/** Pounds of `quantity` units of a variant weighing `weight` `unit` (unknown units weigh 0, SPEC §9). */
export const lineWeightLb = (weight: number, unit: string, quantity: number): number => toPounds(weight, unit) * quantity;

/** The pounds of a cart's or an order's lines, from the catalogue's unit weights. */
export const cartWeightLb = (lines: readonly { quantity: number; variant: { weight: number; weightUnit: string } }[]): number =>
  lines.reduce((sum, l) => sum + lineWeightLb(l.variant.weight, l.variant.weightUnit, l.quantity), 0);

/** To a tenth of a pound, so that sums of converted weights compare as people read them. */
export const roundLb = (lb: number): number => Math.round(lb * 10) / 10;

/** "62", "62.5" */
export const formatLb = (lb: number): string => String(roundLb(lb));

export type QuotaState = {
  month: string;
  monthLabel: string;
  resetsOn: string;
  allowanceLb: number;
  usedLb: number;
  remainingLb: number;
  /** SPEC §3 quotaReached: nothing more may be bought this month. */
  reached: boolean;
};

export function quotaState(p: { allowanceLb: number; usedLb: number; month: QuotaMonth }): QuotaState {
  const used = roundLb(p.usedLb);
  const remaining = roundLb(Math.max(0, p.allowanceLb - used));
  return {
    month: p.month.month,
    monthLabel: p.month.label,
    resetsOn: p.month.resetsOn,
    allowanceLb: p.allowanceLb,
    usedLb: used,
    remainingLb: remaining,
    reached: remaining <= 0,
  };
}

/** Whether `addingLb` more fits the month's allowance; when not, by how much it is over. Adding nothing always fits. */
export function checkQuota(state: QuotaState, addingLb: number): { ok: true } | { ok: false; overLb: number } {
  if (roundLb(addingLb) <= 0) return { ok: true };
  const over = roundLb(state.usedLb + roundLb(addingLb) - state.allowanceLb);
  return over > 0 ? { ok: false, overLb: over } : { ok: true };
}

/** The meter's text: "62 of 120 lb used in November; resets December 1". */
export const quotaMeterText = (s: QuotaState): string => `${formatLb(s.usedLb)} of ${formatLb(s.allowanceLb)} lb used in ${s.monthLabel}; resets ${s.resetsOn}`;

/**
 * The cart's warning when it weighs more than the month's allowance leaves (every cart surface: the
 * cart module adds it to an add or an update): buying is not refused yet, the checkout will be.
 */
export const quotaCartWarningMessage = (s: QuotaState, overLb: number): string =>
  `Your cart is ${formatLb(overLb)} lb over your monthly allowance (${quotaMeterText(s)}). You can keep shopping, but the order must fit the allowance to check out.`;

/** The refusal of an order that would pass the allowance, naming the amount over. */
export const quotaExceededMessage = (s: QuotaState, orderLb: number, overLb: number): string =>
  `This order weighs ${formatLb(orderLb)} lb: with ${formatLb(s.usedLb)} of ${formatLb(s.allowanceLb)} lb used in ${s.monthLabel}, it is ${formatLb(overLb)} lb over your monthly allowance. Remove ${formatLb(overLb)} lb, or order again after ${s.resetsOn}.`;
