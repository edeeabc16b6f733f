import type { SiteId } from "../shared/site";

// The donation rules of SPEC §3, §5 and §9, pure and in integer cents, shared by the donation
// provider's API and (later) the widget: store and cause ids, segment matching, and what each cart
// line gives.
//
// Units: money in cents; percentages and multipliers in hundredths (500 = 5.00 %, 150 = ×1.50).
// Rounding is half up, once per line, on exact integer products (BigInt), so a line's donation never
// depends on float error.

/** SPEC §9 donation constants. */
export const DONATION_EVENT_VERSION = "0.1.15";
export const CHARITY_SEARCH_SKIP = 0;
export const CHARITY_SEARCH_TAKE = 25;
/** SPEC §9: the category searched for shelters. */
export const SHELTER_CATEGORY_ID = 3;
export const DONATION_CURRENCY = "USD";
/** SPEC §3: a cause without a logo shows one of 26 category icons, 0–25. */
export const CATEGORY_ICON_COUNT = 26;
/** SPEC §4: clearing the cause sets id 0 and name "0". */
export const NO_CAUSE = { causeId: "0", causeName: "0" } as const;

// ---------------------------------------------------------------------------------------------------
// Ids (SPEC §5)

/** The store id as stored (32 lowercase hex) after removing spaces, dashes, braces and parentheses; null: "Invalid StoreId". */
export function normalizeStoreId(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const id = raw.replace(/[\s\-{}()]/g, "");
  return /^[0-9a-f]{32}$/i.test(id) ? id.toLowerCase() : null;
}

/** SPEC §5: a charity id is 1–31 characters of digits, slashes and dashes (an EIN such as "00-1000001"). */
export function isCharityId(id: string): boolean {
  return /^[0-9/-]{1,31}$/.test(id);
}

/** SPEC §5: anything that is not a charity id is a portfolio id, 32 hex characters. */
export function isPortfolioId(id: string): boolean {
  return !isCharityId(id) && /^[0-9a-f]{32}$/i.test(id);
}

export function causeKindOf(id: string): "charity" | "portfolio" | null {
  return isCharityId(id) ? "charity" : isPortfolioId(id) ? "portfolio" : null;
}

/** SPEC §5 charity search: location text starting with a digit is a zip, otherwise a city. */
export function locationQuery(text: string): { zip: string } | { city: string } | null {
  const t = text.trim();
  if (!t) return null;
  return /^\d/.test(t) ? { zip: t } : { city: t };
}

// ---------------------------------------------------------------------------------------------------
// Segments (SPEC §3, §4, §5)

export type SegmentRule = {
  id: string;
  isActive: boolean;
  excludeSegment: boolean;
  priorityIndex: number;
  /** 0 empty, 1 not empty, 2 specified list; anything else: equality with the first specified value. */
  valueCategory: number | null;
  specifiedValues: readonly string[];
};

/** A value read from the page (window property, data layer or URL parameter): absent, one value, or a list. */
export type SegmentValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

const isEmptyValue = (v: SegmentValue) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** Whether one segment matches the shopper's value. SPEC §5: a list matches when the lengths agree and every value is in the specified list. */
export function segmentMatches(segment: SegmentRule, value: SegmentValue): boolean {
  switch (segment.valueCategory) {
    case 0:
      return isEmptyValue(value);
    case 1:
      return !isEmptyValue(value);
    case 2: {
      if (isEmptyValue(value)) return false;
      const values = (Array.isArray(value) ? value : [value]).map(String);
      return values.length === segment.specifiedValues.length && values.every((v) => segment.specifiedValues.includes(v));
    }
    default:
      return !isEmptyValue(value) && !Array.isArray(value) && segment.specifiedValues.length > 0 && String(value) === segment.specifiedValues[0];
  }
}

/** SPEC §4: the first active segment (by priorityIndex) whose value matches wins; none → null (no exclusion). */
export function firstMatchingSegment<S extends SegmentRule>(segments: readonly S[], valueOf: (segment: S) => SegmentValue): S | null {
  const ordered = segments.filter((s) => s.isActive).sort((a, b) => a.priorityIndex - b.priorityIndex);
  return ordered.find((s) => segmentMatches(s, valueOf(s))) ?? null;
}

