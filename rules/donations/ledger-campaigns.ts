import { formatUsd } from "../shared/money";
import { computeCartDonation, splitAmongRecipients, type DonationRule } from "./provider";

// What an order gives, row by row, and how refunds take it back (README "Donations"). Pure and in
// integer cents; the order workflows write what these return into the append-only donation ledger.
//
// - The store's promise: per order line, the store's rule (a percentage of the line as charged —
//   its subtotal less its share of the order's discount, shared as the widget shares the cart's —
//   or a flat amount per unit) times the cause's multiplier, computed by rules/donations/provider.ts; shared equally among the
//   recipients (a portfolio's charities, or the store's own list).
// - The shopper's add-on (campaign 4: one of the offered amounts) or round-up (campaign 3: the order
//   total up to the next whole dollar): its own charged line, customer-funded.
// - A refund reverses a row's share for the units it returns, cumulatively (the share of the first
//   k units is floor(amount × k / quantity)), so every reversal of a row together is exactly minus
//   the row; a whole refund or a cancellation reverses whatever is left.

/** SPEC §3 campaign types this file acts on. */
export const CAMPAIGN_ONLINE_PURCHASE = 1;
export const CAMPAIGN_ROUND_UP = 3;
export const CAMPAIGN_ADD_ON = 4;

/** The add-on amounts the cart offers; a client can pick one of these and nothing else. */
export const ADDON_CHOICES_CENTS: readonly number[] = [100, 300, 500];

export type AddonChoice = { kind: "add-on"; cents: number } | { kind: "round-up" };

/**
 * Cents that take `totalCents` up to the next whole dollar. An already whole total has nothing to
 * round: 0, and the cart hides the offer (asking for another whole dollar would be an add-on).
 */
export function roundUpCents(totalCents: number): number {
  const rest = totalCents % 100;
  return rest === 0 ? 0 : 100 - rest;
}

/** The add-on's amount on an order whose total before it is `totalBeforeCents`. */
export function addonAmountCents(choice: AddonChoice | null, totalBeforeCents: number): number {
  if (!choice) return 0;
  if (choice.kind === "round-up") return roundUpCents(totalBeforeCents);
  return ADDON_CHOICES_CENTS.includes(choice.cents) ? choice.cents : 0;
}

/** Which offers a store's active campaigns make for a cart whose total (before the add-on) is `totalBeforeCents`. */
export function addonOffers(activeCampaigns: readonly number[], totalBeforeCents: number): { addOn: boolean; roundUpToCents: number | null } {
  const addOn = activeCampaigns.includes(CAMPAIGN_ADD_ON);
  const up = roundUpCents(totalBeforeCents);
  return { addOn, roundUpToCents: activeCampaigns.includes(CAMPAIGN_ROUND_UP) && up > 0 ? totalBeforeCents + up : null };
}

/** The cart form's `donation` field: "100" / "300" / "500", "round-up", or "none" to remove it. */
export function parseAddonChoice(value: unknown): { ok: true; choice: AddonChoice | null } | { ok: false; field: "donation"; message: string } {
  if (value === "none") return { ok: true, choice: null };
  if (value === "round-up") return { ok: true, choice: { kind: "round-up" } };
  const cents = typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (ADDON_CHOICES_CENTS.includes(cents)) return { ok: true, choice: { kind: "add-on", cents } };
  return { ok: false, field: "donation", message: "Choose one of the donation amounts offered." };
}

/**
 * The store's rule for an order after the segment the widget matched (SPEC §4: the widget showed
 * the same): an exclusion segment gives nothing of the store's; a segment with an action gives by
 * its rule (value read like the store's default donation); no segment, the store's own rule.
 */
export function segmentRule(
  store: { defaultDonationType: number; defaultDonationHundredths: number },
  segment: { excludeSegment: boolean; donationAction: "none" | "percentage" | "flat"; donationActionValue: number } | null,
): { rule: DonationRule; storeGives: boolean } {
  const base: DonationRule = { type: store.defaultDonationType === 1 ? "flat" : "percentage", valueHundredths: store.defaultDonationHundredths };
  if (!segment) return { rule: base, storeGives: true };
  if (segment.excludeSegment) return { rule: base, storeGives: false };
  return { rule: segment.donationAction === "none" ? base : { type: segment.donationAction, valueHundredths: segment.donationActionValue }, storeGives: true };
}

export type LedgerLineInput = {
  orderLineId: string;
  /** The product's cmsId (its handle): the store's excluded and direct-donation lists name these. */
  cmsId: string;
  unitPriceCents: number;
  quantity: number;
  /** The line's share of the cart discount, as the order recorded it (only their sum counts: shared again as the widget shares it). */
  discountCents: number;
};

export type LedgerRowDraft = {
  orderLineId: string;
  causeId: string;
  rule: string;
  amountCents: number;
  rateHundredths: number | null;
  multiplierHundredths: number | null;
  fundedBy: "store" | "customer";
};

