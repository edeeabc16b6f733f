// The cart module's one door: everything outside server/modules/cart/ imports from here.
export { abandonedCarts } from "./abandoned";
export type { AbandonedCart } from "./abandoned";
export { eraseCarts, lockCartForCheckout, lockCartsOf, markCheckedOut, storedLineCount } from "./lifecycle";
export { createPrivateAutoshipCode, retirePrivateCode } from "./private-codes";
export { seedDiscountCodes } from "./seed";
export { MAX_CARTS_PER_CUSTOMER, createCartService } from "./service";
export type { CartFailure, CartResult, CartService, CartWarning } from "./service";
export type { CartLineView, CartView } from "./view";
// Test set-up (server/testing/cart.ts): the tables as stored, for states no service makes.
export * from "./test-store";
