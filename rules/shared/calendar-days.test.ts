import { describe, expect, it } from "vitest";
import { addDays, dayOf, daysBetween, isCalendarDay } from "./calendar-days";

describe("calendar days", () => {
  it("takes the UTC day of an instant", () => {
    expect(dayOf(new Date("2030-01-30T23:59:59Z"))).toBe("2030-01-30");
    expect(dayOf(new Date("2030-01-31T00:00:00Z"))).toBe("2030-01-31");
    expect(dayOf(new Date("2030-01-30T20:00:00-05:00"))).toBe("2030-01-31");
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2030-01-30", 3)).toBe("2030-02-02");
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2030-03-01", -1)).toBe("2030-02-28");
    expect(addDays("2030-03-10", 0)).toBe("2030-03-10");
  });

  it("counts whole days between two days, signed", () => {
    expect(daysBetween("2030-01-30", "2030-02-02")).toBe(3);
    expect(daysBetween("2030-02-02", "2030-01-30")).toBe(-3);
    expect(daysBetween("2030-01-01", "2031-01-01")).toBe(365);
  });

  it("refuses what is not a day", () => {
    expect(() => addDays("30-01-2030", 1)).toThrow("not a calendar date: 30-01-2030");
    expect(() => daysBetween("2030-01-01", "tomorrow")).toThrow("not a calendar date: tomorrow");
  });

  it("tells real days from look-alikes", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2030-02-29")).toBe(false);
    expect(isCalendarDay("2030-02-30")).toBe(false);
    expect(isCalendarDay("2030-13-01")).toBe(false);
    expect(isCalendarDay("2030-1-01")).toBe(false);
    expect(isCalendarDay("")).toBe(false);
  });
});
