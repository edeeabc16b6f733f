import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { buildSeedCatalog } from "../modules/catalog";
import { staffMember } from "../testing/staff";
import type { FilterDefinition, ListingResult, Product } from "../modules/catalog";

// The catalogue calls of SPEC §7 through the whole HTTP stack (the page handler is a stand-in).

let database: Database;
let app: ReturnType<typeof createApp>;
/** A registered, eligible staff member's session cookie (the staff site's catalogue calls need one). */
let member: string;
let student: string;
const catalog = buildSeedCatalog();
const shopProducts = catalog.products.filter((p) => p.sites.includes("d2c"));
const d2cOnly = catalog.products.find((p) => p.sites.length === 1 && p.sites[0] === "d2c")!;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const deps = createDeps(parseConfig({ STORE_NAME: "Test Pets" }), database, createLogger("info", quiet), () => "build-1");
  app = createApp(deps, { handler: async () => new Response("page") });
  member = (await staffMember(deps.services)).cookie;
  student = (await staffMember(deps.services, { role: "STUDENT" })).cookie;
});
afterAll(() => database?.close());

const STAFF = "pro.localhost:3000";
function post(path: string, body: unknown, { host = "localhost:3000", headers = {} as Record<string, string> } = {}) {
  return app.request(`http://${host}${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
function get(path: string, { host = "localhost:3000", headers = {} as Record<string, string> } = {}) {
  return app.request(`http://${host}${path}`, { headers: { host, ...headers } });
}
async function expect400(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe("bad_request");
  expect(Object.keys(body.error.fields)).toContain(field);
}

describe("get-products-by-handles and get-listing-products-by-handles", () => {
  for (const path of ["/api/ecom/v1.0/get-products-by-handles", "/api/ecom/v1.0/get-listing-products-by-handles"]) {
    it(`${path}: products in the order asked, unknown handles left out`, async () => {
      const [a, b] = shopProducts;
      const res = await post(path, { handles: [b.handle, "no-such-product", a.handle] });
      expect(res.status).toBe(200);
      const { products } = (await res.json()) as { products: Product[] };
      expect(products.map((p) => p.handle)).toEqual([b.handle, a.handle]);
      expect(products[0].variants[0]).toMatchObject({ sku: b.variants[0].sku, price: { currencyCode: "USD" } });
    });

    it(`${path}: 400 naming the field`, async () => {
      await expect400(await post(path, {}), "handles");
      await expect400(await post(path, { handles: [] }), "handles");
      await expect400(await post(path, { handles: Array.from({ length: 51 }, (_, i) => `h${i}`) }), "handles");
      await expect400(await post(path, { handles: ["ok", ""] }), "handles.1");
    });
  }

  it("answers a bad JSON body with 400", async () => {
    const res = await post("/api/ecom/v1.0/get-products-by-handles", "{not json");
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("invalid_json");
  });

  it("shows program prices on the staff site only", async () => {
    const handle = shopProducts.find((p) => p.sites.includes("hpsf"))!.handle;
    const shop = (await (await post("/api/ecom/v1.0/get-products-by-handles", { handles: [handle] })).json()) as { products: Product[] };
    const asStaff = async (cookie?: string) => {
      const res = await post("/api/ecom/v1.0/get-products-by-handles", { handles: [handle] }, { host: STAFF, headers: cookie ? { cookie } : {} });
      return { status: res.status, body: (await res.json()) as { products: Product[] } };
    };
    expect(shop.products[0].variants[0].programPrice).toBeNull();
    expect((await asStaff(member)).body.products[0].variants[0].programPrice).toMatchObject({ currencyCode: "USD" });
    // A registered member whose group is not eligible (students, by default) gets the products without program prices.
    const forStudent = await asStaff(student);
    expect(forStudent.status).toBe(200);
    expect(forStudent.body.products[0].variants.map((v) => v.programPrice)).toEqual(forStudent.body.products[0].variants.map(() => null));
    // No one unregistered gets the staff site's catalogue at all.
    expect((await asStaff()).status).toBe(401);
  });
});

describe("get-product-by-handle (GET) and get-listing-product-by-handle", () => {
  it("answers the product", async () => {
    const { handle } = shopProducts[3];
    const res = await get(`/api/ecom/v1.0/get-product-by-handle?handle=${handle}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { product: Product }).product.handle).toBe(handle);
    const listing = await post("/api/ecom/v1.0/get-listing-product-by-handle", { handle });
    expect(((await listing.json()) as { product: Product }).product.handle).toBe(handle);
  });

  it("answers 404 for an unknown handle and for a product not sold on the site", async () => {
    const res = await get("/api/ecom/v1.0/get-product-by-handle?handle=no-such-product");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
    expect((await get(`/api/ecom/v1.0/get-product-by-handle?handle=${d2cOnly.handle}`, { host: STAFF, headers: { cookie: member } })).status).toBe(404);
    expect((await post("/api/ecom/v1.0/get-listing-product-by-handle", { handle: "nope" })).status).toBe(404);
  });

  it("answers 400 without a handle", async () => {
    await expect400(await get("/api/ecom/v1.0/get-product-by-handle"), "handle");
    await expect400(await post("/api/ecom/v1.0/get-listing-product-by-handle", { handle: 12 }), "handle");
  });
});

describe("get-filters-by-handle", () => {
  it("answers the definition with at most `limit` options", async () => {
    const res = await post("/api/ecom/v1.0/get-filters-by-handle", { handle: "pet-age", limit: 2 });
    expect(res.status).toBe(200);
    const { filter } = (await res.json()) as { filter: FilterDefinition };
    expect(filter).toMatchObject({ slug: "pet-age", field: "lifestage", label: "Pet Age", isNavigation: true });
    expect(filter.options.map((o) => o.slug)).toEqual(["puppy-food", "adult-dog-food"]);
  });

  it("answers 404 for an unknown slug and 400 for a bad limit", async () => {
    expect((await post("/api/ecom/v1.0/get-filters-by-handle", { handle: "colour", limit: 5 })).status).toBe(404);
    await expect400(await post("/api/ecom/v1.0/get-filters-by-handle", { handle: "brand", limit: 0 }), "limit");
    await expect400(await post("/api/ecom/v1.0/get-filters-by-handle", { handle: "brand", limit: 101 }), "limit");
    await expect400(await post("/api/ecom/v1.0/get-filters-by-handle", { limit: 5 }), "handle");
  });
});

describe("cms get-products and get-filtered-products", () => {
  const dogDry = {
    filters: [
      { field: "species", value: "dog" },
      { field: "food_form", value: "dry" },
      { field: "weight", min: 15 },
    ],
    limit: 5,
    page: 2,
    sort: "price-asc",
  };

  it("get-filtered-products answers a page with facets", async () => {
    const res = await post("/api/cms/v1.0/get-filtered-products", dogDry);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ListingResult;
    expect(body).toMatchObject({ page: 2, limit: 5 });
    expect(body.products).toHaveLength(5);
    expect(body.pageCount).toBe(Math.ceil(body.total / 5));
    expect(body.facets.find((f) => f.slug === "species")!.options.find((o) => o.slug === "dog")).toMatchObject({ selected: true });
    for (const p of body.products) expect(p.productSpecies).toBe("dog");
  });

  it("get-products answers the page without facets, and takes a search", async () => {
    const res = await post("/api/cms/v1.0/get-products", { ...dogDry, page: 1 });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.facets).toBeUndefined();
    expect(body.products).toHaveLength(5);
    const sku = shopProducts[10].variants[0].sku;
    const search = (await (await post("/api/cms/v1.0/get-products", { search: sku, limit: 3 })).json()) as ListingResult;
    expect(search.products[0].handle).toBe(shopProducts[10].handle);
  });

  it("uses defaults for an empty body", async () => {
    const body = (await (await post("/api/cms/v1.0/get-filtered-products", {})).json()) as ListingResult;
    expect(body).toMatchObject({ page: 1, limit: 24, total: shopProducts.length });
  });

  it("answers 400 naming the field for bad filters, limits, pages and sorts", async () => {
    const path = "/api/cms/v1.0/get-filtered-products";
    await expect400(await post(path, { limit: 0 }), "limit");
    await expect400(await post(path, { limit: 101 }), "limit");
    await expect400(await post(path, { page: 0 }), "page");
    await expect400(await post(path, { page: 1.5 }), "page");
    await expect400(await post(path, { sort: "cheapest" }), "sort");
    await expect400(await post(path, { filters: "species=dog" }), "filters");
    await expect400(await post(path, { filters: [{ field: "colour", value: "red" }] }), "filters.0");
    await expect400(await post(path, { filters: [{ field: "weight" }] }), "filters.0");
    await expect400(await post(path, { filters: [{ field: "price", min: 10, max: 5 }] }), "filters.0");
    await expect400(await post("/api/cms/v1.0/get-products", { search: "x".repeat(201) }), "search");
  });
});

describe("get-skus-with-deal", () => {
  it("answers a map keyed by SKU", async () => {
    const res = await post("/api/cms/v1.0/get-skus-with-deal", {});
    expect(res.status).toBe(200);
    const deals = (await res.json()) as Record<string, { sku: string; label: string }>;
    const [first] = catalog.dealSkus;
    expect(deals[first.sku]).toEqual({ sku: first.sku, label: first.label });
    expect(Object.keys(deals).sort()).toEqual(catalog.dealSkus.map((d) => d.sku).sort());
  });
});

describe("caching (ARCHITECTURE §6)", () => {
  it("sends Cache-Control and an ETag to guests and answers 304 to If-None-Match", async () => {
    const path = `/api/ecom/v1.0/get-product-by-handle?handle=${shopProducts[0].handle}`;
    const first = await get(path);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get(path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");

    const other = await get(path, { headers: { "if-none-match": 'W/"something-else"' } });
    expect(other.status).toBe(200);

    const listing = await post("/api/cms/v1.0/get-filtered-products", { limit: 3 });
    const listingEtag = listing.headers.get("etag")!;
    expect((await post("/api/cms/v1.0/get-filtered-products", { limit: 3 }, { headers: { "if-none-match": listingEtag } })).status).toBe(304);
  });

  it("gives each site its own ETag", async () => {
    const path = `/api/ecom/v1.0/get-product-by-handle?handle=${shopProducts.find((p) => p.sites.includes("hpsf"))!.handle}`;
    const shop = (await get(path)).headers.get("etag");
    const staff = (await get(path, { host: STAFF, headers: { cookie: member } })).headers.get("etag");
    expect(shop).not.toBe(staff);
  });

  it("keeps a signed-in shopper's responses private", async () => {
    const res = await post("/api/cms/v1.0/get-skus-with-deal", {}, { headers: { cookie: "sessionToken=abc" } });
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("/robots.txt", () => {
  it("points crawlers to the site's own sitemap and keeps them out of private pages", async () => {
    const res = await get("/robots.txt", { host: STAFF });
    const text = await res.text();
    expect(text).toContain(`Sitemap: http://${STAFF}/sitemap.xml`);
    expect(text).toContain("Disallow: /account/");
  });
});

describe("/sitemap.xml", () => {
  it("lists the site's product and category URLs, absolute on the request origin", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>http://localhost:3000/products/dog/brand/kindred-crest</loc>");
    expect(xml).toContain(`<loc>http://localhost:3000/products/${d2cOnly.handle}</loc>`);

    const staff = await (await get("/sitemap.xml", { host: STAFF })).text();
    expect(staff).toContain("<loc>http://pro.localhost:3000/products</loc>");
    expect(staff).not.toContain(d2cOnly.handle);
  });
});
