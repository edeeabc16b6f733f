import type { Clock } from "../clock";
import type { Logger } from "../log";
import { startPeriodic } from "./periodic";
import type { ReviewsService } from "../modules/reviews";

// The review-request mail, 10 days after an order's delivery (rules/reviews/states-and-sorts.ts), sent by this timer
// in every shop process (server/server.ts). Processes running it at once do not mail an order
// twice: each order's request is claimed by an insert into review_requests before it is sent.

export const REVIEW_REQUEST_INTERVAL_MS = 15 * 60_000;

export function startReviewRequests(
  deps: { reviews: Pick<ReviewsService, "sendDueRequests">; log: Logger },
  opts: { intervalMs?: number; firstRunAfterMs?: number; clock?: Clock } = {},
) {
  return startPeriodic(
    { run: (now) => deps.reviews.sendDueRequests(now), counted: "sent", done: "review requests sent", failed: "review requests failed" },
    deps,
    { intervalMs: opts.intervalMs ?? REVIEW_REQUEST_INTERVAL_MS, firstRunAfterMs: opts.firstRunAfterMs ?? 90_000, clock: opts.clock },
  );
}
