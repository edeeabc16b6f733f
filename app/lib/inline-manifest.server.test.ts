import { describe, expect, it } from "vitest";
import { compactManifest, compactManifestOf } from "./inline-manifest.server";

// The module script as React Router 7 writes it into a page (Scripts, with lazy route discovery):
// the manifest pretty-printed, then the route modules and the entry's import.

const manifest = {
  entry: { module: "/assets/entry.client-1.js", imports: [], css: [] },
  routes: {
    root: { id: "root", path: "", hasLoader: true, module: "/assets/root-1.js", imports: ["/assets/entry.client-1.js"], css: [] },
    "routes/products": { id: "routes/products", parentId: "root", path: "products", hasLoader: true, module: "/assets/products-1.js", imports: [], css: [] },
  },
  url: "/assets/manifest-d32eaa80.js",
  version: "d32eaa80",
};

const script = (json: string) =>
  `<script nonce="N0nce" type="module" async="">;\nimport * as route0 from "/assets/root-1.js";\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");</script>`;
const page = (json: string) => `<body><main><p>Ünïcode stays whole</p></main>${script(json)}</body></html>`;

describe("the inline route manifest", () => {
  it("is written compactly, as the same object", () => {
    const pretty = page(JSON.stringify(manifest, null, 2));
    const compact = compactManifest(pretty);
    expect(compact).toBe(page(JSON.stringify(manifest)));
    expect(compact.length).toBeLessThan(pretty.length);
    const json = /window\.__reactRouterManifest = (.*);\n {2}window\.__reactRouterRouteModules/.exec(compact)![1]!;
    expect(JSON.parse(json)).toEqual(manifest);
  });

  it("keeps braces, brackets, quotes and a `;` inside strings", () => {
    const odd = { routes: { "a}b": { id: 'x";{[y', path: "p;q}" } }, version: "v\\\"1" };
    const pretty = page(JSON.stringify(odd, null, 2));
    expect(compactManifest(pretty)).toBe(page(JSON.stringify(odd)));
  });

  it("leaves a page without a manifest, one cut off, or one that is not JSON exactly as it came", () => {
    const none = "<body><p>No scripts</p></body>";
    expect(compactManifest(none)).toBe(none);
    const cut = page(JSON.stringify(manifest, null, 2)).slice(0, 200);
    expect(compactManifest(cut)).toBe(cut);
    const notJson = page("{\n  routes: {}\n}");
    expect(compactManifest(notJson)).toBe(notJson);
    const noSemicolon = `window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)}\n`;
    expect(compactManifest(noSemicolon)).toBe(noSemicolon);
  });

  it("rewrites a piece of the page that holds it and hands back any other piece itself", () => {
    const piece = Buffer.from(page(JSON.stringify(manifest, null, 2)));
    expect(compactManifestOf(piece).toString("utf8")).toBe(page(JSON.stringify(manifest)));
    const later = Buffer.from('<script>window.__reactRouterContext.streamController.close();</script>');
    expect(compactManifestOf(later)).toBe(later);
  });
});
