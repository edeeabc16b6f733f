import { readCookie, setCookie } from "../shared/cookies";

// Why a shopper was signed out, told on the page they land on (SPEC §4 inactivity: "End the session
// marks the user logged out for inactivity"). The sign-out answer sets a short-lived cookie naming
// the reason (app/features/account/session.server.ts signOutResponse); the root loader reads it into
// the page (app/root.tsx), and the page's script removes it once shown, so a reload or the next
// page does not say it again. A cookie rather than a query parameter: the landing page may be any
// page the shopper was on, and its URL stays theirs.

export const SIGNED_OUT_COOKIE = "signed_out";
/** Long enough for the redirect after the sign-out to land; a stale one says nothing wrong for long. */
export const SIGNED_OUT_COOKIE_SECONDS = 60;

export type SignOutReason = "sign_out" | "inactivity";

export const INACTIVITY_SIGN_OUT_MESSAGE = "You were signed out because you were inactive for a while. Sign in again to pick up where you left off.";

/** The Set-Cookie of a sign-out that has something to say (none for one the shopper asked for). */
export function signedOutCookie(reason: SignOutReason, secure: boolean): string | null {
  return reason === "inactivity" ? setCookie(SIGNED_OUT_COOKIE, reason, { maxAgeSeconds: SIGNED_OUT_COOKIE_SECONDS, secure }) : null;
}

/** What the landing page says about the sign-out, from its Cookie header; null: nothing. */
export function signOutNotice(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, SIGNED_OUT_COOKIE) === "inactivity" ? INACTIVITY_SIGN_OUT_MESSAGE : null;
}

/**
 * The cookie's removal, as the browser writes it to document.cookie once the notice is shown. Written
 * out, so every page's script does not carry the cookie library for it; the test holds it to what
 * the library writes (rules/shared/cookies.ts clearCookie).
 */
export const SIGNED_OUT_COOKIE_REMOVAL = "signed_out=; Max-Age=0; Path=/; SameSite=Lax";
