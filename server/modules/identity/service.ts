import type { Db } from "../../db/client";
import { createRateLimitService, type RateLimitService } from "../rate-limit";
import { createAccounts } from "./accounts";
import { DEFAULT_SCRYPT, type ScryptParams } from "./password";
import { createPasswordReset } from "./password-reset";
import { createProfile } from "./profile";
import { createSessions } from "./sessions";
import { createStaff } from "./staff";

// Our own identity provider (SPEC §1 "identity provider"), one entry point over its parts:
//   accounts.ts        registration, sign-in, password change
//   sessions.ts        session tokens, idle and absolute expiry, refresh
//   password-reset.ts  single-use reset links
//   profile.ts         profile, address book, metafields
//   staff.ts           the staff-feeding user's role, school and clinic identity data
// Rate limits are their own module (server/modules/rate-limit), shared with contact and checkout;
// contact messages are theirs too (server/modules/contact).

export { SIGN_IN_FAILED, type RegisterResult, type SignInResult } from "./accounts";
export { RESET_VALID_MS } from "./password-reset";
export {
  ADDRESS_LIMIT_MESSAGE,
  addressBookOf,
  MAX_ADDRESSES_PER_CUSTOMER,
  MAX_METAFIELDS_PER_CUSTOMER,
  METAFIELD_LIMIT_MESSAGE,
  savedAddressOf,
} from "./profile";
export { isUuid, type CustomerSummary, type Failure, type SessionInfo, type SignedIn } from "./results";
export type { StaffIdentityData, StaffProfile } from "./staff";
export { SESSION_IDLE_GRACE_MS, SESSION_MAX_MS, sessionIdleMs } from "./sessions";
export { RATE_LIMITS, tooManyAttempts } from "../rate-limit";

export type IdentityOptions = {
  clock?: () => Date;
  scrypt?: ScryptParams;
  /** Server-side session idle timeout (sessionIdleMs of INACTIVITY_SECONDS); default that of 1800 s. */
  sessionIdleMs?: number;
  /** The process's rate limiter; a new one over the same table otherwise. */
  rateLimit?: RateLimitService;
};

export function createIdentityService(db: Db, options: IdentityOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const scrypt = options.scrypt ?? DEFAULT_SCRYPT;
  const rateLimit = options.rateLimit ?? createRateLimitService(db, { clock });
  const sessions = createSessions(db, { clock, idleMs: options.sessionIdleMs });
  const { start: _start, endAll: _endAll, idleMs: _idleMs, ...sessionCalls } = sessions;
  return {
    ...createAccounts(db, { sessions, rateLimit, clock, scrypt }),
    ...sessionCalls,
    ...createPasswordReset(db, { sessions, rateLimit, clock, scrypt }),
    ...createProfile(db, { clock }),
    ...createStaff(db, { clock }),
    /** The card-testing limit lives in the rate-limit module; kept here so checkout's and autoship's calls stay as they are. */
    takeCardAttempt: rateLimit.takeCardAttempt,
    takeSubscriptionCardAttempt: rateLimit.takeSubscriptionCardAttempt,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
