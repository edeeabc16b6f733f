import { Hono, type Context } from "hono";
import { z } from "zod";
import type { PageBody } from "../modules/content";
import type { AppEnv } from "./env";
import { cacheableJson } from "./catalog";
import { asSeenBy } from "./program-prices";
import { apiError, jsonBody, queryInput } from "./errors";

// The content calls of SPEC §7 under /api/cms (get-products, get-filtered-products and
// get-skus-with-deal live with the catalogue in catalog.ts). Only published entries are served, the
// request's site variant first; rich text arrives sanitised. Responses carry an ETag and
// Cache-Control (cacheableJson) and come from the content service's short cache.

const slug = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200)
  .regex(/^[a-z0-9][a-z0-9/-]*$/, "lower-case letters, digits, dashes and slashes only");
const empty = z.strictObject({});
const globalsInput = z.strictObject({
  fields: z
    .array(
      z
        .string()
        .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, "must be a field name")
        .max(60),
    )
    .max(50),
});

const notFound = (c: Context<AppEnv>, what: string) => apiError(c, 404, "not_found", `No ${what}.`);

export function contentRoutes() {
  const app = new Hono<AppEnv>();
  const content = (c: Context<AppEnv>) => c.get("deps").services.content;
  const site = (c: Context<AppEnv>) => c.get("site").id;

  /** An empty-body POST answering one value. */
  const emptyPost = (path: string, answer: (c: Context<AppEnv>) => Promise<Record<string, unknown>>) =>
    app.post(path, jsonBody(empty), async (c) => {
      const body = await c.req.valid("json")();
      if (!body.ok) return body.response;
      return cacheableJson(c, await answer(c));
    });

  const single = async (
    c: Context<AppEnv>,
    type: "contact" | "account-pages-settings" | "footer" | "password-protect" | "no-results-suggestions",
    name: string,
  ) => {
    const value = await content(c).entry(type, "main", site(c));
    return value ? cacheableJson(c, { [name]: value }) : notFound(c, `published ${type} content`);
  };

  app.post("/v1.0/get-contact", jsonBody(empty), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    return single(c, "contact", "contact");
  });

  app.post("/v2.0/get-globals", jsonBody(globalsInput), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const values = (await content(c).entry("globals", "main", site(c)))?.values ?? {};
    // SPEC §7: the fields asked for (null when unknown); an empty list asks for every global.
    const { fields } = body.data;
    return cacheableJson(c, { globals: fields.length === 0 ? values : Object.fromEntries(fields.map((f) => [f, values[f] ?? null])) });
  });

  app.post("/v1.0/get-account-pages-settings", jsonBody(empty), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    return single(c, "account-pages-settings", "settings");
  });

  app.post("/v1.0/get-navigation", jsonBody(z.strictObject({ handle: slug })), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const navigation = await content(c).entry("navigation", body.data.handle, site(c));
    return navigation ? cacheableJson(c, { navigation }) : notFound(c, `navigation ${body.data.handle}`);
  });

  emptyPost("/v1.0/get-announcements", async (c) => ({
    announcements: (await content(c).list("announcement", site(c))).map((e) => e.body),
  }));

  app.get("/v2.0/get-header", async (c) => {
    const header = await content(c).entry("header", "main", site(c));
    if (!header) return notFound(c, "published header");
    const navigation = await content(c).entry("navigation", header.navigationHandle, site(c));
    return cacheableJson(c, { header, navigation });
  });

  emptyPost("/v1.0/get-sitewide-banners", async (c) => ({
    banners: (await content(c).list("sitewide-banner", site(c))).map((e) => e.body),
  }));
  emptyPost("/v1.0/get-highlight-content-block", async (c) => ({
    blocks: (await content(c).list("highlight-content-block", site(c))).map((e) => e.body),
  }));
  emptyPost("/v1.0/get-two-column-section", async (c) => ({
    sections: (await content(c).list("two-column-section", site(c))).map((e) => e.body),
  }));
  // SPEC §7: "list of entries with page, headline, paragraph, handles, bg_color".
  emptyPost("/v1.0/get-product-carousel", async (c) => ({
    carousels: (await content(c).list("product-carousel", site(c))).map((e) => e.body),
  }));
  emptyPost("/v1.0/get-promotion-banners", async (c) => ({
    banners: (await content(c).list("promotion-banner", site(c))).map((e) => e.body),
  }));

  app.get("/v1.0/get-no-results-suggestions", (c) => single(c, "no-results-suggestions", "suggestions"));
  app.get("/v1.0/get-footer", (c) => single(c, "footer", "footer"));
  app.get("/v1.0/get-password-protect", (c) => single(c, "password-protect", "passwordProtect"));

  app.post("/v1.0/get-page-by-name", jsonBody(z.strictObject({ name: slug })), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const page = await content(c).entry("page", body.data.name, site(c));
    return page ? cacheableJson(c, { page }) : notFound(c, `page named ${body.data.name}`);
  });

  // v1.0 answers the page as stored; v2.0 also resolves its product carousels into products.
  for (const version of ["v1.0", "v2.0"] as const) {
    app.get(`/${version}/get-page-by-slug`, queryInput(z.object({ slug })), async (c) => {
      const query = await c.req.valid("json")();
      if (!query.ok) return query.response;
      const page = await content(c).entry("page", query.data.slug, site(c));
      if (!page) return notFound(c, `page with slug ${query.data.slug}`);
      if (version === "v1.0") return cacheableJson(c, { page });
      return cacheableJson(c, { page: await withCarouselProducts(c, page) });
    });
  }

  app.post("/v1.0/get-plp-page-by-slug", jsonBody(z.strictObject({ slug })), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const page = await content(c).entry("plp-page", body.data.slug, site(c));
    return page ? cacheableJson(c, { page }) : notFound(c, `listing content for ${body.data.slug}`);
  });

  // A product's own block, else the block every product page shows.
  app.post("/v1.0/get-pdp-page-by-handle", jsonBody(z.strictObject({ handle: slug })), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const page = (await content(c).entry("pdp-page", body.data.handle, site(c))) ?? (await content(c).entry("pdp-page", "default", site(c)));
    return page ? cacheableJson(c, { page }) : notFound(c, `product content for ${body.data.handle}`);
  });

  return app;
}

async function withCarouselProducts(c: Context<AppEnv>, page: PageBody) {
  const catalog = c.get("deps").services.catalog;
  const sections = await Promise.all(
    page.sections.map(async (s) =>
      s.kind === "productCarousel" ? { ...s, products: await asSeenBy(c, await catalog.getProductsByHandles(s.handles, c.get("site").id)) } : s,
    ),
  );
  return { ...page, sections };
}
