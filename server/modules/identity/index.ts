// The identity module's one door: everything outside server/modules/identity/ imports from here.
export { eraseIdentity, erasedEmail, isErasedEmail, lockCustomer } from "./erasure";
export type { IdentityErasure } from "./erasure";
export { hashPassword, verifyPassword } from "./password";
export { RESET_VALID_MS } from "./password-reset";
export type { Failure } from "./results";
export {
  ADDRESS_LIMIT_MESSAGE,
  MAX_ADDRESSES_PER_CUSTOMER,
  MAX_METAFIELDS_PER_CUSTOMER,
  METAFIELD_LIMIT_MESSAGE,
  RATE_LIMITS,
  addressBookOf,
  createIdentityService,
  savedAddressOf,
  sessionIdleMs,
} from "./service";
export type { CustomerSummary, IdentityService, SessionInfo, SignedIn, StaffProfile } from "./service";
export { SESSION_COOKIE, clearSessionCookie, isHttps, sessionCookie } from "./session-cookie";
export { hashToken, looksLikeToken, newToken } from "./tokens";
export { PERSISTED_CART } from "./view";
export type { AddressView } from "./view";
export { customersOfAccountGroup, emailsOfCustomers } from "./segment-reads";
