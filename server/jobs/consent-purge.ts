import type { Clock } from "../clock";
import type { Logger } from "../log";
import type { ConsentService } from "../modules/consent/service";

// Proof-of-consent records are kept 13 months (rules/consent-record.ts), then deleted by this timer,
// which runs in every shop process (server/server.ts): the delete is idempotent, so processes
// running it at once only repeat each other's empty work.

export const CONSENT_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function startConsentPurge(
  deps: { consent: ConsentService; log: Logger },
  opts: { intervalMs?: number; firstRunAfterMs?: number; clock?: Clock } = {},
) {
  const clock = opts.clock ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    // A pending purge never keeps the process alive.
    timer.unref?.();
  };
  const tick = () => {
    timer = undefined;
    running = deps.consent
      .purge(clock())
      .then((n) => deps.log[n > 0 ? "info" : "debug"]({ purged: n }, "consent records purged"))
      .catch((err: unknown) => deps.log.error({ err }, "consent purge failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(opts.intervalMs ?? CONSENT_PURGE_INTERVAL_MS);
      });
  };
  schedule(opts.firstRunAfterMs ?? 60_000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
