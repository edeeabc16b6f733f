import { hmac } from "../../crypto/sign";
import { setCookie } from "../../../rules/shared/cookies";

// The order-management cookie of SPEC §9 (og_auth): "{customerId}|{hash}|{base64}", the two proofs
// being the /api/crypto values (HMAC-SHA256 of the customer id under the session secret). Secure,
// two hours; created once when absent (SPEC §4 customer load) and replaced when it names someone else.

export const OG_AUTH_COOKIE = "og_auth";
export const OG_AUTH_MAX_AGE_S = 7200;

/** The /api/crypto answer: the customer id's HMAC as hex and as base64. */
export function customerProof(secret: string, customerId: string): { hash: string; base64: string } {
  const digest = hmac(secret, customerId);
  return { hash: digest.toString("hex"), base64: digest.toString("base64") };
}

export function ogAuthValue(secret: string, customerId: string): string {
  const { hash, base64 } = customerProof(secret, customerId);
  return `${customerId}|${hash}|${base64}`;
}

/** Whether a present og_auth cookie already names this customer (else it is set again). */
export function ogAuthNames(value: string | null | undefined, customerId: string): boolean {
  return Boolean(value) && value!.split("|")[0] === customerId;
}

/** Not httpOnly: the order-management script in the page reads it (SPEC §9). */
export function ogAuthCookie(secret: string, customerId: string): string {
  // Raw: the page script reads "{id}|{hex}|{base64}" as it is (all cookie-safe characters).
  return setCookie(OG_AUTH_COOKIE, ogAuthValue(secret, customerId), { maxAgeSeconds: OG_AUTH_MAX_AGE_S, secure: true, raw: true });
}

/** Sign-out removes it (SPEC §4 "logout clears cookies"); same name, path and flags as when set. */
export function clearOgAuthCookie(): string {
  return `${OG_AUTH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; Secure`;
}
