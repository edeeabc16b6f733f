// The checkout module's one door: everything outside server/modules/checkout/ imports from here.
export { MULTIPASS_TTL_MS, verifyMultipass } from "./multipass";
export { MULTIPASS_PARAM, createCheckoutService } from "./service";
export type { CheckoutReview, Customer } from "./service";