/**
 * The customer metafield namespace that holds a customer's back-end segment properties (SPEC §3
 * `backEndPropertyName` names the key): set by the shop, never by the customer (the customer API
 * refuses writes to it, rules/account/customer-api-input.ts).
 */
export const DONATION_SEGMENT_NAMESPACE = "donation_segments";

/** A segment whose action changes what the store gives (a rate of its own); an exclusion or "none" does not. */
export function segmentChangesAmount(segment: { excludeSegment: boolean; donationAction: string }): boolean {
  return !segment.excludeSegment && segment.donationAction !== "none";
}

/**
 * Whether a segment the browser matched may apply. An exclusion, or one that changes nothing, may:
 * the browser can only give up what the store gives. One that changes the amount must be proven
 * from the customer's own record — the value of its back-end property — never from what the page
 * reports; without a back-end property, or for a guest (no record, `backEndValue` undefined), it
 * does not apply.
 */
export function segmentApplies(segment: SegmentRule & { donationAction: string; backEndPropertyName: string }, backEndValue: SegmentValue): boolean {
  if (!segmentChangesAmount(segment)) return true;
  if (!segment.backEndPropertyName.trim()) return false;
  return segmentMatches(segment, backEndValue);
}

// ---------------------------------------------------------------------------------------------------
// Which site gives

/**
 * The donation store that gives on a site: the shop's configured store, and none on the staff site
 * (SPEC §6 staff mode names no donations; its orders are program-priced clinic purchases). The
 * pages' widget, the checkout's hand-off and place-order all ask this.
 */
export function donationStoreFor(site: SiteId, configuredStoreId: string | null | undefined): string | null {
  return site === "d2c" ? (configuredStoreId ?? null) : null;
}

// ---------------------------------------------------------------------------------------------------
// Amounts: what each line gives, computed on the server only (SPEC §5 donation rules, §9 currency)

export type DonationType = "percentage" | "flat";
/** SPEC §3 defaultDonationType codes. */
export const DONATION_TYPE_CODE: Record<DonationType, 0 | 1> = { percentage: 0, flat: 1 };

/** The store's (or a matched segment's) donation: a percentage of each line, or a flat amount per unit. */
export type DonationRule = { type: DonationType; valueHundredths: number };

export type DonationLineInput = {
  cmsId: string;
  /** One unit's price in the cart's currency, in cents. */
  unitPriceCents: number;
  quantity: number;
  /** The line's own discount in cents (not the cart's). */
  discountCents: number;
};

export type DonationSettings = {
  rule: DonationRule;
  /** The chosen cause's multiplier, hundredths (100 = ×1). */
  multiplierHundredths: number;
  excludedCmsIds: readonly string[];
  directDonationCmsIds: readonly string[];
  /** A fixed amount per order (USD cents) once some line gives; 0 = none. */
  cartDonationCents: number;
  /** Units of the cart's currency per US dollar; 1 for USD. SPEC §9: only flat amounts are converted. */
  usdRate: number;
};

export type LineDonation = {
  cmsId: string;
  donationCents: number;
  /** How the amount came about: the rule's type, "direct" (the line is a donation), or "none". */
  donationType: DonationType | "direct" | "none";
  directDonation: boolean;
  excluded: boolean;
  /** The line's share of the cart discount, for the record. */
  cartDiscountShareCents: number;
};

export type CartDonation = { lines: LineDonation[]; cartDonationCents: number; totalCents: number };

/** round(n × num / den), half up, exact for any non-negative integers. */
function mulDivRound(n: number, num: number, den: number): number {
  const product = BigInt(n) * BigInt(num);
  const d = BigInt(den);
  const q = product / d;
  return Number(2n * (product % d) >= d ? q + 1n : q);
}

/** A USD amount in the cart's currency, rounded to the cent (SPEC §9: rounded to 2 decimals). */
export function convertUsdCents(cents: number, usdRate: number): number {
  if (usdRate === 1) return cents;
  // toPrecision(12) drops float noise (500 × 1.005 = 502.49999…) before rounding half up.
  return Math.round(Number((cents * usdRate).toPrecision(12)));
}

