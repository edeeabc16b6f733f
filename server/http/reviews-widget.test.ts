import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { contentSecurityPolicy, reviewsScriptOrigin } from "./edge";
import { reviewsWidgetRoutes } from "./reviews-widget";

describe("GET /reviews/widget.js", () => {
  const prod = reviewsWidgetRoutes({ dev: false });

  it("serves the widget's script, revalidated by its ETag unless asked for by its hash", async () => {
    const res = await prod.request("/reviews/widget.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const code = await res.text();
    // The mount points it looks for, and no leftover module syntax: it runs as a classic script.
    expect(code).toContain("data-reviews-product-id");
    expect(code).not.toMatch(/^\s*(import|export)\s/m);

    const hashed = await prod.request(`/reviews/widget.js?v=${etag.slice(1, -1)}`);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await hashed.text()).toBe(code);

    const again = await prod.request("/reviews/widget.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("is built on each request in development and never cached for good", async () => {
    const dev = reviewsWidgetRoutes({ dev: true });
    const res = await dev.request("/reviews/widget.js?v=dev");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("sourceMappingURL=data:");
  });
});

describe("REVIEWS_SCRIPT_URL", () => {
  it("takes a path or an http(s) URL, and names the variable when it is neither", () => {
    expect(parseConfig({}).reviewsScriptUrl).toBeNull();
    expect(parseConfig({ REVIEWS_SCRIPT_URL: "" }).reviewsScriptUrl).toBeNull();
    expect(parseConfig({ REVIEWS_SCRIPT_URL: "/reviews/widget.js" }).reviewsScriptUrl).toBe("/reviews/widget.js");
    expect(parseConfig({ REVIEWS_SCRIPT_URL: "https://reviews.example/w.js" }).reviewsScriptUrl).toBe("https://reviews.example/w.js");
    for (const bad of ["//evil.example/w.js", "javascript:alert(1)", "reviews.js", "ftp://x.example/w.js"]) {
      expect(() => parseConfig({ REVIEWS_SCRIPT_URL: bad })).toThrow(/REVIEWS_SCRIPT_URL/);
    }
  });

  it("lets the Content-Security-Policy load scripts from its origin only when it is another one", () => {
    expect(reviewsScriptOrigin(null)).toBeUndefined();
    expect(reviewsScriptOrigin("/reviews/widget.js")).toBeUndefined();
    expect(reviewsScriptOrigin("https://reviews.example/w.js?v=2")).toBe("https://reviews.example");
    expect(contentSecurityPolicy("'nonce-n'", false, undefined, undefined, "https://reviews.example")).toContain(
      "script-src 'self' 'nonce-n' https://reviews.example;",
    );
    expect(contentSecurityPolicy("'nonce-n'", false)).toContain("script-src 'self' 'nonce-n';");
    // Scripts only: the widget calls the page's own API.
    expect(contentSecurityPolicy("'nonce-n'", false, undefined, undefined, "https://reviews.example")).toContain("connect-src 'self';");
  });
});
