// Whole calendar days, "YYYY-MM-DD", in the shop's UTC calendar: renewal and next-order dates,
// delivery days, sitemap dates. UTC because a renewal date is a whole day wherever the shopper is.

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an instant: 2030-01-30T23:59Z → "2030-01-30". */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Whether `s` is a real "YYYY-MM-DD" day ("2030-02-30" is not). */
export function isCalendarDay(s: string): boolean {
  return ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && dayOf(new Date(`${s}T00:00:00Z`)) === s;
}

/** The instant a day starts (00:00 UTC); throws on what is not "YYYY-MM-DD". */
export function startOfDay(day: string): Date {
  if (!ISO_DAY.test(day)) throw new Error(`not a calendar date: ${day}`);
  return new Date(`${day}T00:00:00Z`);
}

/** "2030-01-30" + 3 → "2030-02-02"; days may be negative. */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(startOfDay(day).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
}

/** The same moment `months` calendar months later (UTC; the 31st rolls over as Date does). */
export function addUtcMonths(at: Date, months: number): Date {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
