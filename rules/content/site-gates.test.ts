import { describe, expect, it } from "vitest";
import { afterUnlockTarget, gateMode, isOpenWhileGated } from "./site-gates";

describe("gates", () => {
  it("maintenance wins over a password; neither means open", () => {
    expect(gateMode({ maintenance: true, password: "x" })).toBe("maintenance");
    expect(gateMode({ maintenance: false, password: "x" })).toBe("password");
    expect(gateMode({ maintenance: false, password: undefined })).toBe("open");
  });

  it("keeps the gate pages, health, assets and images open, and nothing else", () => {
    for (const p of [
      "/maintenance",
      "/password-protect",
      "/password-protect.data",
      "/api/health",
      "/api/ready",
      "/assets/x.js",
      "/_img/cms/a.webp",
      "/cms/a.webp",
      "/favicon.svg",
    ]) {
      expect(isOpenWhileGated(p), p).toBe(true);
    }
    for (const p of ["/", "/products", "/maintenance-x", "/api/cms/v1.0/get-footer", "/faq.data"]) expect(isOpenWhileGated(p), p).toBe(false);
  });

  it("sends an unlocked shopper back to a same-site path only", () => {
    expect(afterUnlockTarget("/cart?x=1")).toBe("/cart?x=1");
    for (const bad of [null, "", "https://evil.test", "//evil.test", "/\\evil.test", "/password-protect?next=/"]) expect(afterUnlockTarget(bad)).toBe("/");
  });
});
