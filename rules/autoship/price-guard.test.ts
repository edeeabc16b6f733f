import { describe, expect, it } from "vitest";
import { answerDeadline, guardDecision, risePercent } from "./price-guard";

describe("price guard", () => {
  it("measures a rise in percent", () => {
    expect(risePercent(2000, 2300)).toBe(15);
    expect(risePercent(2999, 3199)).toBe(6.7);
    expect(risePercent(2000, 1800)).toBe(0);
    expect(risePercent(0, 100)).toBe(0);
  });

  it("holds a rise beyond the threshold, notifies one within it, ignores a drop", () => {
    expect(guardDecision({ oldCents: 2000, newCents: 2300, thresholdPercent: 10 })).toEqual({ action: "hold", percent: 15 });
    expect(guardDecision({ oldCents: 2000, newCents: 2200, thresholdPercent: 10 })).toEqual({ action: "notify", percent: 10 });
    expect(guardDecision({ oldCents: 2000, newCents: 2201, thresholdPercent: 10 })).toEqual({ action: "hold", percent: 10.1 });
    expect(guardDecision({ oldCents: 2000, newCents: 2300, thresholdPercent: 20 })).toEqual({ action: "notify", percent: 15 });
    expect(guardDecision({ oldCents: 2000, newCents: 1900, thresholdPercent: 10 })).toEqual({ action: "none" });
    expect(guardDecision({ oldCents: null, newCents: 1900, thresholdPercent: 10 })).toEqual({ action: "none" });
  });

  it("gives the customer until the end of the third day after the renewal date", () => {
    expect(answerDeadline("2030-12-10").toISOString()).toBe("2030-12-14T00:00:00.000Z");
  });
});
