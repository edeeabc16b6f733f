import { clearCookie, setCookie } from "../../../rules/shared/cookies";

// The session cookie (SPEC §9 "sessionToken"): httpOnly so page scripts cannot read it, SameSite=Lax
// so other sites' forms and scripts do not carry it, Secure when the request came over https.

export const SESSION_COOKIE = "sessionToken";
export const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

export function sessionCookie(token: string, secure: boolean): string {
  return setCookie(SESSION_COOKIE, token, { maxAgeSeconds: SESSION_COOKIE_MAX_AGE_S, httpOnly: true, secure });
}

export function clearSessionCookie(secure: boolean): string {
  return clearCookie(SESSION_COOKIE, { httpOnly: true, secure });
}

export const isHttps = (request: Request) => new URL(request.url).protocol === "https:";
