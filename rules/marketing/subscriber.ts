import { z } from "zod";
import type { SiteId } from "../shared/site";
import { EMAIL_MARKETING_PARAMS } from "../donations/widget";

// The marketing list's subscriber (server/modules/marketing): its one state type, the moves between
// states, the topics a site offers and the inputs that create or change a subscription. Pure: the
// module applies these under a row lock.
//
//   (none) ──request──► pending ──confirm──► subscribed ──unsubscribe──► unsubscribed
//                          ▲ (mail again after RESEND_AFTER_MS)               │
//                          └──────────────────── request ◄────────────────────┘
//   any state ──suppress──► suppressed (a hard bounce, a complaint, an operator): final
//
// Only `subscribed` rows receive marketing (double opt-in); a pause keeps the state and holds mail.

export const SUBSCRIBER_STATES = ["pending", "subscribed", "unsubscribed", "suppressed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Where a subscription came from: the registration box, checkout's "Email me", the footer form, an operator. */
export const SUBSCRIPTION_SOURCES = ["registration", "checkout", "footer", "console"] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

export const SUPPRESSION_REASONS = ["hard_bounce", "complaint", "operator"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The shop's topics; the staff site mails its members only about the program. */
export const TOPICS = ["offers", "new_products", "autoship_tips", "donation_news", "program_news"] as const;
export type Topic = (typeof TOPICS)[number];

export const TOPIC_LABELS: Record<Topic, string> = {
  offers: "Offers",
  new_products: "New products",
  autoship_tips: "Autoship tips",
  donation_news: "Donation news",
  program_news: "Program news",
};

const SITE_TOPICS: Record<SiteId, readonly Topic[]> = {
  d2c: ["offers", "new_products", "autoship_tips", "donation_news"],
  hpsf: ["program_news"],
};

export const topicsOf = (site: SiteId): readonly Topic[] => SITE_TOPICS[site];

/** The site's topics among those chosen, in the site's order (the preference centre: none is allowed). */
export const keptTopics = (site: SiteId, chosen: readonly string[]): Topic[] => SITE_TOPICS[site].filter((t) => chosen.includes(t));

/** A sign-up's topics: those chosen that the site offers; none of them → all the site offers. */
export function signUpTopics(site: SiteId, chosen: readonly string[] | undefined): Topic[] {
  const kept = keptTopics(site, chosen ?? []);
  return kept.length ? kept : [...SITE_TOPICS[site]];
}

/** The consent text's version a subscriber agreed to; raised when the sign-up wording changes. */
export const MARKETING_POLICY_VERSION = "2026-11";

/** A pending subscriber who asks again is mailed again after this long (not at every click). */
export const RESEND_AFTER_MS = 60 * 60_000;
/** A confirmation link works a week, once. */
export const CONFIRM_VALID_MS = 7 * 24 * 60 * 60_000;
/** An unsubscribe or preference-centre link keeps working this long after its mail (RFC 8058 links must outlive the mail's stay in an inbox). */
export const PREFERENCES_LINK_VALID_MS = 400 * 24 * 60 * 60_000;
/** The pauses the preference centre offers, in days. */
export const PAUSE_DAYS = [30, 60, 90] as const;

// ---------------------------------------------------------------------------------------------
// Transitions: one function per move; a refusal names why.

export type Move = { ok: true; state: SubscriberState; mail: boolean } | { ok: false; code: "NOT_ALLOWED"; message: string };

const refuse = (message: string): Move => ({ ok: false, code: "NOT_ALLOWED", message });

/**
 * A subscription asked for (any source). A new or unsubscribed address becomes pending and gets a
 * confirmation mail; a pending one is mailed again once RESEND_AFTER_MS has passed since the last;
 * a subscribed one stays; a suppressed one stays suppressed and is never mailed.
 */
export function request(from: SubscriberState | null, lastMailedAt: Date | null, now: Date): Move {
  if (from === null || from === "unsubscribed") return { ok: true, state: "pending", mail: true };
  if (from === "pending") return { ok: true, state: "pending", mail: !lastMailedAt || now.getTime() - lastMailedAt.getTime() >= RESEND_AFTER_MS };
  if (from === "subscribed") return { ok: true, state: "subscribed", mail: false };
  return refuse("This address does not receive our mails.");
}

/** The confirmation link followed: pending → subscribed (a second use finds it subscribed and changes nothing). */
export function confirm(from: SubscriberState): Move {
  if (from === "pending") return { ok: true, state: "subscribed", mail: true };
  if (from === "subscribed") return { ok: true, state: "subscribed", mail: false };
  return refuse("This confirmation link no longer works.");
}

/** One-click or the preference centre: takes effect at once; already unsubscribed or suppressed stays so. */
export function unsubscribe(from: SubscriberState): Move {
  if (from === "pending" || from === "subscribed") return { ok: true, state: "unsubscribed", mail: false };
  return { ok: true, state: from, mail: false };
}

/** A hard bounce, a complaint or an operator: from any state, for good. */
export const suppress = () => ({ ok: true, state: "suppressed", mail: false }) as const satisfies Move;

/** Topics and pauses are a subscriber's own to change while on the list. */
export function changePreferences(from: SubscriberState): Move {
  if (from === "pending" || from === "subscribed") return { ok: true, state: from, mail: false };
  return refuse(from === "suppressed" ? "This address does not receive our mails." : "You are unsubscribed: sign up again to choose topics.");
}

/** Whether a subscriber receives a marketing mail about a topic now. */
export function receivesMarketing(s: { state: SubscriberState; topics: readonly string[]; pausedUntil: Date | null }, topic: Topic, now: Date): boolean {
  return s.state === "subscribed" && s.topics.includes(topic) && (s.pausedUntil === null || s.pausedUntil <= now);
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** The same address however it was typed: trimmed and lower-cased (the list's unique key with the site). */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

const address = z
  .string({ error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address")
  .max(254, "This email address is too long")
  .pipe(z.email("Enter a valid email address"));

const marketingParam = z.string().trim().max(500, "Keep it under 500 characters").optional();

/** Topics from a form (one value or several) or JSON (an array). */
const topicList = z
  .union([z.array(z.enum(TOPICS)).max(TOPICS.length), z.enum(TOPICS)], "Choose among our topics")
  .optional()
  .transform((t) => (t === undefined ? undefined : Array.isArray(t) ? t : [t]));

/** The footer form and POST /api/marketing/subscribe: an address, topics (none: all) and SPEC §4's e-mail-marketing URL parameters. */
export const signUpSchema = z.object({
  email: address,
  topics: topicList,
  _kx: marketingParam,
  variation: marketingParam,
  utm_content: marketingParam,
  utm_campaign: marketingParam,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The e-mail-marketing parameters present, kept with the subscriber (SPEC §4 keeps them as integration info). */
export function marketingParamsOf(input: Partial<Record<(typeof EMAIL_MARKETING_PARAMS)[number], string | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of EMAIL_MARKETING_PARAMS) {
    const v = input[name];
    if (v) kept[name] = v;
  }
  return kept;
}

/** The preference centre's form: the topics kept, an optional pause, or leaving the list. */
export const preferencesSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("topics"),
      topics: topicList.transform((t) => t ?? []),
    }),
    z.object({ intent: z.literal("pause"), days: z.coerce.number("Choose 30, 60 or 90 days").pipe(z.literal(PAUSE_DAYS, "Choose 30, 60 or 90 days")) }),
    z.object({ intent: z.literal("resume") }),
    z.object({ intent: z.literal("unsubscribe") }),
  ],
  "Choose what to change",
);
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** RFC 8058: the one-click POST carries exactly this form field and value. */
export const ONE_CLICK_FIELD = "List-Unsubscribe";
export const ONE_CLICK_VALUE = "One-Click";
