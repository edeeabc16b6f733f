// ZIP code check of SPEC §5: exactly 5 characters, numeric, inside one of the served ranges, each
// bound left-padded with zeros to 5 digits. A bypass flag (config FEATURE_ZIP_CHECK_BYPASS) skips the
// served-range part only: a ZIP must still look like a ZIP, because it is stored in the userLocation
// cookie and sent to the stock calls.

export const ZIP_LENGTH = 5;
export const ZIP_FORMAT_MESSAGE = "Enter a 5-digit ZIP code";

/** A served range as the database keeps it: inclusive integer bounds (501 is "00501"). */
export type ZipRange = readonly [start: number, end: number];

export type ZipCheck = { ok: true; zip: string } | { ok: false; code: "format" | "unserved"; message: string };

/** 501 → "00501" (SPEC §5: bounds left-padded with zeros to 5 digits). */
export function padZip(value: number | string): string {
  return String(value).padStart(ZIP_LENGTH, "0");
}

/** SPEC §3 stock object range string: [501, 599] → "00501-00599". */
export function formatZipRange([start, end]: ZipRange): string {
  return `${padZip(start)}-${padZip(end)}`;
}

/** "00501-00599" or "501-599" → [501, 599]; null when it is not a range. */
export function parseZipRange(text: string): ZipRange | null {
  const m = /^\s*(\d{1,5})\s*-\s*(\d{1,5})\s*$/.exec(text);
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  return start <= end ? [start, end] : null;
}

export function isZipFormat(zip: string): boolean {
  return zip.length === ZIP_LENGTH && /^\d+$/.test(zip);
}

/** Whether a well-formed ZIP lies inside one of the ranges (padded bounds compare like numbers). */
export function isServedZip(zip: string, ranges: readonly ZipRange[]): boolean {
  if (!isZipFormat(zip)) return false;
  const padded = padZip(zip);
  return ranges.some(([start, end]) => padZip(start) <= padded && padded <= padZip(end));
}

export function unservedMessage(zip: string): string {
  return `We don't deliver to ${zip} yet`;
}

/**
 * The SPEC §5 check. `ranges` are the served ranges; pass `bypass: true` (the feature flag) to accept
 * any well-formed ZIP. Surrounding spaces are ignored; nothing else is forgiven.
 */
export function checkZip(input: string, ranges: readonly ZipRange[], options: { bypass?: boolean } = {}): ZipCheck {
  const zip = input.trim();
  if (!isZipFormat(zip)) return { ok: false, code: "format", message: ZIP_FORMAT_MESSAGE };
  if (!options.bypass && !isServedZip(zip, ranges)) return { ok: false, code: "unserved", message: unservedMessage(zip) };
  return { ok: true, zip };
}
