import { describe, expect, it } from "vitest";
import { afterSignInTarget, refererPath } from "./session.server";

const req = (referer: string | null) => new Request("http://localhost:3000/shelter/login", { headers: referer ? { referer } : {} });

describe("refererPath: the previous page after sign-in (SPEC §2), same-site only", () => {
  it("keeps a page of this site", () => {
    expect(refererPath(req("http://localhost:3000/products?page=2"))).toBe("/products?page=2");
  });

  it("ignores other sites, sign-in pages, logout and garbage", () => {
    for (const r of [
      "https://evil.example/products",
      "http://localhost:4000/x",
      "http://localhost:3000/shelter/register",
      "http://localhost:3000/logout",
      "not a url",
      null,
    ]) {
      expect(refererPath(req(r)), String(r)).toBeNull();
    }
  });
});

describe("afterSignInTarget: where sign-in lands (SPEC §2)", () => {
  const b64 = (path: string) => Buffer.from(path).toString("base64");

  it("goes to /products when there is no previous page and no redirect parameter", () => {
    expect(afterSignInTarget(null, null)).toBe("/products");
    expect(afterSignInTarget("", "")).toBe("/products");
    expect(afterSignInTarget(undefined, undefined)).toBe("/products");
  });

  it("goes to /products when both are unusable (another site, garbage)", () => {
    expect(afterSignInTarget("https://evil.example/x", b64("//evil.example/x"))).toBe("/products");
    expect(afterSignInTarget(null, "%%%not-base64")).toBe("/products");
  });

  it("prefers the previous page, then the redirect parameter", () => {
    expect(afterSignInTarget("/cart", b64("/account/orders"))).toBe("/cart");
    expect(afterSignInTarget(null, b64("/account/orders?page=2"))).toBe("/account/orders?page=2");
    expect(afterSignInTarget("/", null)).toBe("/");
  });
});
