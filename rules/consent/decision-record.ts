import { z } from "zod";
import { CONSENT_RETENTION_MONTHS, isAnonymousId } from "./categories-and-cookie";

// The proof-of-consent call (POST /api/consent) and its retention: the body's schema, the address
// cut to its network, the purge cut-off. Imported by the server only.

/** The body of POST /api/consent. */
export const consentRecordInput = z.strictObject({
  anonymousId: z.string().refine(isAnonymousId, "must be the privacy manager's anonymous id"),
  revision: z.number().int().min(1).max(999_999),
  categories: z.strictObject({
    required: z.literal(true, "must be true"),
    functional: z.boolean(),
    advertising: z.boolean(),
  }),
  decidedAt: z.iso.datetime({ offset: true, error: "must be an ISO date-time" }),
  source: z.enum(["banner", "dialog"], "must be banner or dialog"),
});

export type ConsentRecordInput = z.infer<typeof consentRecordInput>;

/** Bodies above this are refused (413) before they are read. */
export const CONSENT_BODY_BYTES = 2048;

/**
 * The client's address without its host part: IPv4 to its /24 ("203.0.113.0"), IPv6 to its /48
 * ("2001:db8:1::"). Enough to see a flood come from one network, not to find a household.
 */
export function truncateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (!ip.includes(":")) return null;
  const [head] = ip.split("::");
  const groups = head.split(":").filter(Boolean);
  const kept = [...groups, "0", "0", "0"].slice(0, 3).map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
  if (!kept.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${kept.join(":")}::`;
}

/** Rows recorded before this instant are older than the retention period and purged. */
export function consentPurgeBefore(now: Date, months = CONSENT_RETENTION_MONTHS): Date {
  const cut = new Date(now.getTime());
  const day = cut.getUTCDate();
  cut.setUTCDate(1);
  cut.setUTCMonth(cut.getUTCMonth() - months);
  // The same day of the month, or the month's last day when it is shorter (31 March → 28/29 February).
  const lastDay = new Date(Date.UTC(cut.getUTCFullYear(), cut.getUTCMonth() + 1, 0)).getUTCDate();
  cut.setUTCDate(Math.min(day, lastDay));
  return cut;
}

/** A browser's claimed decision time, kept only when near the server's clock; otherwise the server's. */
export function plausibleDecisionTime(claimed: string, now: Date): Date {
  const at = new Date(claimed);
  const skewMs = 24 * 60 * 60 * 1000;
  return Math.abs(at.getTime() - now.getTime()) <= skewMs ? at : now;
}
