// The session cookie (SPEC §9 "sessionToken"): httpOnly so page scripts cannot read it, SameSite=Lax
// so other sites' forms and scripts do not carry it, Secure when the request came over https.

export const SESSION_COOKIE = "sessionToken";
export const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_COOKIE_MAX_AGE_S}${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export const isHttps = (request: Request) => new URL(request.url).protocol === "https:";
