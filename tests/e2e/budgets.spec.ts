import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";

// Performance budgets (README "Performance"), checked on the production build with the seed
// catalogue. Sizes, not timings: the same on every machine. Each page is fetched by a guest
// without cookies, as a first visit. Both are the bytes that travel: gzip-compressed.
//
//   first-load JS: the scripts the page loads before it is interactive (modulepreload + module
//                  scripts), per storefront route
//   every route:   the same from the build's route manifest (the entry with its imports, the route's
//                  and its parent routes' modules with theirs), console and account pages included,
//                  against the sizes recorded in first-load-js.json
//   HTML:          the whole document at the level the shop compresses pages with (zlib's default,
//                  as hono/compress and server/http/page-cache.ts do)

const root = path.resolve(import.meta.dirname, "../..");
const seed = buildSeedCatalog();
const product = seed.products.find((p) => p.sites.includes("d2c"))!;

const KB = 1024;
/** A budget a little above a size measured (docs/decisions/0008-performance-layer-measured.md). */
const above = (bytes: number) => Math.round(bytes * 1.05);

/**
 * Budgets per page, in gzip bytes. First-load JS: each route's size when it was measured, so it can
 * only stay or go down; the goal is 130 KB on every storefront route (React DOM and React Router
 * alone are 109 KB; optional UI loads on demand, app/lib/lazy-view.tsx, and the browser build groups
 * what every page and every shop page runs into two chunks, vite.config.ts pageChunks). HTML: the
 * measured size plus 5%. Lower a budget whenever a change brings a page well under it. The footer's
 * e-mail sign-up form (a plain form post, on every storefront page) added about 380 bytes to each;
 * the header's cart count asked after a page the cache shows to everyone (use-shopper.ts), 165; the
 * product page's phone add-to-cart bar (its code loads after the page), 89; the reminder mail's
 * confirmation page (a route in the route manifest and its page title), about 12; the listing's
 * filter drawer on phones (folded groups, the live "Show N products" footer; its dialog code loads
 * on the first tap), about 365 on listing, category and search; the feeding calculator's words for
 * a kept pet (the rule the shop chunk shares), under 10; My Autoships' "Add an item to this delivery" (the
 * card My Account's dashboard shares), about 650 on those two account pages; the announcement bar
 * scrollable by keyboard on a phone, about 37; the console's campaign pages and the campaign mails'
 * click route (routes in the route manifest) and the console navigation's nested sections, a few
 * bytes each (about 20 on the storefront's pages, 49 on the console's at most); "Notify me when it's
 * back" on an out-of-stock variant (its code loads only on the pages that show it; a route in the
 * manifest), about 60 on the product page; the console e-mail list's "Suppress an address" form, 562 on
 * that page; the content carousel's kept place for its pause button (no shift when it comes), 3 on home.
 * The console kit split so each page loads only the pieces it shows (dates formatted by the loaders, one
 * USD formatter in the shell) made every route smaller or left it as it was: these pages 23 to 54 bytes.
 * The error pages, the consent banner and the footer loaded while a page hydrates (the first two
 * only when shown), My Subscriptions' states apart from their form schemas, the signed-out notice
 * without the cookie library and dynamic imports without Vite's preload helper (vite.config.ts
 * noPreloadHelper): every route 2.1 KB or more smaller, My Account's dashboard 44 KB and My
 * Subscriptions 32 KB.
 */
const GOAL_JS = 130 * KB;
const pages: { name: string; path: string; js: number; html: number }[] = [
  { name: "home", path: "/", js: 124_605, html: above(10_897) },
  { name: "listing", path: "/products", js: 125_997, html: above(13_535) },
  { name: "category", path: "/products/dog", js: 127_278, html: above(13_327) },
  { name: "product", path: `/products/${product.handle}`, js: 129_975, html: above(12_512) },
  { name: "search", path: "/search?search=chicken", js: 125_735, html: above(13_113) },
  { name: "cart", path: "/cart", js: 128_233, html: above(7_321) },
  { name: "shipping", path: "/shipping", js: 124_940, html: above(6_322) },
];

