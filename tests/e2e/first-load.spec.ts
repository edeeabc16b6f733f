import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";

// How a storefront page's first load is ordered and split (vite.config.ts pageChunks, app/root.tsx
// links, app/lib/head-order.server.ts, the product gallery): checked on the production build's HTML, as a first visit without cookies.

const seed = buildSeedCatalog();
const product = seed.products.find((p) => p.sites.includes("d2c"))!;

const pages = [
  { name: "home", path: "/" },
  { name: "listing", path: "/products" },
  { name: "product", path: `/products/${product.handle}` },
  { name: "cart", path: "/cart" },
];

/** The script files the page loads before it is interactive (as budgets.spec.ts counts them). */
function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls].filter((u) => u.startsWith("/assets/"));
}

test.describe("first load", () => {
  for (const p of pages) {
    test(`${p.name}: the stylesheet is the head's first request after the largest picture, and the scripts come in few files`, async ({ request }) => {
      const res = await request.get(shopUrl(p.path));
      expect(res.status()).toBe(200);
      const html = await res.text();
      const head = html.slice(0, html.indexOf("</head>"));
      const stylesheet = head.search(/<link[^>]+rel="stylesheet"/);
      const firstScript = head.search(/<link[^>]+rel="modulepreload"/);
      expect(stylesheet).toBeGreaterThan(-1);
      expect(firstScript).toBeGreaterThan(-1);
      // The one render-blocking request starts before a dozen script preloads, not after them.
      expect(stylesheet).toBeLessThan(firstScript);
      // Nor after the first pictures' preloads React makes: only a picture preloaded with
      // fetchpriority=high (the product page's largest paint) goes ahead of it.
      const imagesFirst = [...head.slice(0, stylesheet).matchAll(/<link[^>]+rel="preload"[^>]+as="image"[^>]*>/g)].map((m) => m[0]);
      expect(imagesFirst.filter((tag) => !/fetchPriority="high"/i.test(tag))).toEqual([]);
      // Each script file is preloaded once (the entry chunk, which holds the root's code, was listed twice).
      const preloaded = [...head.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
      expect(preloaded.length).toBe(new Set(preloaded).size);
      // At low priority: they block no paint, and the stylesheet and pictures take the first round trips.
      for (const tag of head.match(/<link[^>]+rel="modulepreload"[^>]*>/g) ?? []) expect(tag).toMatch(/fetchPriority="low"/);
      // What every page runs travels in the entry chunk, what every storefront page adds in the shop
      // chunk: 11-18 files per page today, 26-32 before they were grouped.
      expect(scriptsOf(html).length).toBeLessThanOrEqual(20);
    });
  }

  test("product page: its picture is preloaded with high priority, ahead of the stylesheet and the scripts", async ({ request }) => {
    const html = await (await request.get(shopUrl(`/products/${product.handle}`))).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = /<link[^>]+rel="preload"[^>]+as="image"[^>]*>/.exec(head);
    expect(preload).not.toBeNull();
    expect(preload![0]).toMatch(/fetchPriority="high"/i);
    expect(preload!.index).toBeLessThan(head.search(/<link[^>]+rel="stylesheet"/));
  });
});
