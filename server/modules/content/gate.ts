import type { Config } from "../../config";
import { gateMode, type GateMode } from "../../../rules/content/site-gates";
import { hmac, sameBytes } from "../../crypto/sign";
import { readCookie, setCookie } from "../../../rules/shared/cookies";
import type { RateLimitService } from "../rate-limit";

// The gated states of SPEC §2 from configuration. The password unlock cookie holds an HMAC keyed by
// the password (never the password itself): it proves the shopper typed it, and changing
// SITE_PASSWORD locks every browser out again.

export const UNLOCK_COOKIE = "site_unlock";
const UNLOCK_MESSAGE = "pet-food-shop:site-unlock:v1";

function digest(password: string): Buffer {
  return hmac(password, UNLOCK_MESSAGE);
}

/** `rateLimit` counts the password page's tries (RATE_LIMITS.site_password); without it (tests of the cookie alone) `tryUnlock` counts nothing. */
export function createSiteGate(config: Pick<Config, "gate">, rateLimit?: RateLimitService) {
  const password = config.gate.password;
  const expected = password ? digest(password) : null;
  const gate = {
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

    /**
     * The password page's try: counted per client IP (RATE_LIMITS.site_password) before the password
     * is compared, so the shop's password cannot be guessed at the speed of an HMAC.
     */
    async tryUnlock(
      attempt: string,
      p: { secure: boolean; ip: string | null },
    ): Promise<{ ok: true; cookie: string } | { ok: false; code: "WRONG_PASSWORD" | "RATE_LIMITED"; message: string }> {
      const counted = rateLimit ? await rateLimit.take("site_password", "site-password", p.ip) : null;
      if (counted && !counted.ok) return { ok: false, code: "RATE_LIMITED", message: counted.message };
      const cookie = gate.unlock(attempt, { secure: p.secure });
      if (!cookie) return { ok: false, code: "WRONG_PASSWORD", message: "That password is not right. Please try again." };
      // Only wrong passwords count: a shop of colleagues behind one address may all unlock.
      if (counted && rateLimit) await rateLimit.release(counted.ids);
      return { ok: true, cookie };
    },
  };
  return gate;
}

export type SiteGate = ReturnType<typeof createSiteGate>;
