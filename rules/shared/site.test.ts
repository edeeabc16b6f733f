import { describe, expect, it } from "vitest";
import { siteFor, siteIdForHost } from "./site";

const hosts = new Map([
  ["localhost", "d2c" as const],
  ["127.0.0.1", "d2c" as const],
  ["pro.localhost", "hpsf" as const],
]);

describe("site by host name (ARCHITECTURE §1)", () => {
  it("maps hosts with or without a port", () => {
    expect(siteIdForHost("pro.localhost:3000", hosts)).toBe("hpsf");
    expect(siteIdForHost("PRO.LOCALHOST", hosts)).toBe("hpsf");
    expect(siteIdForHost("localhost:3000", hosts)).toBe("d2c");
  });
  it("serves the shop for an unknown or missing host", () => {
    expect(siteIdForHost("example.test", hosts)).toBe("d2c");
    expect(siteIdForHost(undefined, hosts)).toBe("d2c");
  });
  it("titles the sites as SPEC §1 says", () => {
    expect(siteFor("d2c", "Kibble & Co.").title).toBe("Shop Kibble & Co.");
    expect(siteFor("hpsf", "Kibble & Co.")).toMatchObject({ title: "Pro Staff Feeding", programId: "HPSF", isStaff: true });
  });
});
