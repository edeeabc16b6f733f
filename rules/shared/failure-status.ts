// The HTTP status of a typed failure ({ok: false, code, message}), one answer on every surface: the
// JSON API (server/http/*), the page actions of the cart and checkout, and the console's actions.
// A page and the API refusing the same thing for the same reason say so with the same status
// (the page path and the API path are compared in server/http/failure-status-parity.test.ts).
//
// Pure and tiny, so a route module's action may import it without weighing on the browser bundle.
// The map is keyed by the codes themselves: a caller whose result type names a code missing here
// does not typecheck, so a new failure gets its status where every surface reads it.

export type FailureStatus = 400 | 401 | 402 | 403 | 404 | 409 | 429;

const FAILURE_STATUS = {
  // The form or the call names something malformed or not offered: the caller must change the input.
  INVALID: 400,
  INVALID_INPUT: 400,
  ADDRESS_INVALID: 400,
  ATTESTATION_REQUIRED: 400,
  CART_EMPTY: 400,
  CONFIRM: 400,
  CONFIRMATION_MISMATCH: 400,
  LOOP: 400,
  OVER_LIMIT: 400,
  SELF: 400,
  SELLING_PLAN_INVALID: 400,
  VARIANT_NOT_FOUND: 400,
  ZIP_NOT_SERVED: 400,
  // Who is asking: not signed in as needed, or not allowed.
  AUTOSHIP_REQUIRES_ACCOUNT: 401,
  STAFF_SIGN_IN_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_ELIGIBLE: 403,
  NOT_REGISTERED: 403,
  // The card was refused.
  PAYMENT_DECLINED: 402,
  // The thing named does not exist (or is not the caller's: answered the same, SPEC §4).
  NOT_FOUND: 404,
  ADDRESS_NOT_FOUND: 404,
  CART_NOT_FOUND: 404,
  LINE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  // Valid input that the current state refuses: try again after something changed.
  BELOW_RESERVED: 409,
  CART_CHANGED: 409,
  CHECKOUT_IN_PROGRESS: 409,
  DISCOUNT_CODE_USED: 409,
  DUPLICATE: 409,
  ERASED: 409,
  IDEMPOTENCY_MISMATCH: 409,
  INVALID_TRANSITION: 409,
  NOT_ACTIVE: 409,
  NOT_ALLOWED: 409,
  NOT_PENDING: 409,
  ORDER_CANCELLED: 409,
  OUT_OF_STOCK: 409,
  QUOTA_EXCEEDED: 409,
  REFUND_FAILED: 409,
  RENEWAL_IN_PROGRESS: 409,
  RETRY_FAILED: 409,
  TOO_MANY_CARTS: 409,
  // Too many attempts from this client or for this account.
  RATE_LIMITED: 429,
} as const satisfies Record<string, FailureStatus>;

export type FailureCode = keyof typeof FAILURE_STATUS;

/** The status every surface answers for a failure code. */
export function failureStatus(code: FailureCode): FailureStatus {
  return FAILURE_STATUS[code];
}

/** Whether a code has a status here (for tests that walk a result type's codes). */
export const isFailureCode = (code: string): code is FailureCode => Object.hasOwn(FAILURE_STATUS, code);
