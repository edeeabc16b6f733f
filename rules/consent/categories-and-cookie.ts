// The shopper's cookie choices (SPEC §3 consent state, §4 Consent): what the consent cookie holds,
// when a kept choice still counts, and the moves of one registered script.
// Pure: used by the browser's consent logic, the privacy manager, the server's proof-of-consent API
// and the browser tests' default fixture alike.

/** The cookie that keeps the choice (first-party, readable by the page: the privacy manager is ours). */
export const CONSENT_COOKIE = "kc_consent";

/**
 * The policy revision the shopper agreed to. Raise it when the cookie policy changes in a way the
 * shopper must see: a cookie of an older revision no longer counts, and the banner asks again.
 */
export const CONSENT_REVISION = 1;

/** How long the browser keeps the choice: 13 months, as long as its proof is kept on the server. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 395 * 24 * 60 * 60;

/** Proof of consent is kept this many months, then purged. */
export const CONSENT_RETENTION_MONTHS = 13;

/** SPEC §9: the consent logic asks the privacy manager this often until it exists. */
export const CONSENT_POLL_MS = 250;

/** SPEC §4: a "preferences submitted" message refreshes the consent check with this time-to-live. */
export const CONSENT_REFRESH_TTL_MS = 1000;

/** The window message the privacy manager posts when the shopper saves a choice. */
export const PREFERENCES_SUBMITTED = "preferences submitted";

export type ConsentCategory = "required" | "functional" | "advertising";

/** SPEC §3 consent state: all false until the shopper decides (required is on once decided). */
export type ConsentState = { required: boolean; functional: boolean; advertising: boolean };

export const UNDECIDED: ConsentState = { required: false, functional: false, advertising: false };

/** A decision as kept in the cookie. */
export type ConsentRecord = {
  revision: number;
  functional: boolean;
  advertising: boolean;
  /** Random, made in the browser: ties the proof of consent rows of one browser together. */
  anonymousId: string;
  /** Unix seconds of the decision. */
  decidedAt: number;
};

export type ConsentSource = "banner" | "dialog";

const ANON_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function isAnonymousId(value: string): boolean {
  return ANON_ID.test(value);
}

/** Cookie-safe without escaping: `1.1.0.<anonymousId>.<decidedAt>` (revision, functional, advertising, id, time). */
export function encodeConsentCookie(record: ConsentRecord): string {
  return [record.revision, record.functional ? 1 : 0, record.advertising ? 1 : 0, record.anonymousId, Math.floor(record.decidedAt)].join(".");
}

/** The kept decision, or null for a missing or malformed value (treated as "never decided"). */
export function decodeConsentCookie(value: string | null | undefined): ConsentRecord | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 5) return null;
  const [rev, f, a, id, at] = parts;
  if (!/^\d{1,6}$/.test(rev) || !/^[01]$/.test(f) || !/^[01]$/.test(a) || !isAnonymousId(id) || !/^\d{1,12}$/.test(at)) {
    return null;
  }
  return { revision: Number(rev), functional: f === "1", advertising: a === "1", anonymousId: id, decidedAt: Number(at) };
}

/** The optional categories of one decision, each off until the shopper turns it on. */
export type ConsentChoice = { functional: boolean; advertising: boolean };

/** The banner's two one-press answers: everything optional on, or everything off. */
export function bannerChoice(answer: "accept" | "reject"): ConsentChoice {
  const on = answer === "accept";
  return { functional: on, advertising: on };
}

