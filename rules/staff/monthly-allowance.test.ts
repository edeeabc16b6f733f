import { describe, expect, it } from "vitest";
import { allowanceLb, checkQuota, lineWeightLb, parseQuotaGroups, quotaExceededMessage, quotaMeterText, quotaMonthOf, quotaState } from "./monthly-allowance";

describe("staff monthly quota", () => {
  const november = quotaMonthOf(new Date("2026-11-25T14:00:00Z"));

  it("the month is the shop's UTC calendar month, and resets on the 1st of the next", () => {
    expect(november).toMatchObject({ month: "2026-11", label: "November", resetsOn: "December 1" });
    expect(november.start.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(november.end.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(quotaMonthOf(new Date("2026-12-31T23:59:59Z"))).toMatchObject({ month: "2026-12", resetsOn: "January 1" });
    expect(quotaMonthOf(new Date("2027-01-01T00:00:00Z")).month).toBe("2027-01");
  });

  it("weights in pounds through SPEC §9's conversions (oz, kg, g; unknown units weigh nothing)", () => {
    expect(lineWeightLb(30, "lbs", 2)).toBe(60);
    expect(lineWeightLb(13, "oz", 12)).toBeCloseTo(9.75);
    expect(lineWeightLb(2, "kg", 1)).toBeCloseTo(4.40924);
    expect(lineWeightLb(5, "stone", 3)).toBe(0);
  });

  it("allowance per account group, the default for the others", () => {
    const config = { defaultLb: 120, byGroup: parseQuotaGroups("SF_STUDENT=60, SF_DVM = 150.5")! };
    expect(allowanceLb(config, "SF_STUDENT")).toBe(60);
    expect(allowanceLb(config, "SF_DVM")).toBe(150.5);
    expect(allowanceLb(config, "SF_TECH")).toBe(120);
    expect(allowanceLb(config, null)).toBe(120);
    expect(parseQuotaGroups("")).toEqual({});
    expect(parseQuotaGroups("SF_DVM:60")).toBeNull();
    expect(parseQuotaGroups("SF_DVM=-1")).toBeNull();
  });

  it("the meter, the check and the refusal name the pounds", () => {
    const s = quotaState({ allowanceLb: 120, usedLb: 62.0000001, month: november });
    expect(quotaMeterText(s)).toBe("62 of 120 lb used in November; resets December 1");
    expect(s).toMatchObject({ usedLb: 62, remainingLb: 58, reached: false });
    expect(checkQuota(s, 58)).toEqual({ ok: true });
    expect(checkQuota(s, 58.04)).toEqual({ ok: true }); // a tenth of a pound is the unit
    expect(checkQuota(s, 60)).toEqual({ ok: false, overLb: 2 });
    expect(quotaExceededMessage(s, 60, 2)).toContain("2 lb over your monthly allowance");
    const full = quotaState({ allowanceLb: 120, usedLb: 125, month: november });
    expect(full).toMatchObject({ remainingLb: 0, reached: true });
    expect(checkQuota(full, 0)).toEqual({ ok: true });
    expect(checkQuota(full, 0.5)).toEqual({ ok: false, overLb: 5.5 });
  });
});
