import { describe, expect, it } from "vitest";
import { decodeRedirectParam, loginUrlFor, postLoginTarget, requiresSignIn, safeSameSitePath, sameSiteReferer } from "./sign-in-redirect";

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
  it.each([["https://evil.test/x"], ["//evil.test/x"], ["/\\evil.test"], ["javascript:alert(1)"], ["account"], ["/ok\nSet-Cookie: x"], [""]])(
    "refuses %j",
    (p) => {
      expect(safeSameSitePath(p)).toBeNull();
    },
  );
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

describe("known open-redirect bypasses never leave the site", () => {
  // Each is refused outright: the caller falls back to its own default page.
  const bypasses = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example".replace(" ", "\u000b"),
    "/.//evil.example",
    "/./\\evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%252f%252fevil.example",
    "%2f%2fevil.example",
    "/%5cevil.example",
    "/%5Cevil.example",
    "/%255cevil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "https://evil.example",
    "https:evil.example",
    "http:/evil.example",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    "%6aavascript:alert(1)",
    "/\uff0f/evil.example",
    "/\uff0fevil.example",
    "/\uff3cevil.example",
    "/\u2215/evil.example",
    "/\u2044/evil.example",
    "/%EF%BC%8F/evil.example",
    "/\u3000/evil.example",
    "/\u00a0/evil.example",
    "evil.example",
    "@evil.example",
    " /cart",
  ];
  it.each(bypasses.map((b) => [b]))("refuses %j", (candidate) => {
    expect(safeSameSitePath(candidate)).toBeNull();
  });
  it.each(bypasses.map((b) => [b]))("refuses base64 %j as a sign-in redirect", (candidate) => {
    expect(decodeRedirectParam(b64(candidate))).toBeNull();
    expect(postLoginTarget(null, b64(candidate))).toBe("/");
  });

  it.each([
    ["/cart", "/cart"],
    ["/products/dog-food?sort=price-asc&page=2", "/products/dog-food?sort=price-asc&page=2"],
    ["/search?q=dog%20food", "/search?q=dog%20food"],
    ["/search?q=dog food", "/search?q=dog%20food"],
    ["/a/./b/../c", "/a/c"],
    ["/account/orders#latest", "/account/orders#latest"],
    ["/produkte/h\u00fcnde", "/produkte/h%C3%BCnde"],
    ["/search?next=//evil.example", "/search?next=//evil.example"],
  ])("keeps %j as %j", (candidate, expected) => {
    expect(safeSameSitePath(candidate)).toBe(expected);
  });

  it("only ever answers a path a browser resolves on this site", () => {
    const samples = [...bypasses, "/cart", "/a/./b/../c", "/search?q=dog food", "/%zz", "/x%", "/%c0%af"];
    for (const candidate of samples) {
      const out = safeSameSitePath(candidate);
      if (out === null) continue;
      expect(out).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
      expect(new URL(out, "https://shop.example/some/page").origin).toBe("https://shop.example");
      expect(safeSameSitePath(out)).toBe(out);
    }
  });
});

describe("sameSiteReferer: the one reading of the Referer header", () => {
  const at = "http://localhost:3000/shelter/login";
  it("keeps a page of this origin, with its query", () => {
    expect(sameSiteReferer("http://localhost:3000/products?page=2", at)).toBe("/products?page=2");
    expect(sameSiteReferer("http://localhost:3000/", at)).toBe("/");
    expect(sameSiteReferer("http://localhost:3000/locations-we-serve", at)).toBe("/locations-we-serve");
  });

  it("never goes back to the sign-in pages, signing out or the ZIP form, nor to their data requests", () => {
    for (const path of [
      "/shelter/login",
      "/shelter/register?x=1",
      "/shelter/reset-password?token=abc",
      "/shelter/autoship-required-login",
      "/logout",
      "/logout.data",
      "/location",
      "/location?zip=1",
      "/location.data",
    ]) {
      expect(sameSiteReferer(`http://localhost:3000${path}`, at), path).toBeNull();
    }
  });

  it("refuses another origin, a bypass and what is no URL", () => {
    for (const r of [
      "https://evil.example/products",
      "http://localhost:4000/x",
      "https://localhost:3000/x",
      "http://localhost:3000//evil.example",
      "http://localhost:3000/%2f%2fevil.example",
      "not a url",
      "",
      null,
      undefined,
    ]) {
      expect(sameSiteReferer(r, at), String(r)).toBeNull();
    }
  });
});