/** A browser's anonymous id from 16 random bytes (base64url, no padding). */
export function anonymousIdFrom(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A decision made now, by the privacy manager in the browser or by the banner's form on the server
 * (before or without the page's script). One browser keeps its anonymous id across decisions and
 * policy revisions; `newId` makes one for a first decision.
 */
export function decideConsent(choice: ConsentChoice, earlierCookie: string | null | undefined, now: Date, newId: () => string): ConsentRecord {
  return {
    revision: CONSENT_REVISION,
    functional: choice.functional,
    advertising: choice.advertising,
    anonymousId: decodeConsentCookie(earlierCookie)?.anonymousId ?? newId(),
    decidedAt: Math.floor(now.getTime() / 1000),
  };
}

/** The cookie that keeps a decision, as `document.cookie` takes it and as a Set-Cookie header says it. */
export function consentCookie(record: ConsentRecord, secure: boolean): string {
  return `${CONSENT_COOKIE}=${encodeConsentCookie(record)}; Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The proof of consent of one decision: the body of POST /api/consent, and what the server keeps. */
export function proofOfConsent(record: ConsentRecord, source: ConsentSource) {
  return {
    anonymousId: record.anonymousId,
    revision: record.revision,
    categories: { required: true as const, functional: record.functional, advertising: record.advertising },
    decidedAt: new Date(record.decidedAt * 1000).toISOString(),
    source,
  };
}

/** The decision that still counts under the current policy, or null: the banner must ask (again). */
export function currentDecision(value: string | null | undefined, revision = CONSENT_REVISION): ConsentRecord | null {
  const record = decodeConsentCookie(value);
  return record && record.revision === revision ? record : null;
}

/**
 * Whether a request's Cookie header carries a decision that still counts. The server renders the
 * banner into the page when it does not (so the banner paints with the page, not after its script),
 * and the guest page cache keys on this answer: a decided shopper never gets a kept page with the
 * banner, an undecided one never a page without it.
 */
export function consentDecidedIn(cookieHeader: string | null | undefined): boolean {
  return currentDecision(cookieValue(cookieHeader ?? "", CONSENT_COOKIE)) !== null;
}

/** The state the privacy manager's getConsent() answers for a kept decision (or none). */
export function consentStateOf(record: ConsentRecord | null): ConsentState {
  if (!record) return { ...UNDECIDED };
  return { required: true, functional: record.functional, advertising: record.advertising };
}

/** One cookie's raw value from `document.cookie` (no URI decoding: the consent value needs none). */
export function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The names of the cookies in a `document.cookie` string that start with one of the prefixes. */
export function cookiesMatching(cookieHeader: string, prefixes: readonly string[]): string[] {
  const names: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && prefixes.some((p) => name.startsWith(p))) names.push(name);
  }
  return names;
}

// ---- one registered script (SPEC §3 consent script entry) ----

export type ScriptStatus = "pending" | "loaded" | "removed";

/** What the registry does to one script when the consent for its category is (re)decided. */
export type ScriptStep = "load" | "approve" | "deny" | "remove" | "none";

/**
 * The moves of SPEC §4 for a script of status `status` when its category is granted or not:
 * granted → a script not yet loaded loads (and its approved callback runs), a loaded one stays;
 * refused → a loaded removeOnDecline script is removed from the page, any other is marked removed
 * (its denied callback runs); an already-removed script that is still refused does nothing.
 */
export function scriptStep(status: ScriptStatus, granted: boolean, removeOnDecline: boolean): ScriptStep {
  if (granted) return status === "loaded" ? "none" : "load";
  if (status === "removed") return "none";
  return status === "loaded" && removeOnDecline ? "remove" : "deny";
}

// ---- Google Consent Mode v2 ----

export type GoogleConsentSignals = {
  ad_storage: "granted" | "denied";
  analytics_storage: "granted" | "denied";
  ad_user_data: "granted" | "denied";
  ad_personalization: "granted" | "denied";
};

/** Consent Mode v2 signals for the advertising ("Advertising and analytics") choice. */
export function googleConsentSignals(advertising: boolean): GoogleConsentSignals {
  const v = advertising ? "granted" : "denied";
  return { ad_storage: v, analytics_storage: v, ad_user_data: v, ad_personalization: v };
}

/** The default GTM loader URL; `GTM_SCRIPT_URL` may replace it (a first-party proxy, or tests). */
export const DEFAULT_GTM_SCRIPT_URL = "https://www.googletagmanager.com/gtm.js";

/** The GTM script's URL for a container id (`?id=GTM-…` appended to the configured loader URL). */
export function gtmScriptUrl(containerId: string, base = DEFAULT_GTM_SCRIPT_URL): string {
  const url = new URL(base);
  url.searchParams.set("id", containerId);
  return url.toString();
}

/** GTM container ids look like GTM-XXXXXXX. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
