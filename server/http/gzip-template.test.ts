import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutAt, fill, gzipTemplate, gzipWith } from "./gzip-template";

// A cached page is gzipped once and sent with each answer's own nonce: what the browser inflates must
// be exactly the page with that nonce, whatever the page's size and however many places it has.

const MARK = "\u0000mark\u0000";

function page(places: number, filler = 3000): string {
  const parts: string[] = [];
  for (let i = 0; i < places + 1; i++)
    parts.push(`<div class="card">Ünïcode text ${i} ${"kibble ".repeat(filler)}${randomBytes(200).toString("base64")}</div>`);
  return parts.join(`<script nonce="${MARK}">`);
}

describe("fill", () => {
  it.each([0, 1, 5])("is the page with the value at its %i places", (places) => {
    const text = page(places, 10);
    const template = cutAt(text, MARK);
    expect(template).toHaveLength(places + 1);
    for (const nonce of ["abc", "ünï-\u2028"]) expect(fill(template, nonce).toString("utf8")).toBe(text.split(MARK).join(nonce));
  });

  it("places at the very start and end, and an empty page", () => {
    expect(fill(cutAt(`${MARK}middle${MARK}`, MARK), "N").toString()).toBe("NmiddleN");
    expect(fill(cutAt("", MARK), "N").toString()).toBe("");
  });
});

describe("gzipWith", () => {
  it.each([0, 1, 5])("inflates to the page with the value at its %i places", (places) => {
    const text = page(places);
    const template = gzipTemplate(cutAt(text, MARK));
    for (const nonce of ["abc", randomBytes(16).toString("base64url")]) {
      const gz = gzipWith(template, nonce);
      expect(gunzipSync(gz).toString("utf8")).toBe(text.split(MARK).join(nonce));
    }
  });

  it("is smaller than the page", () => {
    const text = page(3);
    expect(gzipWith(gzipTemplate(cutAt(text, MARK)), "n0nce").length).toBeLessThan(Buffer.byteLength(text) / 3);
  });

  it("holds a value longer than one stored block, and an empty page", () => {
    const template = gzipTemplate(cutAt(`a${MARK}b`, MARK));
    const long = "x".repeat(70_000);
    expect(gunzipSync(gzipWith(template, long)).toString()).toBe(`a${long}b`);
    expect(gunzipSync(gzipWith(gzipTemplate(cutAt("", MARK)), "n")).toString()).toBe("");
  });

  it("places at the very start and end of the page", () => {
    const text = `${MARK}middle${MARK}`;
    expect(gunzipSync(gzipWith(gzipTemplate(cutAt(text, MARK)), "N")).toString()).toBe("NmiddleN");
  });
});
