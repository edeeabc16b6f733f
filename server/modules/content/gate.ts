import type { Config } from "../../config";
import { gateMode, type GateMode } from "../../../rules/gates";
import { hmac, sameBytes } from "../../crypto/sign";
import { readCookie, setCookie } from "../../../rules/cookies";

// The gated states of SPEC §2 from configuration. The password unlock cookie holds an HMAC keyed by
// the password (never the password itself): it proves the shopper typed it, and changing
// SITE_PASSWORD locks every browser out again.

export const UNLOCK_COOKIE = "site_unlock";
const UNLOCK_MESSAGE = "pet-food-shop:site-unlock:v1";

function digest(password: string): Buffer {
  return hmac(password, UNLOCK_MESSAGE);
}


export function createSiteGate(config: Pick<Config, "gate">) {
  const password = config.gate.password;
  const expected = password ? digest(password) : null;
  return {
    mode(): GateMode {
      return gateMode(config.gate);
    },

    /** Whether a request's cookies carry a valid unlock. */
    isUnlocked(cookieHeader: string | null | undefined): boolean {
      if (!expected) return true;
      const value = readCookie(cookieHeader, UNLOCK_COOKIE);
      if (!value) return false;
      return sameBytes(Buffer.from(value, "base64url"), expected);
    },

    /** The Set-Cookie value for a correct password, or null (compared in constant time). */
    unlock(attempt: string, { secure }: { secure: boolean }): string | null {
      if (!expected) return null;
      if (!sameBytes(digest(attempt), expected)) return null;
      // 30 days; Secure whenever the request came over HTTPS.
      return setCookie(UNLOCK_COOKIE, expected.toString("base64url"), { maxAgeSeconds: 2592000, httpOnly: true, secure });
    },
  };
}

export type SiteGate = ReturnType<typeof createSiteGate>;
