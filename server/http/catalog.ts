import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { RANGE_FIELDS, VALUE_FIELDS } from "../modules/catalog";
import { MAX_HANDLES, MAX_LIMIT } from "../modules/catalog";
import { LISTING_SORTS } from "../modules/catalog";
import type { AppEnv } from "./env";
import { asSeenBy, priceAudienceOf } from "./program-prices";
import { apiError, jsonBody, queryInput } from "./errors";
import { readCookie } from "../../rules/shared/cookies";
import { SESSION_COOKIE } from "../modules/identity";
import { escapeHtml } from "../../rules/shared/escape-html";

// The catalogue calls of SPEC §7 (paths per ARCHITECTURE §4): products by handle, filter definitions,
// the CMS product lists and the deal SKUs; and /sitemap.xml. Thin: parse → catalogue service → JSON.

const handle = z.string().trim().min(1, "must not be empty").max(255);
const handles = z.array(handle).min(1, "give at least one handle").max(MAX_HANDLES, `at most ${MAX_HANDLES} handles`);

const RANGE_MAX = 1_000_000;
const valueFilter = z.strictObject({ field: z.enum(VALUE_FIELDS), value: z.string().trim().min(1).max(100) });
const rangeFilter = z
  .strictObject({
    field: z.enum(RANGE_FIELDS),
    // Bounded: the database compares prices as 32-bit cents, and no food costs a million dollars.
    min: z.number().finite().min(0).max(RANGE_MAX, `at most ${RANGE_MAX}`).optional(),
    max: z.number().finite().min(0).max(RANGE_MAX, `at most ${RANGE_MAX}`).optional(),
  })
  .refine((f) => f.min !== undefined || f.max !== undefined, "a range filter needs min or max")
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, "min must not exceed max");

const listingBody = z.object({
  filters: z
    .array(z.union([valueFilter, rangeFilter]))
    .max(50)
    .default([]),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(24),
  page: z.number().int().min(1).max(100_000).default(1),
  sort: z.enum(LISTING_SORTS).default("featured"),
  search: z.string().max(200).optional(),
});

/**
 * JSON that a CDN may cache (ARCHITECTURE §6): guests get `Cache-Control: public, max-age=60` and a
 * weak ETag of the body, and a 304 when If-None-Match already names it. A signed-in shopper's
 * responses stay private.
 */
export function cacheableJson(c: Context<AppEnv>, body: unknown): Response {
  const text = JSON.stringify(body);
  const etag = `W/"${createHash("sha1").update(text).digest("base64url")}"`;
  const guest = readCookie(c.req.header("cookie"), SESSION_COOKIE) === null;
  const headers = {
    "Cache-Control": guest ? "public, max-age=60" : "private, no-cache",
    ETag: etag,
    Vary: "Cookie",
  };
  const wanted = (c.req.header("if-none-match") ?? "")
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .filter(Boolean);
  if (wanted.includes("*") || wanted.includes(etag.replace(/^W\//, ""))) return c.body(null, 304, headers);
  return c.body(text, 200, { ...headers, "Content-Type": "application/json; charset=UTF-8" });
}

const notFound = (c: Context<AppEnv>, what: string) => apiError(c, 404, "not_found", `No ${what}.`);

export function catalogRoutes() {
  const app = new Hono<AppEnv>();
  const catalog = (c: Context<AppEnv>) => c.get("deps").services.catalog;

  for (const path of ["/ecom/v1.0/get-products-by-handles", "/ecom/v1.0/get-listing-products-by-handles"]) {
    app.post(path, jsonBody(z.object({ handles })), async (c) => {
      const body = await c.req.valid("json")();
      if (!body.ok) return body.response;
      const products = await asSeenBy(c, await catalog(c).getProductsByHandles(body.data.handles, c.get("site").id));
      return cacheableJson(c, { products });
    });
  }

  app.get("/ecom/v1.0/get-product-by-handle", queryInput(z.object({ handle })), async (c) => {
    const query = await c.req.valid("json")();
    if (!query.ok) return query.response;
    const found = await catalog(c).getProductByHandle(query.data.handle, c.get("site").id);
    const [product] = found ? await asSeenBy(c, [found]) : [];
    return product ? cacheableJson(c, { product }) : notFound(c, `product with handle ${query.data.handle}`);
  });

  app.post("/ecom/v1.0/get-listing-product-by-handle", jsonBody(z.object({ handle })), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const found = await catalog(c).getProductByHandle(body.data.handle, c.get("site").id);
    const [product] = found ? await asSeenBy(c, [found]) : [];
    return product ? cacheableJson(c, { product }) : notFound(c, `product with handle ${body.data.handle}`);
  });

  app.post("/ecom/v1.0/get-filters-by-handle", jsonBody(z.object({ handle, limit: z.number().int().min(1).max(MAX_LIMIT).default(MAX_LIMIT) })), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const filter = await catalog(c).getFiltersByHandle(body.data.handle, body.data.limit, c.get("site").id);
    return filter ? cacheableJson(c, { filter }) : notFound(c, `filter category ${body.data.handle}`);
  });

  // get-products: a plain product list (carousels); get-filtered-products: the listing with facets.
  app.post("/cms/v1.0/get-products", jsonBody(listingBody), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const { facets: _facets, ...result } = await catalog(c).listProducts({
      ...body.data,
      site: c.get("site").id,
      facets: false,
      priceAudience: await priceAudienceOf(c),
    });
    return cacheableJson(c, { ...result, products: await asSeenBy(c, result.products) });
  });

  app.post("/cms/v1.0/get-filtered-products", jsonBody(listingBody), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const result = await catalog(c).listProducts({ ...body.data, site: c.get("site").id, priceAudience: await priceAudienceOf(c) });
    return cacheableJson(c, { ...result, products: await asSeenBy(c, result.products) });
  });

  app.post("/cms/v1.0/get-skus-with-deal", jsonBody(z.object({})), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    return cacheableJson(c, await catalog(c).dealSkus(c.get("site").id));
  });

  return app;
}

/** GET /robots.txt, and GET /sitemap.xml: every product and category URL of the request's site, absolute on its origin. */
export function sitemapRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/sitemap.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const entries = await c.get("deps").services.catalog.sitemapEntries(c.get("site").id);
    const urls = entries.map((e) => `<url><loc>${escapeHtml(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified}</lastmod>` : ""}</url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=UTF-8", "Cache-Control": "public, max-age=3600" });
  });
  // robots.txt names the sitemap by absolute URL, so it is served per site rather than as a file.
  app.get("/robots.txt", (c) => {
    const origin = new URL(c.req.url).origin;
    const body = ["User-agent: *", "Disallow: /account/", "Disallow: /cart", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""];
    return c.text(body.join("\n"), 200, { "Cache-Control": "public, max-age=3600" });
  });
  return app;
}
