import { HOTP, Secret, TOTP } from "otpauth";

// Time-based one-time passwords (RFC 6238, as authenticator apps make them), by the otpauth library
// (node:crypto underneath): HMAC-SHA1 over the 30-second step, 6 digits. A code is accepted for the
// step before, this one and the next (clocks drift), and only for a step later than the last one
// accepted, so a code is good once.

const STEP_SECONDS = 30;
const DIGITS = 6;

/** A new secret: 160 random bits, base32 (what authenticator apps take). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const stepAt = (now: Date) => TOTP.counter({ period: STEP_SECONDS, timestamp: now.getTime() });

/** The step `code` is good for (now ±1 step, later than `lastStep`), or null. */
export function acceptedStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const current = stepAt(now);
  const delta = HOTP.validate({ token, secret: Secret.fromBase32(secret), digits: DIGITS, counter: current, window: 1 });
  if (delta === null) return null;
  const step = current + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The enrolment link authenticator apps read (as a QR code, or typed in with the secret). */
export const otpauthUri = (issuer: string, account: string, secret: string) =>
  new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: DIGITS, period: STEP_SECONDS }).toString();
