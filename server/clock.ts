// Time is injected wherever a rule depends on "now" (autoship renewals, reminders), so tests can move
// the clock through several cycles without waiting.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The shop's calendar day of an instant, "YYYY-MM-DD" (UTC: renewal dates are whole days). */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
