import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteFor } from "../../rules/shared/site";
import { parseConfig } from "../../server/config";
import { createDeps, type AppDeps } from "../../server/context";
import type { Database } from "../../server/db/client";
import { openTestDatabase } from "../../server/db/test-database";
import { createLogger } from "../../server/log";
import { requestContext } from "../../server/request-context";
import { loadListing } from "../features/catalog/listing-loader";
import { loadProductPage } from "../features/catalog/product-page";
import { resolveCarousels } from "../features/content/content-loader.server";
import { searchTop } from "./search-top";

// Every way a product comes into a page the page cache keeps records it (app/lib/page-shows.ts):
// a stock change purges from the shared cache only the pages whose keys name that product.

let database: Database;
let deps: AppDeps;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("info", new Writable({ write: (_c, _e, done) => done() })), () => "test");
}, 60_000);
afterAll(() => database.close());

/** A request context as the page cache makes it: with a set for what the page shows. */
const keptPage = () => ({ ...requestContext(deps, siteFor("d2c", deps.config.storeName)), pageShows: new Set<string>() });

describe("what a kept page shows", () => {
  it("a listing: its cards' products, and that its products may change", async () => {
    const context = keptPage();
    const page = await loadListing(context, new Request("http://localhost/products"), { kind: "product-listing", basePath: "/products" });
    const ids = (await deps.services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 24, facets: false })).products.map(
      (p) => p.id,
    );
    expect(page.total).toBeGreaterThan(0);
    expect([...context.pageShows].sort()).toEqual(["listings", ...ids.map((id) => `p:${id}`)].sort());
  });

  it("a product page: its product", async () => {
    const [product] = (await deps.services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 1, facets: false })).products;
    const context = keptPage();
    await loadProductPage(context, new Request(`http://localhost/products/${product.handle}`), {
      handle: product.handle,
      brand: null,
      flavor: null,
      size: null,
    });
    expect([...context.pageShows]).toEqual([`p:${product.id}`]);
  });

  it("a carousel: its products, and that they may change while it names a handle no product has", async () => {
    const products = (await deps.services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 3, facets: false })).products;
    const carousel = (handles: string[]) => ({ headline: "h", paragraph: "", bg_color: "white" as const, copyColor: "dark gray" as const, handles });
    const found = keptPage();
    await Promise.all(resolveCarousels(found, [carousel(products.map((p) => p.handle))]));
    expect([...found.pageShows].sort()).toEqual(products.map((p) => `p:${p.id}`).sort());
    const missing = keptPage();
    await Promise.all(resolveCarousels(missing, [carousel([products[0].handle, "not-yet-a-product"])]));
    expect([...missing.pageShows].sort()).toEqual(["listings", `p:${products[0].id}`]);
  });

  it("a quick search: its products, and that they may change", async () => {
    const products = (await deps.services.catalog.listProducts({ site: "d2c", filters: [], sort: "featured", page: 1, limit: 1, facets: false })).products;
    const searched = keptPage();
    const found = await searchTop(searched, products[0].title.split(" ")[0], 4);
    expect(found.products.length).toBeGreaterThan(0);
    expect([...searched.pageShows].sort()).toEqual(["listings", ...found.products.map((p) => `p:${p.id}`)].sort());
  });
});
