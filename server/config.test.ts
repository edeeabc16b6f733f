import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("configuration (one zod-parsed place)", () => {
  it("has working defaults", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.siteHosts.get("pro.localhost")).toBe("hpsf");
    expect(c.features.zipCheckBypass).toBe(false);
  });

  it("reads flags and numbers", () => {
    const c = parseConfig({ PORT: "8080", FEATURE_ZIP_CHECK_BYPASS: "true", DATABASE_URL: "postgres://u@h/db" });
    expect(c.port).toBe(8080);
    expect(c.features.zipCheckBypass).toBe(true);
    expect(c.databaseUrl).toBe("postgres://u@h/db");
  });

  it.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://x"],
    ["SITE_HOSTS", "localhost=shop"],
    ["FEATURE_CHECKOUT_FLOW", "maybe"],
    ["FREE_SHIPPING_THRESHOLD_CENTS", "-1"],
    ["DONATION_STORE_ID", "not-a-store"],
  ])("stops on a bad %s, naming it", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });

  it("names the donation widget's store: the seeded one by default, normalised, or none when off", () => {
    expect(parseConfig({}).donationStoreId).toMatch(/^[0-9a-f]{32}$/);
    expect(parseConfig({ DONATION_STORE_ID: "{ABCDEF00-1234-5678-9ABC-DEF012345678}" }).donationStoreId).toBe("abcdef00123456789abcdef012345678");
    expect(parseConfig({ DONATION_STORE_ID: "off" }).donationStoreId).toBeNull();
  });
});
