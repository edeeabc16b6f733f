import type { Clock } from "../clock";
import type { Logger } from "../log";
import type { ReviewsService } from "../modules/reviews/service";

// The review-request mail, 10 days after an order's delivery (rules/reviews.ts), sent by this timer
// in every shop process (server/server.ts). Processes running it at once do not mail an order
// twice: each order's request is claimed by an insert into review_requests before it is sent.

export const REVIEW_REQUEST_INTERVAL_MS = 15 * 60_000;

export function startReviewRequests(
  deps: { reviews: Pick<ReviewsService, "sendDueRequests">; log: Logger },
  opts: { intervalMs?: number; firstRunAfterMs?: number; clock?: Clock } = {},
) {
  const clock = opts.clock ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    // A pending run never keeps the process alive.
    timer.unref?.();
  };
  const tick = () => {
    timer = undefined;
    running = deps.reviews
      .sendDueRequests(clock())
      .then((n) => deps.log[n > 0 ? "info" : "debug"]({ sent: n }, "review requests sent"))
      .catch((err: unknown) => deps.log.error({ err }, "review requests failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(opts.intervalMs ?? REVIEW_REQUEST_INTERVAL_MS);
      });
  };
  schedule(opts.firstRunAfterMs ?? 90_000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
