import type { Clock } from "../clock";
import type { Logger } from "../log";
import { startPeriodic } from "./periodic";
import type { ConsentService } from "../modules/consent/service";

// Proof-of-consent records are kept 13 months (rules/consent-record.ts), then deleted by this timer,
// which runs in every shop process (server/server.ts): the delete is idempotent, so processes
// running it at once only repeat each other's empty work.

export const CONSENT_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function startConsentPurge(
  deps: { consent: ConsentService; log: Logger },
  opts: { intervalMs?: number; firstRunAfterMs?: number; clock?: Clock } = {},
) {
  return startPeriodic(
    { run: (now) => deps.consent.purge(now), counted: "purged", done: "consent records purged", failed: "consent purge failed" },
    deps,
    { intervalMs: opts.intervalMs ?? CONSENT_PURGE_INTERVAL_MS, firstRunAfterMs: opts.firstRunAfterMs ?? 60_000, clock: opts.clock },
  );
}
