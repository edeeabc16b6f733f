import { createHmac, timingSafeEqual } from "node:crypto";

// The one HMAC-SHA256 helper of the server (node:crypto, ARCHITECTURE §2), for the values that are
// cookies, not links: the guest receipt cookie, the /api/crypto proofs behind og_auth (their format
// is SPEC §9's) and the site-password unlock cookie; it also derives each signed token's key
// (./signed-token.ts, where every signed link is made). One key may sign for several purposes:
// `sign` prefixes the purpose ("receipt:…") so a signature made for one is never valid for another.

/** HMAC-SHA256 of `message` under `key`, raw. */
export function hmac(key: string, message: string): Buffer {
  return createHmac("sha256", key).update(message).digest();
}

/** The signature of `message` for `purpose`, base64url (43 characters). */
export function sign(key: string, purpose: string, message: string): string {
  return hmac(key, `${purpose}:${message}`).toString("base64url");
}

/** Whether `signature` is `sign(key, purpose, message)`, compared in constant time. */
export function verifySignature(key: string, purpose: string, message: string, signature: string): boolean {
  return sameBytes(Buffer.from(signature), Buffer.from(sign(key, purpose, message)));
}

/** Constant-time equality; unequal lengths are unequal at once (the length is no secret). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
