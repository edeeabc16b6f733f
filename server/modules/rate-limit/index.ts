// The rate-limit module's one door: everything outside server/modules/rate-limit/ imports from here.
export { RATE_LIMITS, createRateLimitService, eraseAttemptsOf, limitedAddress, tooManyAttempts } from "./service";
export type { RateLimitService } from "./service";
