import { describe, expect, it } from "vitest";
import { orderHead, orderHeadOf } from "./head-order.server";

// The head as React 19 and React Router write it (entry.server.tsx), reordered for a slow network.

const charset = '<meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>';
const card = (n: number) => `<link rel="preload" as="image" imageSrcSet="/_img/p/card-${n}?w=320 320w, /_img/p/card-${n}?w=640 640w" imageSizes="48vw"/>`;
const hero = '<link rel="preload" as="image" fetchPriority="high" imageSrcSet="/_img/p/hero?w=640 640w" imageSizes="100vw"/>';
const css = '<link nonce="" rel="stylesheet" href="/assets/app-1.css" data-precedence="default"/>';
const module = (name: string) => `<link rel="modulepreload" href="/assets/${name}.js" nonce="N0nce"/>`;
/** A script preload as orderHead answers it: at low priority, without the nonce (script-src 'self' allows it). */
const low = (name: string) => `<link fetchPriority="low" rel="modulepreload" href="/assets/${name}.js"/>`;
const title = "<title>Shop All</title>";

describe("the head's order", () => {
  it("puts the card pictures' preloads behind the stylesheet, in their order", () => {
    const head = `<!DOCTYPE html><html lang="en"><head>${charset}${card(1)}${card(2)}${card(3)}${css}${title}${module("entry")}`;
    expect(orderHead(head)).toBe(`<!DOCTYPE html><html lang="en"><head>${charset}${css}${card(1)}${card(2)}${card(3)}${title}${low("entry")}`);
  });

  it("leaves a picture preloaded with fetchpriority=high ahead of the stylesheet (the product page's largest paint)", () => {
    const head = `<head>${charset}${hero}${card(1)}${css}${title}`;
    expect(orderHead(head)).toBe(`<head>${charset}${hero}${css}${card(1)}${title}`);
  });

  it("drops a repeated modulepreload of the same file and keeps the first", () => {
    const head = `<head>${css}${module("entry")}${module("root")}${module("entry")}${module("shop")}`;
    expect(orderHead(head)).toBe(`<head>${css}${low("entry")}${low("root")}${low("shop")}`);
  });

  it("asks for the script preloads at low priority, and leaves a priority already given alone", () => {
    const head = `<head>${css}${module("entry")}<link rel="modulepreload" fetchPriority="high" href="/assets/x.js"/>`;
    expect(orderHead(head)).toBe(`<head>${css}${low("entry")}<link rel="modulepreload" fetchPriority="high" href="/assets/x.js"/>`);
  });

  it("drops the nonce of a preload of the shop's own script, and keeps one of another origin's", () => {
    const head = `<head>${css}${module("entry")}<link rel="modulepreload" href="https://cdn.example.test/x.js" nonce="N0nce"/>`;
    expect(orderHead(head)).toBe(
      `<head>${css}${low("entry")}<link fetchPriority="low" rel="modulepreload" href="https://cdn.example.test/x.js" nonce="N0nce"/>`,
    );
    expect(orderHead(`<head>${css}<link rel="modulepreload" fetchPriority="high" href="/assets/x.js" nonce="N0nce"/>`)).toBe(
      `<head>${css}<link rel="modulepreload" fetchPriority="high" href="/assets/x.js"/>`,
    );
  });

  it("changes nothing in a head without a stylesheet or already in order", () => {
    const noCss = `<head>${charset}${card(1)}${title}`;
    expect(orderHead(noCss)).toBe(noCss);
    const inOrder = `<head>${charset}${css}${card(1)}${title}${low("entry")}`;
    expect(orderHead(inOrder)).toBe(inOrder);
  });

  it("reorders only the head of a page's first piece, and leaves a piece without the head's end alone", () => {
    const body = "<body><p>Ünïcode stays whole</p>";
    const piece = Buffer.from(`<head>${card(1)}${css}</head>${body}`);
    expect(orderHeadOf(piece).toString("utf8")).toBe(`<head>${css}${card(1)}</head>${body}`);
    const later = Buffer.from(`<div>${card(1)}${css}</div>`);
    expect(orderHeadOf(later)).toBe(later);
  });
});
