import type { SiteId } from "../shared/site";

// The marketing list's subscriber (server/modules/marketing): its one state type, the moves between
// states and the topics a site offers (the inputs are sign-up-input.ts and preferences-input.ts).
// Pure and free of zod, so pages can show topics without loading a schema; the module applies the
// moves under a row lock.
//
//   (none) ──request──► pending ──confirm──► subscribed ──unsubscribe──► unsubscribed
//                          ▲ (mail again after RESEND_AFTER_MS)               │
//                          └──────────────────── request ◄────────────────────┘
//   any state ──suppress──► suppressed (a hard bounce, a complaint, an operator): final
//
// Only `subscribed` rows receive marketing (double opt-in); a pause keeps the state and holds mail.

export const SUBSCRIBER_STATES = ["pending", "subscribed", "unsubscribed", "suppressed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Where a subscription came from: the registration box, checkout's "Email me", the footer form, an operator, a product's "Notify me". */
export const SUBSCRIPTION_SOURCES = ["registration", "checkout", "footer", "console", "back_in_stock"] as const;
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
 * a subscribed one stays; a suppressed one stays suppressed and is never mailed. Checkout's box is
 * ticked in advance from the account's marketing choice, so it never undoes an unsubscribe: only a
 * sign-up the person makes (footer, registration) or an operator does.
 */
export function request(from: SubscriberState | null, lastMailedAt: Date | null, now: Date, source: SubscriptionSource): Move {
  if (from === "unsubscribed" && source === "checkout") return { ok: true, state: "unsubscribed", mail: false };
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

/** The same address however it was typed: trimmed and lower-cased (the list's unique key with the site). */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();
