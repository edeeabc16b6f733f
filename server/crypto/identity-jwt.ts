import { jwtVerify, SignJWT } from "jose";
import { hmac } from "./sign";

// The identity provider's JWT (SPEC §7 "Identity and clinic"): a short-lived proof that the browser
// speaks for a signed-in staff member, sent with each clinic call beside the session. HS256 under a
// key derived from SESSION_SECRET for this purpose only; audience and subject are checked.

export const IDENTITY_JWT_AUDIENCE = "pro-staff-feeding:clinic";
const ISSUER = "kibble-identity";
export const IDENTITY_JWT_SECONDS = 5 * 60;

const keyOf = (secret: string) => new Uint8Array(hmac(secret, "identity-jwt-key"));

export async function issueIdentityJwt(secret: string, customerId: string, now = new Date()): Promise<{ jwt: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(customerId)
    .setAudience(IDENTITY_JWT_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + IDENTITY_JWT_SECONDS)
    .sign(keyOf(secret));
  return { jwt, expiresAt: new Date((iat + IDENTITY_JWT_SECONDS) * 1000) };
}

/** Whether the JWT is ours, unexpired, for this audience and for `customerId` (never throws). */
export async function verifyIdentityJwt(secret: string, jwt: string, customerId: string, now = new Date()): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(jwt, keyOf(secret), {
      algorithms: ["HS256"],
      audience: IDENTITY_JWT_AUDIENCE,
      issuer: ISSUER,
      subject: customerId,
      currentDate: now,
    });
    return payload.sub === customerId;
  } catch {
    return false;
  }
}
