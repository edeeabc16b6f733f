// The payments module's one door: everything outside server/modules/payments/ imports from here.
export { createTestProcessor } from "./provider";
export type { DeclineReason, PaymentProvider } from "./provider";
export { createPaymentsService, erasePaymentMethods } from "./service";
export type { PaymentSource, PaymentsService } from "./service";
