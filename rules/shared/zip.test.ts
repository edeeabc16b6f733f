import { describe, expect, it } from "vitest";
import { checkZip, formatZipRange, isServedZip, padZip, parseZipRange, type ZipRange } from "./zip";
import { zipSchema } from "./zip-schema";

// Served ranges shaped like the seed's: a low New England range with leading zeros, Colorado, Alaska.
const RANGES: ZipRange[] = [
  [501, 599],
  [1000, 5999],
  [80000, 81999],
  [99500, 99999],
];

describe("ZIP check of SPEC §5", () => {
  it("accepts a 5-digit ZIP inside a served range", () => {
    expect(checkZip("80011", RANGES)).toEqual({ ok: true, zip: "80011" });
    expect(checkZip(" 99501 ", RANGES)).toEqual({ ok: true, zip: "99501" });
  });

  it("pads range bounds to 5 digits, so low ZIPs with leading zeros are served", () => {
    expect(checkZip("00501", RANGES).ok).toBe(true);
    expect(checkZip("01001", RANGES).ok).toBe(true);
    expect(isServedZip("00599", RANGES)).toBe(true);
    expect(isServedZip("00600", RANGES)).toBe(false);
  });

  it.each(["8001", "800111", "8001a", "80 11", "", "-8001", "8.011", "８００１１"])("says how a ZIP must look for %j", (zip) => {
    expect(checkZip(zip, RANGES)).toEqual({ ok: false, code: "format", message: "Enter a 5-digit ZIP code" });
  });

  it("names a ZIP outside every served range", () => {
    expect(checkZip("00300", RANGES)).toEqual({ ok: false, code: "unserved", message: "We don't deliver to 00300 yet" });
    expect(checkZip("96813", RANGES).ok).toBe(false);
  });

  it("skips only the served-range check when the bypass flag is on", () => {
    expect(checkZip("00300", RANGES, { bypass: true })).toEqual({ ok: true, zip: "00300" });
    expect(checkZip("003", RANGES, { bypass: true }).ok).toBe(false);
  });

  it("formats and parses the stock object's range strings", () => {
    expect(padZip(501)).toBe("00501");
    expect(formatZipRange([501, 599])).toBe("00501-00599");
    expect(parseZipRange("00501-00599")).toEqual([501, 599]);
    expect(parseZipRange("501-599")).toEqual([501, 599]);
    expect(parseZipRange("599-501")).toBeNull();
    expect(parseZipRange("abc")).toBeNull();
  });

  it("has one schema for the ZIP input", () => {
    expect(zipSchema.safeParse(" 80011 ")).toEqual({ success: true, data: "80011" });
    const bad = zipSchema.safeParse("123");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe("Enter a 5-digit ZIP code");
    expect(zipSchema.safeParse(undefined).error?.issues[0].message).toBe("Enter a 5-digit ZIP code");
  });
});
