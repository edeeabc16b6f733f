import { z } from "zod";
import type { SiteId } from "../shared/site";
import { TOPIC_LABELS, topicsOf, type Topic } from "./subscriber";

// A campaign's segment: who among a site's confirmed subscribers of a topic it goes to, narrowed by
// shop data — Autoship (active, or cancelled in the last N days), the species bought, the last
// order's age, lifetime spend and, on the staff site, the account group. One schema reads the
// console's form (every field named in its error) and the stored JSON again.
//
// The conditions on shop data match the subscriber's account (or an account with the same
// address); a subscriber who never ordered matches none of them. All conditions must hold.

export const AUTOSHIP_CONDITIONS = ["any", "active", "cancelled"] as const;
export const SPECIES_CONDITIONS = ["any", "dog", "cat"] as const;
export const LAST_ORDER_CONDITIONS = ["any", "older", "newer"] as const;

export const AUTOSHIP_LABELS: Record<(typeof AUTOSHIP_CONDITIONS)[number], string> = {
  any: "Any",
  active: "Has an active Autoship",
  cancelled: "Cancelled an Autoship in the last … days",
};
export const SPECIES_LABELS: Record<(typeof SPECIES_CONDITIONS)[number], string> = { any: "Any", dog: "Bought for a dog", cat: "Bought for a cat" };
export const LAST_ORDER_LABELS: Record<(typeof LAST_ORDER_CONDITIONS)[number], string> = {
  any: "Any",
  older: "Last order more than … days ago",
  newer: "Last order within the last … days",
};

/** The longest look back a day count may ask for (ten years). */
export const MAX_SEGMENT_DAYS = 3650;

export type Segment = {
  site: SiteId;
  topic: Topic;
  autoship: (typeof AUTOSHIP_CONDITIONS)[number];
  /** With autoship "cancelled": the cancellation within this many days. */
  autoshipDays: number | null;
  species: (typeof SPECIES_CONDITIONS)[number];
  lastOrder: (typeof LAST_ORDER_CONDITIONS)[number];
  lastOrderDays: number | null;
  /** Lifetime spend at least this (paid orders, refunds not taken off); null: any. */
  minSpendCents: number | null;
  /** The staff site's account group (SAP_CustomerAccountGroup); null: any. */
  accountGroup: string | null;
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const days = (field: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    z.coerce
      .number(`Enter the ${field} as a number of days`)
      .int(`Enter the ${field} as a whole number of days`)
      .min(1, `Enter at least 1 day for the ${field}`)
      .max(MAX_SEGMENT_DAYS, `Enter at most ${MAX_SEGMENT_DAYS} days for the ${field}`)
      .nullable(),
  );

const segmentShape = z.object({
  site: z.enum(["d2c", "hpsf"], "Choose a site"),
  topic: z.enum(Object.keys(TOPIC_LABELS) as [Topic, ...Topic[]], "Choose a topic"),
  autoship: z.preprocess((v) => (blank(v) ? "any" : v), z.enum(AUTOSHIP_CONDITIONS, "Choose an Autoship condition")),
  autoshipDays: days("Autoship cancellation's age"),
  species: z.preprocess((v) => (blank(v) ? "any" : v), z.enum(SPECIES_CONDITIONS, "Choose dog, cat or any")),
  lastOrder: z.preprocess((v) => (blank(v) ? "any" : v), z.enum(LAST_ORDER_CONDITIONS, "Choose a last-order condition")),
  lastOrderDays: days("last order's age"),
  minSpend: z.preprocess(
    (v) => (blank(v) ? null : typeof v === "string" ? v.trim().replace(/^\$/, "") : v),
    z.coerce.number("Enter the lifetime spend in dollars, e.g. 150").min(0, "Enter 0 or more").max(1_000_000, "Enter at most 1000000").nullable(),
  ),
  accountGroup: z.preprocess(
    (v) => (blank(v) ? null : typeof v === "string" ? v.trim() : v),
    z.string().max(40, "Keep the account group under 40 characters").nullable(),
  ),
});

export type SegmentParse = { ok: true; segment: Segment } | { ok: false; errors: Record<string, string> };

/**
 * The console's segment form (or a stored segment): every field checked, every error named by its
 * field. A day count is asked for exactly when its condition needs one; the topic must be one the
 * site offers; the account group is the staff site's.
 */
export function parseSegment(raw: Record<string, unknown>): SegmentParse {
  const input = { ...raw, minSpend: raw.minSpend ?? (typeof raw.minSpendCents === "number" ? raw.minSpendCents / 100 : undefined) };
  const parsed = segmentShape.safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "segment");
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const s = parsed.data;
  if (!topicsOf(s.site).includes(s.topic)) errors.topic = `Choose a topic the ${s.site === "hpsf" ? "staff" : "shop"} site offers`;
  if (s.autoship === "cancelled" && s.autoshipDays === null) errors.autoshipDays = "Enter how many days back a cancellation counts";
  if (s.lastOrder !== "any" && s.lastOrderDays === null) errors.lastOrderDays = "Enter the last order's age in days";
  if (s.accountGroup !== null && s.site !== "hpsf") errors.accountGroup = "Account groups are the staff site's: choose the staff site or leave this empty";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    segment: {
      site: s.site,
      topic: s.topic,
      autoship: s.autoship,
      autoshipDays: s.autoship === "cancelled" ? s.autoshipDays : null,
      species: s.species,
      lastOrder: s.lastOrder,
      lastOrderDays: s.lastOrder === "any" ? null : s.lastOrderDays,
      minSpendCents: s.minSpend === null || s.minSpend === 0 ? null : Math.round(s.minSpend * 100),
      accountGroup: s.accountGroup,
    },
  };
}

