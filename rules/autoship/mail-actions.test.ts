import { describe, expect, it } from "vitest";
import { isLinkCurrent, linkCycleOf, mailActionInput, mailActionQuestion, mailLinkExpiry } from "./mail-actions";

describe("reminder mail links", () => {
  const sub = { status: "active" as const, nextOrderDate: "2031-03-04", updatedAt: new Date("2031-02-01T10:00:00.123Z") };
  const link = linkCycleOf(sub);

  it("holds for the delivery the mail was sent for, while nothing changed", () => {
    expect(link).toEqual({ cycleDate: "2031-03-04", version: Date.parse("2031-02-01T10:00:00.123Z") });
    expect(isLinkCurrent(sub, link)).toBe(true);
    expect(isLinkCurrent({ ...sub, updatedAt: new Date(sub.updatedAt) }, link)).toBe(true);
  });

  it("is spent once the date moved, anything else changed, or the Autoship is no longer active", () => {
    expect(isLinkCurrent({ ...sub, nextOrderDate: "2031-04-01" }, link)).toBe(false);
    expect(isLinkCurrent({ ...sub, updatedAt: new Date("2031-02-01T10:00:00.124Z") }, link)).toBe(false);
    expect(isLinkCurrent({ ...sub, status: "paused" }, link)).toBe(false);
    expect(isLinkCurrent({ ...sub, status: "cancelled" }, link)).toBe(false);
  });

  it("expires at the end of the delivery's day", () => {
    expect(mailLinkExpiry("2031-03-04").toISOString()).toBe("2031-03-05T00:00:00.000Z");
    expect(mailLinkExpiry("2031-12-31").toISOString()).toBe("2032-01-01T00:00:00.000Z");
  });

  it("runs the owner's own command: skip, ship now, the date a week later, the quantity given", () => {
    expect(mailActionInput("skip", "2031-03-04", null)).toEqual({ intent: "skip" });
    expect(mailActionInput("ship_now", "2031-03-04", null)).toEqual({ intent: "ship_now" });
    expect(mailActionInput("delay", "2031-02-27", null)).toEqual({ intent: "change_date", nextOrderDate: "2031-03-06" });
    expect(mailActionInput("change_quantity", "2031-03-04", 3)).toEqual({ intent: "change_quantity", quantity: 3 });
    expect(mailActionInput("change_quantity", "2031-03-04", null)).toBeNull();
  });

  it("asks a question naming the delivery", () => {
    expect(mailActionQuestion("delay", "March 4", "March 11")).toBe("Move the delivery planned for March 4 one week later, to March 11?");
    expect(mailActionQuestion("skip", "March 4", "March 11")).toBe("Skip the delivery planned for March 4?");
  });
});