function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
  // The inline module script imports the entry and the route modules.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls].filter((u) => u.startsWith("/assets/"));
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(root, "build/client", file)), { level: 9 }).length;

test.describe("budgets", () => {
  for (const p of pages) {
    test(`${p.name} (${p.path}): first-load JS and HTML within budget, gzipped`, async ({ request }) => {
      const res = await request.get(shopUrl(p.path), { headers: { "accept-encoding": "identity" } });
      expect(res.status()).toBe(200);
      const html = await res.text();
      const scripts = scriptsOf(html);
      expect(scripts.length).toBeGreaterThan(0);
      const js = scripts.reduce((sum, s) => sum + gzipSize(s), 0);
      const htmlGz = gzipSync(html).length;
      console.log(`${p.name}: JS ${js} B gz (${scripts.length} files), HTML ${htmlGz} B gz (${Buffer.byteLength(html)} B plain)`);
      if (js > GOAL_JS) console.log(`${p.name}: JS above the goal of ${GOAL_JS / KB} KB gz`);
      expect(js, "first-load JS, gzip").toBeLessThanOrEqual(p.js);
      expect(htmlGz, "HTML, gzip").toBeLessThanOrEqual(p.html);
    });
  }
});

/** First-load JS per route of the React Router build, in gzip bytes, from its client manifest. */
function firstLoadPerRoute(): Record<string, number> {
  const assets = path.join(root, "build/client/assets");
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))!;
  type Entry = { module: string; imports?: string[] };
  type Route = Entry & { parentId?: string };
  const manifest = JSON.parse(
    readFileSync(path.join(assets, file), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as { entry: Entry; routes: Record<string, Route> };
  const sizes: Record<string, number> = {};
  for (const [id, route] of Object.entries(manifest.routes)) {
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let r: Route | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module);
      r.imports?.forEach((f) => files.add(f));
    }
    sizes[id] = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  }
  return sizes;
}

test("every route's first-load JS stays within its recorded size, gzipped", () => {
  const measured = firstLoadPerRoute();
  const recorded = JSON.parse(readFileSync(path.join(import.meta.dirname, "first-load-js.json"), "utf8")) as Record<string, number>;
  const grown = Object.entries(measured).filter(([id, bytes]) => !(id in recorded) || bytes > recorded[id]!);
  // The table to record after a change that makes a page smaller (or adds a route).
  if (grown.length > 0 || Object.entries(measured).some(([id, bytes]) => bytes < recorded[id]!)) console.log(JSON.stringify(measured, null, 2));
  expect(
    Object.fromEntries(grown.map(([id, bytes]) => [id, { measured: bytes, recorded: recorded[id] ?? null }])),
    "routes above their recorded first-load JS",
  ).toEqual({});
});

test("every script and stylesheet of the build has its Brotli and gzip copies, byte for byte the file", () => {
  // The server sends these instead of the file (server/app.ts): a stale copy would be old code.
  const assets = path.join(root, "build/client/assets");
  // Not React Router's manifest-*.js: its server build writes it after the browser build, and pages
  // never load it (routes are discovered through /__manifest).
  const files = readdirSync(assets).filter((f) => /\.(js|css|svg)$/.test(f) && !/^manifest-/.test(f));
  const checked = files.flatMap((f) => {
    const plain = readFileSync(path.join(assets, f));
    if (plain.length < 1024) return [];
    const br = brotliDecompressSync(readFileSync(path.join(assets, `${f}.br`)));
    const gz = gunzipSync(readFileSync(path.join(assets, `${f}.gz`)));
    return [{ f, same: br.equals(plain) && gz.equals(plain) }];
  });
  expect(checked.length).toBeGreaterThan(20);
  expect(checked.filter((c) => !c.same).map((c) => c.f)).toEqual([]);
});
