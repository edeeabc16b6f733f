// The reviews module's one door: everything outside server/modules/reviews/ imports from here.
export { eraseReviewsOf } from "./erasure";
export { seedReviewsIfEmpty } from "./seed";
export type { SeedProduct } from "./seed";
export { createReviewsService } from "./service";
export type { AuditHook, DeliveredLine, DueOrder, ModerationResult, ReviewPorts, ReviewsService } from "./service";
