import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("escapes the five markup characters", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  });

  it("escapes an ampersand once, leaving entities as text", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });

  it("leaves other text alone", () => {
    expect(escapeHtml("Chicken & Rice — 5 lb ✓")).toBe("Chicken &amp; Rice — 5 lb ✓");
    expect(escapeHtml("https://shop.test/products?a=1")).toBe("https://shop.test/products?a=1");
    expect(escapeHtml("")).toBe("");
  });
});
