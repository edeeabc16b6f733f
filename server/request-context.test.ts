import { describe, expect, it } from "vitest";
import { siteFor } from "../rules/shared/site";
import { parseConfig } from "./config";
import type { AppDeps } from "./context";
import { publicConfigFor } from "./request-context";

// What the browser learns from the public configuration about the donation widget.

const deps = (env: Record<string, string> = {}) => ({ config: parseConfig(env), buildId: () => "b1" }) as unknown as AppDeps;

describe("public configuration: the donation widget's store", () => {
  it("the shop names its donation store; the staff site none (no widget there)", () => {
    expect(publicConfigFor(deps(), siteFor("d2c", "Kibble & Co.")).donationStoreId).toBe("5eed0d0a7e5c4a1b9c3d2e1f00c0ffee");
    expect(publicConfigFor(deps(), siteFor("hpsf", "Kibble & Co.")).donationStoreId).toBeNull();
  });

  it("none anywhere when the widget is off", () => {
    expect(publicConfigFor(deps({ DONATION_STORE_ID: "off" }), siteFor("d2c", "Kibble & Co.")).donationStoreId).toBeNull();
  });
});
