import { z } from "zod";
import { signedToken } from "./signed-token";

// The identity provider's JWT (SPEC §7 "Identity and clinic"): a short-lived proof that the browser
// speaks for a signed-in staff member, sent with each clinic call beside the session. A signed
// token (./signed-token.ts) for this audience, naming the customer as its subject.

const IDENTITY_JWT_AUDIENCE = "pro-staff-feeding:clinic";
const IDENTITY_JWT_SECONDS = 5 * 60;
const identityJwt = signedToken(IDENTITY_JWT_AUDIENCE, z.object({ sub: z.string() }));

export async function issueIdentityJwt(secret: string, customerId: string, now = new Date()): Promise<{ jwt: string; expiresAt: Date }> {
  const { token, expiresAt } = await identityJwt.sign(secret, { sub: customerId }, new Date(now.getTime() + IDENTITY_JWT_SECONDS * 1000), now);
  return { jwt: token, expiresAt };
}

/** Whether the JWT is ours, unexpired, for this audience and for `customerId` (never throws). */
export async function verifyIdentityJwt(secret: string, jwt: string, customerId: string, now = new Date()): Promise<boolean> {
  const read = await identityJwt.read(secret, jwt, now);
  return read.ok && read.claims.sub === customerId;
}