/** The store-funded rows of an order: one per line that gives and recipient; none for lines that give 0. */
export function storeLedgerRows(p: {
  lines: readonly LedgerLineInput[];
  rule: DonationRule;
  multiplierHundredths: number;
  excludedCmsIds: readonly string[];
  directDonationCmsIds: readonly string[];
  cartDonationCents: number;
  recipients: readonly string[];
}): LedgerRowDraft[] {
  if (!p.recipients.length || !p.lines.length) return [];
  // The order's discount is shared over the lines as the widget's cart request shares it (the
  // cart's lines at their unit prices, the codes' discount as one amount): the ledger records
  // exactly what the widget showed, to the cent.
  const computed = computeCartDonation(
    p.lines.map((l) => ({ cmsId: l.cmsId, unitPriceCents: l.unitPriceCents, quantity: l.quantity, discountCents: 0 })),
    p.lines.reduce((sum, l) => sum + l.discountCents, 0),
    {
      rule: p.rule,
      multiplierHundredths: p.multiplierHundredths,
      excludedCmsIds: p.excludedCmsIds,
      directDonationCmsIds: p.directDonationCmsIds,
      cartDonationCents: p.cartDonationCents,
      usdRate: 1,
    },
  );
  const rows: LedgerRowDraft[] = [];
  const push = (orderLineId: string, cents: number, rule: string, rate: number | null, multiplier: number | null) => {
    for (const share of splitAmongRecipients(cents, p.recipients))
      if (share.cents > 0)
        rows.push({
          orderLineId,
          causeId: share.id,
          rule,
          amountCents: share.cents,
          rateHundredths: rate,
          multiplierHundredths: multiplier,
          fundedBy: "store",
        });
  };
  computed.lines.forEach((l, i) => {
    if (l.donationCents <= 0) return;
    const direct = l.donationType === "direct";
    push(
      p.lines[i].orderLineId,
      l.donationCents,
      direct ? "direct" : p.rule.type,
      direct ? null : p.rule.valueHundredths,
      direct ? null : p.multiplierHundredths,
    );
  });
  // The store's fixed amount per order sits on the first line (a line id is what the ledger keys rows by).
  if (computed.cartDonationCents > 0) push(p.lines[0].orderLineId, computed.cartDonationCents, "cart", null, null);
  return rows;
}

/** The customer-funded row of an add-on or round-up (keyed by the order's id: it has no product line). */
export function addonLedgerRows(p: { orderId: string; kind: AddonChoice["kind"]; amountCents: number; recipients: readonly string[] }): LedgerRowDraft[] {
  if (p.amountCents <= 0) return [];
  return splitAmongRecipients(p.amountCents, p.recipients)
    .filter((s) => s.cents > 0)
    .map((s) => ({
      orderLineId: p.orderId,
      causeId: s.id,
      rule: p.kind,
      amountCents: s.cents,
      rateHundredths: null,
      multiplierHundredths: null,
      fundedBy: "customer" as const,
    }));
}

export type ReversibleRow = {
  id: number;
  amountCents: number;
  /** The order line's quantity and units refunded so far (this refund included); null for a row without a product line (the add-on). */
  line: { quantity: number; refundedQuantity: number } | null;
  /** Already reversed, as a positive number of cents. */
  reversedCents: number;
};

/**
 * The reversals a refund makes (negative amounts): each row back to its cumulative share of the
 * units refunded so far, or to nothing at all when `whole` (the order is cancelled or refunded in
 * full). Never more than a row has left; rows already at their target are left out.
 */
export function reversalsDue(rows: readonly ReversibleRow[], whole: boolean): { reversesId: number; amountCents: number }[] {
  return rows.flatMap((r) => {
    const target = whole
      ? r.amountCents
      : r.line && r.line.quantity > 0
        ? Math.floor((r.amountCents * Math.min(r.line.refundedQuantity, r.line.quantity)) / r.line.quantity)
        : 0;
    const due = Math.min(target, r.amountCents) - r.reversedCents;
    return due > 0 ? [{ reversesId: r.id, amountCents: -due }] : [];
  });
}

/** What an order gave, per cause, net of reversals, largest first; causes netting to 0 are left out. */
export function netByCause(
  rows: readonly { causeId: string; amountCents: number; fundedBy: string }[],
): { causeId: string; cents: number; customerCents: number }[] {
  const by = new Map<string, { causeId: string; cents: number; customerCents: number }>();
  for (const r of rows) {
    const e = by.get(r.causeId) ?? { causeId: r.causeId, cents: 0, customerCents: 0 };
    e.cents += r.amountCents;
    if (r.fundedBy === "customer") e.customerCents += r.amountCents;
    by.set(r.causeId, e);
  }
  return [...by.values()].filter((e) => e.cents > 0).sort((a, b) => b.cents - a.cents || a.causeId.localeCompare(b.causeId));
}

/**
 * What refunds and cancellations took back from an order, per cause (positive cents): the reversal
 * rows' sum. The order's pages say it beside (or instead of) what is still given.
 */
export function reversedByCause(rows: readonly { causeId: string; amountCents: number; reversesId: number | null }[]): Map<string, number> {
  const by = new Map<string, number>();
  for (const r of rows) if (r.reversesId !== null) by.set(r.causeId, (by.get(r.causeId) ?? 0) - r.amountCents);
  return by;
}

/** SPEC §7 set-confirmation-data's causes: a JSON string of the causes and what each got (2 decimals). */
export function confirmationCauses(given: readonly { causeId: string; causeName: string; cents: number }[]): string {
  return JSON.stringify(given.map((g) => ({ causeId: g.causeId, causeName: g.causeName, amount: (g.cents / 100).toFixed(2) })));
}

/** What one cause got from an order, as the confirmation page and mail say it. */
export function givenSentence(cents: number, causeName: string): string {
  return `${formatUsd(cents)} to ${causeName} with this order`;
}
