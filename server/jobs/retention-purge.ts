import type { Clock } from "../clock";
import type { Logger } from "../log";
import { startPeriodic } from "./periodic";
import type { ConsentService } from "../modules/consent";
import type { ErrorsService } from "../modules/errors";
import type { DonationsService } from "../modules/donations";

// Records kept only for a while, deleted by this timer, which runs in every shop process
// (server/server.ts): proof-of-consent records after 13 months (rules/consent/decision-record.ts), and errors
// nobody has seen for 90 days or beyond the 10,000 most recently seen (rules/shared/error-reports.ts),
// and the donation widget's clickstream events after 90 days (CLICKSTREAM_RETENTION_DAYS).
// The deletes are idempotent, so processes running them at once only repeat each other's empty work.

export const RETENTION_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function startRetentionPurge(
  deps: { consent: ConsentService; errors: ErrorsService; donations: Pick<DonationsService, "purgeEvents">; log: Logger },
  opts: { intervalMs?: number; firstRunAfterMs?: number; clock?: Clock } = {},
) {
  return startPeriodic(
    {
      run: async (now) => (await deps.consent.purge(now)) + (await deps.errors.purge(now)) + (await deps.donations.purgeEvents(now)),
      counted: "purged",
      done: "consent records, old errors and old clickstream events purged",
      failed: "retention purge failed",
    },
    deps,
    { intervalMs: opts.intervalMs ?? RETENTION_PURGE_INTERVAL_MS, firstRunAfterMs: opts.firstRunAfterMs ?? 60_000, clock: opts.clock },
  );
}
