import { systemClock, type Clock } from "./clock";

// The browser tests' clock hook: with TEST_CLOCK=on (playwright.config.ts; refused in production
// with DATABASE_URL, server/config.ts) the marketing list's clock runs this far ahead of the
// system's, so a journey moves an abandoned cart an hour or a day on without waiting. Only the
// marketing module reads it (server/wiring/modules.ts): sessions, renewals and orders of the other
// journeys running beside it keep the real time. POST /api/test/clock sets it (server/http/test-clock.ts).

export type TestClock = {
  now: Clock;
  /** Moves "now" to the system's time plus `ms` (not cumulative: each call says where). */
  setOffset(ms: number): void;
  offsetMs(): number;
};

export function createTestClock(base: Clock = systemClock): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    setOffset(ms) {
      offset = ms;
    },
    offsetMs: () => offset,
  };
}