/** The topic's whole list on a site: no shop-data condition. */
export const wholeList = (site: SiteId, topic: Topic): Segment => ({
  site,
  topic,
  autoship: "any",
  autoshipDays: null,
  species: "any",
  lastOrder: "any",
  lastOrderDays: null,
  minSpendCents: null,
  accountGroup: null,
});

/** Whether the segment asks anything of shop data (else it is the topic's whole list on the site). */
export const narrowsByShopData = (s: Segment): boolean =>
  s.autoship !== "any" || s.species !== "any" || s.lastOrder !== "any" || s.minSpendCents !== null || s.accountGroup !== null;

/** The instant `days` before `now` (the day counts' cut-off). */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

/** The segment in words, for the console's lists and the audit log. */
export function describeSegment(s: Segment): string {
  const parts = [`${s.site === "hpsf" ? "Staff site" : "Shop"} · ${TOPIC_LABELS[s.topic]}`];
  if (s.autoship === "active") parts.push("active Autoship");
  if (s.autoship === "cancelled") parts.push(`cancelled an Autoship in the last ${s.autoshipDays} days`);
  if (s.species !== "any") parts.push(`bought for a ${s.species}`);
  if (s.lastOrder === "older") parts.push(`last order over ${s.lastOrderDays} days ago`);
  if (s.lastOrder === "newer") parts.push(`ordered in the last ${s.lastOrderDays} days`);
  if (s.minSpendCents !== null) parts.push(`spent at least $${(s.minSpendCents / 100).toFixed(2)}`);
  if (s.accountGroup !== null) parts.push(`account group ${s.accountGroup}`);
  return parts.join(" · ");
}

/** The segment as the form shows it (strings). */
export function segmentFormValues(s: Segment): Record<string, string> {
  return {
    site: s.site,
    topic: s.topic,
    autoship: s.autoship,
    autoshipDays: s.autoshipDays === null ? "" : String(s.autoshipDays),
    species: s.species,
    lastOrder: s.lastOrder,
    lastOrderDays: s.lastOrderDays === null ? "" : String(s.lastOrderDays),
    minSpend: s.minSpendCents === null ? "" : (s.minSpendCents / 100).toFixed(2),
    accountGroup: s.accountGroup ?? "",
  };
}
