import { sign, verifySignature } from "../../crypto/sign";

// The signed checkout URL of SPEC §4/§7 (/api/multipass): a short-lived token naming the customer,
// their e-mail and the cart, HMAC-SHA256 signed with the session secret (domain-separated from the
// other uses of that key). Anyone changing a character gets "tampered"; after 10 minutes "expired".

export const MULTIPASS_TTL_MS = 10 * 60_000;
export const MULTIPASS_PARAM = "multipass";

export type MultipassClaims = { customerId: string; email: string; cartId: string; expiresAt: number };
export type MultipassCheck = ({ ok: true } & MultipassClaims) | { ok: false; reason: "malformed" | "tampered" | "expired" };

export function signMultipass(secret: string, claims: Omit<MultipassClaims, "expiresAt">, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = now.getTime() + MULTIPASS_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ c: claims.customerId, e: claims.email, k: claims.cartId, x: expiresAt })).toString("base64url");
  return { token: `${payload}.${sign(secret, "multipass", payload)}`, expiresAt: new Date(expiresAt) };
}

export function verifyMultipass(secret: string, token: string, now: Date): MultipassCheck {
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: "malformed" };
  if (!verifySignature(secret, "multipass", m[1], m[2])) return { ok: false, reason: "tampered" };
  let claims: { c?: unknown; e?: unknown; k?: unknown; x?: unknown };
  try {
    claims = JSON.parse(Buffer.from(m[1], "base64url").toString());
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof claims.c !== "string" || typeof claims.e !== "string" || typeof claims.k !== "string" || typeof claims.x !== "number")
    return { ok: false, reason: "malformed" };
  if (now.getTime() >= claims.x) return { ok: false, reason: "expired" };
  return { ok: true, customerId: claims.c, email: claims.e, cartId: claims.k, expiresAt: claims.x };
}

/** The checkout page URL with the token; only same-site paths are accepted (no open redirect). */
export function checkoutUrlWithToken(checkoutPath: string, token: string): string {
  const url = new URL(checkoutPath, "http://shop.invalid");
  url.searchParams.set(MULTIPASS_PARAM, token);
  return `${url.pathname}${url.search}`;
}
