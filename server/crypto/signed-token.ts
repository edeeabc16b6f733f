import { errors, jwtVerify, SignJWT } from "jose";
import type { z } from "zod";
import { hmac } from "./sign";

// The one way the shop signs a token it hands out (a multipass checkout link, a price guard mail's
// answer link, a content preview link, the identity JWT): a compact JWT, HS256, made by jose.
// Each kind names its purpose as the audience and is signed under a key derived from the app's
// secret for that purpose alone, so a token made for one purpose never verifies for another. The
// expiry is the JWT's `exp` (whole seconds: a token is expired from that second on); the payload is
// checked against the kind's zod schema, so a reader gets typed claims or a refusal.

export type TokenRefusal = "malformed" | "tampered" | "expired";
export type TokenCheck<T> = { ok: true; claims: T; expiresAt: Date } | { ok: false; reason: TokenRefusal };

const ISSUER = "kibble";
/** header.payload.signature; an HS256 signature is 32 bytes, 43 base64url characters. */
const COMPACT = /^[\w-]+\.[\w-]+\.[\w-]{43}$/;
/**
 * The last character of 32 bytes in base64url carries 4 bits and 2 zero bits. A decoder ignores
 * those 2 bits, so without this check 4 spellings of one signature would verify: changing any
 * character of a token must make it "tampered".
 */
const CANONICAL_LAST = /[AEIMQUYcgkosw048]$/;

/** A kind of signed token: its purpose (the audience) and the claims it carries. */
export function signedToken<S extends z.ZodType<Record<string, unknown>>>(purpose: string, claims: S) {
  const keyOf = (secret: string) => new Uint8Array(hmac(secret, `signed-token:${purpose}`));
  return {
    /** The token, and when it expires (`expiresAt` to the whole second below). */
    async sign(secret: string, payload: z.infer<S>, expiresAt: Date, issuedAt = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      const token = await new SignJWT(payload)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(ISSUER)
        .setAudience(purpose)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(keyOf(secret));
      return { token, expiresAt: new Date(exp * 1000) };
    },

    /** The token's claims when the shop signed it for this purpose and it has not expired (never throws). */
    async read(secret: string, token: string | null | undefined, now: Date): Promise<TokenCheck<z.infer<S>>> {
      if (!token || !COMPACT.test(token)) return { ok: false, reason: "malformed" };
      if (!CANONICAL_LAST.test(token)) return { ok: false, reason: "tampered" };
      try {
        const { payload } = await jwtVerify(token, keyOf(secret), {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: purpose,
          requiredClaims: ["exp"],
          currentDate: now,
        });
        const parsed = claims.safeParse(payload);
        return parsed.success ? { ok: true, claims: parsed.data, expiresAt: new Date(payload.exp! * 1000) } : { ok: false, reason: "malformed" };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
        // A signature that does not verify: altered, made with another key, or for another purpose.
        if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWTClaimValidationFailed)
          return { ok: false, reason: "tampered" };
        return { ok: false, reason: "malformed" };
      }
    },
  };
}
