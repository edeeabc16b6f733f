// How people read an instant: en-US, in UTC (ARCHITECTURE §5), so an operator and a customer in
// different time zones quote the same day and time. The console's lists, details and histories
// and the account pages format dates only through these.

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with one.
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const DAY_AND_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Mar 4, 2031": the UTC day of an instant (a Date or an ISO string). */
export function formatUtcDay(instant: Date | string): string {
  return DAY.format(new Date(instant));
}

/**
 * "Mar 4, 2031, 3:04 PM UTC": an instant to the minute, saying its zone; without it ("Mar 4, 2031,
 * 3:04 PM") where a column's header already says so.
 */
export function formatUtcDateTime(instant: Date | string, { zone = true } = {}): string {
  const text = DAY_AND_TIME.format(new Date(instant));
  return zone ? `${text} UTC` : text;
}

/** "2031-03-04 15:04:59": an instant to the second, sortable, for logs read by operators (the column says UTC). */
export function formatUtcTimestamp(instant: Date | string): string {
  return new Date(instant).toISOString().replace("T", " ").slice(0, 19);
}
