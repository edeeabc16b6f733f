// The autoship module's one door: everything outside server/modules/autoship/ imports from here.
export { autoshipPayment, createSubscriptionsForOrder, originOrderIdOf } from "./checkout";
export { cancelForErasure } from "./erasure";
export { cancellationsBetween } from "./cancellations";
export type { Cancellation } from "./cancellations";
export { AUTOSHIP_CHANGE_TEMPLATE } from "./mail";
export { OG_AUTH_COOKIE, clearOgAuthCookie, customerProof, ogAuthCookie, ogAuthNames } from "./og-auth";
export { priceGuardMail } from "./price-guard-mail";
export { createPriceHoldStore } from "./price-holds";
export type { PriceAnswer } from "./price-holds";
export { priceAnswerToken, priceAnswerUrl, readPriceAnswerToken } from "./price-links";
export { renewalMail } from "./renewal-mail";
export { mailActionToken, mailActionUrls } from "./mail-links";
export type { RenewalMailName } from "./renewal-mail";
export { createRenewalStore } from "./renewals";
export type { RenewalStore, RenewalTrigger, SubscriptionRow } from "./renewals";
export { consentOf, recordConsents } from "./consents";
export type { ConsentRow } from "./consents";
export { createAutoshipService } from "./service";
export type { AutoshipService, OnBehalf, ShipNow, SubscriptionView } from "./service";
export { activeSubscriptionsOfVariant } from "./views";
export { attachSaveDiscount, claimSaveDiscount, saveOfferReport, saveOfferSettings, setSaveOfferSettings } from "./save-offers";
export type { DiscountClaim } from "./save-offers";
export { pendingOneTimeItems } from "./one-time-items";
export {
  answerLifeStageProposal,
  claimLifeStageChecks,
  lifeStageReport,
  pendingLifeStageProposals,
  petLinkedSubscriptions,
  recordLifeStageProposal,
} from "./life-stage";
export type { LifeStageAnswer, LifeStageAnswerResult, LifeStageCheck, LifeStageProposal } from "./life-stage";
// Test set-up (server/testing/autoship.ts): the tables as stored, for states no service makes.
export * from "./test-store";
export { customersWhoCancelledAutoship, customersWithActiveAutoship } from "./segment-reads";
