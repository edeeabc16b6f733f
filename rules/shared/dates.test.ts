import { describe, expect, it } from "vitest";
import { formatUtcDateTime, formatUtcDay, formatUtcTimestamp } from "./dates";

describe("UTC date formatting", () => {
  it("writes the UTC day, whatever the instant's hour", () => {
    expect(formatUtcDay("2031-03-04T23:59:00Z")).toBe("Mar 4, 2031");
    expect(formatUtcDay(new Date("2031-03-04T00:00:00Z"))).toBe("Mar 4, 2031");
  });

  it("writes day and time to the minute, naming the zone", () => {
    expect(formatUtcDateTime("2031-03-04T15:04:59Z")).toBe("Mar 4, 2031, 3:04 PM UTC");
    expect(formatUtcDateTime(new Date("2031-03-04T15:04:59Z"), { zone: false })).toBe("Mar 4, 2031, 3:04 PM");
  });

  it("writes a log's timestamp to the second", () => {
    expect(formatUtcTimestamp("2031-03-04T15:04:59.123Z")).toBe("2031-03-04 15:04:59");
  });
});
