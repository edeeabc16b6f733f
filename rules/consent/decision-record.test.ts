import { describe, expect, it } from "vitest";
import { consentPurgeBefore, plausibleDecisionTime, truncateIp } from "./decision-record";
import { checkIntegrations, invalidIntegrationMessage } from "./analytics-integrations";

describe("the address kept with a proof of consent", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    ["::ffff:198.51.100.9", "198.51.100.0"],
    ["2001:db8:1234:5678::1", "2001:db8:1234::"],
    ["2001:0db8::1", "2001:db8:0::"],
    ["::1", "0:0:0::"],
    [null, null],
    ["not an address", null],
  ])("%s → %s", (ip, kept) => {
    expect(truncateIp(ip)).toBe(kept);
  });
});

describe("retention", () => {
  it("cuts 13 months back, on the same day or the shorter month's last", () => {
    expect(consentPurgeBefore(new Date("2031-07-15T10:00:00Z")).toISOString()).toBe("2030-06-15T10:00:00.000Z");
    expect(consentPurgeBefore(new Date("2031-03-31T00:00:00Z")).toISOString()).toBe("2030-02-28T00:00:00.000Z");
    expect(consentPurgeBefore(new Date("2029-03-31T00:00:00Z")).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });

  it("keeps a browser's decision time only when it is within a day of the server's", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    expect(plausibleDecisionTime("2030-01-01T11:59:00Z", now).toISOString()).toBe("2030-01-01T11:59:00.000Z");
    expect(plausibleDecisionTime("2020-01-01T00:00:00Z", now)).toBe(now);
  });
});

describe("the analytics integration rule (SPEC §5, §8)", () => {
  it("accepts gtm as a list or as an object's key", () => {
    expect(checkIntegrations({ integrations: ["gtm"] })).toEqual({ ok: true, keys: ["gtm"] });
    expect(checkIntegrations({ integrations: { gtm: {} } })).toEqual({ ok: true, keys: ["gtm"] });
    expect(checkIntegrations({ integrations: ["gtm", " gtm "] })).toEqual({ ok: true, keys: ["gtm"] });
  });

  it("names the hint", () => {
    expect(checkIntegrations({ integrations: [1] })).toEqual({ ok: false, hint: "keys must be strings" });
    expect(checkIntegrations({ integrations: [] })).toEqual({ ok: false, hint: "no integration key found" });
    expect(checkIntegrations({})).toEqual({ ok: false, hint: "no integration key found" });
    expect(checkIntegrations(null)).toEqual({ ok: false, hint: "no integration key found" });
    expect(checkIntegrations({ integrations: ["  "] })).toEqual({ ok: false, hint: "no integration key found" });
    expect(checkIntegrations({ integrations: ["ga"] })).toMatchObject({ ok: false, hint: expect.stringContaining("ga") });
    expect(invalidIntegrationMessage("keys must be strings")).toBe("Invalid analytics integration. Hint: keys must be strings.");
  });
});
