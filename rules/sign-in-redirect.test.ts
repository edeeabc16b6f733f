import { describe, expect, it } from "vitest";
import { decodeRedirectParam, loginUrlFor, postLoginTarget, requiresSignIn, safeSameSitePath } from "./sign-in-redirect";

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

describe("the /account gate (SPEC §2)", () => {
  it("applies to any path containing /account", () => {
    expect(requiresSignIn("/account/dashboard")).toBe(true);
    expect(requiresSignIn("/account")).toBe(true);
    expect(requiresSignIn("/accounting")).toBe(false);
  });
  it("sends to /shelter/login with the original path base64-encoded", () => {
    const url = new URL(loginUrlFor("/account/orders?page=2"), "http://x");
    expect(url.pathname).toBe("/shelter/login");
    expect(Buffer.from(url.searchParams.get("redirect")!, "base64").toString()).toBe("/account/orders?page=2");
  });
});

describe("only same-site redirects are followed", () => {
  it.each([
    ["https://evil.test/x"],
    ["//evil.test/x"],
    ["/\\evil.test"],
    ["javascript:alert(1)"],
    ["account"],
    ["/ok\nSet-Cookie: x"],
    [""],
  ])("refuses %j", (p) => {
    expect(safeSameSitePath(p)).toBeNull();
  });
  it("keeps a same-site path with query and hash", () => {
    expect(safeSameSitePath("/account/orders?page=2#top")).toBe("/account/orders?page=2#top");
  });
  it("decodes a base64 redirect and refuses garbage or other origins", () => {
    expect(decodeRedirectParam(b64("/account/address-book"))).toBe("/account/address-book");
    expect(decodeRedirectParam(b64("https://evil.test"))).toBeNull();
    expect(decodeRedirectParam(b64("//evil.test"))).toBeNull();
    expect(decodeRedirectParam("%%%not-base64")).toBeNull();
  });
  it("after sign-in: previous page, else redirect, else /", () => {
    expect(postLoginTarget("/cart", b64("/account/orders"))).toBe("/cart");
    expect(postLoginTarget(null, b64("/account/orders"))).toBe("/account/orders");
    expect(postLoginTarget("https://evil.test", b64("//evil.test"))).toBe("/");
  });
});
