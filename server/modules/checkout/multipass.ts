import { z } from "zod";
import { signedToken } from "../../crypto/signed-token";

// The signed checkout URL of SPEC §4/§7 (/api/multipass): a short-lived token naming the customer,
// their e-mail and the cart (server/crypto/signed-token.ts). Anyone changing a character gets
// "tampered"; after 10 minutes "expired".

export const MULTIPASS_TTL_MS = 10 * 60_000;
export const MULTIPASS_PARAM = "multipass";

const multipass = signedToken("multipass", z.object({ customerId: z.string(), email: z.string(), cartId: z.string() }));

export type MultipassClaims = { customerId: string; email: string; cartId: string; expiresAt: Date };
export type MultipassCheck = ({ ok: true } & MultipassClaims) | { ok: false; reason: "malformed" | "tampered" | "expired" };

export async function signMultipass(secret: string, claims: Omit<MultipassClaims, "expiresAt">, now: Date): Promise<{ token: string; expiresAt: Date }> {
  return multipass.sign(secret, claims, new Date(now.getTime() + MULTIPASS_TTL_MS), now);
}

export async function verifyMultipass(secret: string, token: string, now: Date): Promise<MultipassCheck> {
  const check = await multipass.read(secret, token, now);
  return check.ok ? { ok: true, ...check.claims, expiresAt: check.expiresAt } : check;
}

/** The checkout page URL with the token; only same-site paths are accepted (no open redirect). */
export function checkoutUrlWithToken(checkoutPath: string, token: string): string {
  const url = new URL(checkoutPath, "http://shop.invalid");
  url.searchParams.set(MULTIPASS_PARAM, token);
  return `${url.pathname}${url.search}`;
}
