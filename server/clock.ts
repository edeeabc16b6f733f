// Time is injected wherever a rule depends on "now" (autoship renewals, reminders), so tests can move
// the clock through several cycles without waiting.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