const lineNet = (l: DonationLineInput) => Math.max(0, l.unitPriceCents * l.quantity - l.discountCents);

/**
 * The cart discount shared over `nets` in proportion to each, in whole cents that add up exactly
 * to the discount (largest remainder; ties to the earlier line). Never more than the nets' total.
 */
export function shareCartDiscount(nets: readonly number[], cartDiscountCents: number): number[] {
  const total = nets.reduce((s, n) => s + n, 0);
  const discount = Math.min(Math.max(0, cartDiscountCents), total);
  if (total === 0 || discount === 0) return nets.map(() => 0);
  const exact = nets.map((n) => BigInt(n) * BigInt(discount));
  const shares = exact.map((e) => Number(e / BigInt(total)));
  let left = discount - shares.reduce((s, n) => s + n, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e % BigInt(total) })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What each line gives and the cart's total:
 * - a direct donation line gives its whole net price (no discount share, no multiplier), or nothing
 *   when `ignoreDirectDonations`;
 * - an excluded product gives nothing (it still takes its share of the cart discount, which covers the whole cart);
 * - percentage: the rule's percentage of the line's price less its own discount and its share of
 *   the cart discount, times the cause's multiplier;
 * - flat: the rule's amount per unit (USD, converted by `usdRate` and rounded to the cent, per
 *   line), times the quantity and the multiplier;
 * - the total is the lines' sum plus the cart donation (once some line gives; converted like a flat amount).
 */
export function computeCartDonation(
  lines: readonly DonationLineInput[],
  cartDiscountCents: number,
  settings: DonationSettings,
  options: { ignoreDirectDonations?: boolean } = {},
): CartDonation {
  const isDirect = (l: DonationLineInput) => settings.directDonationCmsIds.includes(l.cmsId);
  const sharing = lines.filter((l) => !isDirect(l));
  const shares = shareCartDiscount(sharing.map(lineNet), cartDiscountCents);
  const shareOf = new Map(sharing.map((l, i) => [l, shares[i]] as const));

  const result = lines.map((line): LineDonation => {
    const base = { cmsId: line.cmsId, directDonation: false, excluded: false, cartDiscountShareCents: shareOf.get(line) ?? 0 };
    if (isDirect(line)) {
      const give = options.ignoreDirectDonations ? 0 : lineNet(line);
      return { ...base, directDonation: true, donationCents: give, donationType: give > 0 ? "direct" : "none" };
    }
    if (settings.excludedCmsIds.includes(line.cmsId)) return { ...base, excluded: true, donationCents: 0, donationType: "none" };
    const { rule, multiplierHundredths: m } = settings;
    if (rule.type === "percentage") {
      const net = Math.max(0, lineNet(line) - base.cartDiscountShareCents);
      // net × (pct/100 %) × (m/100) = net × pct × m / 1 000 000
      return { ...base, donationCents: mulDivRound(net, rule.valueHundredths * m, 1_000_000), donationType: "percentage" };
    }
    const unit = convertUsdCents(rule.valueHundredths, settings.usdRate);
    return { ...base, donationCents: mulDivRound(unit * line.quantity, m, 100), donationType: "flat" };
  });

  const linesTotal = result.reduce((s, l) => s + l.donationCents, 0);
  const cartDonationCents = linesTotal > 0 ? convertUsdCents(settings.cartDonationCents, settings.usdRate) : 0;
  return { lines: result, cartDonationCents, totalCents: linesTotal + cartDonationCents };
}

/** An amount shared equally among recipients (a portfolio's charities), the odd cents to the first ones. */
export function splitAmongRecipients(totalCents: number, recipientIds: readonly string[]): { id: string; cents: number }[] {
  if (!recipientIds.length) return [];
  const each = Math.floor(totalCents / recipientIds.length);
  const odd = totalCents - each * recipientIds.length;
  return recipientIds.map((id, i) => ({ id, cents: each + (i < odd ? 1 : 0) }));
}

/** Cents as the provider's JSON carries them: a number of dollars with 2 decimals. */
export const centsToDecimal = (cents: number) => Math.round(cents) / 100;

/** SPEC §7 set-confirmation-data: the total "to 2 decimals". */
export const twoDecimals = (cents: number) => (cents / 100).toFixed(2);
