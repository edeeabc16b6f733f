import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";

// The content calls of SPEC §7 through the whole HTTP stack, on the seeded content of content/.

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const deps = createDeps(parseConfig({ STORE_NAME: "Test Pets" }), database, createLogger("info", quiet), () => "build-1");
  app = createApp(deps, { handler: async () => new Response("page") });
});
afterAll(() => database?.close());

const SHOP = "localhost:3000";
const STAFF = "pro.localhost:3000";
function post(path: string, body: unknown = {}, { host = SHOP, headers = {} as Record<string, string> } = {}) {
  return app.request(`http://${host}/api/cms${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
function get(path: string, { host = SHOP, headers = {} as Record<string, string> } = {}) {
  return app.request(`http://${host}/api/cms${path}`, { headers: { host, ...headers } });
}
async function ok(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  expect(res.headers.get("etag")).toMatch(/^W\/"/);
  return res.json();
}
async function expect400(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe("bad_request");
  expect(Object.keys(body.error.fields)).toContain(field);
}

/** Each call, the key of its answer, and what the published content gives: the number of
 *  entries of a list, or the keys of an object. */
const EMPTY_POSTS: [string, string, number | string[]][] = [
  ["/v1.0/get-contact", "contact", ["addressLines", "email", "heading", "hours", "phone"]],
  ["/v1.0/get-account-pages-settings", "settings", ["addressBookHtml", "autoshipsEmptyText", "dashboardHtml", "ordersEmptyText"]],
  ["/v1.0/get-announcements", "announcements", 2],
  ["/v1.0/get-sitewide-banners", "banners", 1],
  ["/v1.0/get-highlight-content-block", "blocks", 1],
  ["/v1.0/get-two-column-section", "sections", 1],
  ["/v1.0/get-product-carousel", "carousels", 4],
  ["/v1.0/get-promotion-banners", "banners", 2],
];

describe("the empty-body POST calls", () => {
  for (const [path, key, shape] of EMPTY_POSTS) {
    it(`${path}: answers published content; 400 on an unknown field or bad JSON`, async () => {
      const body = await ok(await post(path));
      expect(Array.isArray(body[key]) ? body[key].length : Object.keys(body[key]).sort()).toEqual(shape);
      await expect400(await post(path, { surprise: 1 }), "body");
      expect((await post(path, "{nope")).status).toBe(400);
    });
  }

  it("get-sitewide-banners leaves the draft banner out", async () => {
    const { banners } = await ok(await post("/v1.0/get-sitewide-banners"));
    expect(banners.map((b: { text: string }) => b.text)).not.toContain("Spring sale preview: not live yet.");
  });

  it("get-product-carousel lists entries with page, headline, paragraph, handles and bg_color", async () => {
    const { carousels } = await ok(await post("/v1.0/get-product-carousel"));
    expect(carousels[0]).toEqual(
      expect.objectContaining({
        page: expect.any(String),
        headline: expect.any(String),
        paragraph: expect.any(String),
        handles: expect.any(Array),
        bg_color: expect.any(String),
      }),
    );
    expect(carousels.some((c: { page: string }) => c.page === "home")).toBe(true);
    expect(carousels.some((c: { page: string }) => c.page === "cart")).toBe(true);
  });

  it("answers the staff variant on the staff site", async () => {
    const shop = await ok(await post("/v1.0/get-contact"));
    const staff = await ok(await post("/v1.0/get-contact", {}, { host: STAFF }));
    expect(shop.contact.heading).toBe("Contact Us for any Pet Food Questions");
    expect(staff.contact.heading).toBe("Contact Us");
    const shopAnn = await ok(await post("/v1.0/get-announcements"));
    const staffAnn = await ok(await post("/v1.0/get-announcements", {}, { host: STAFF }));
    expect(shopAnn.announcements[0].text).toBe("Free shipping on orders over $49");
    expect(staffAnn.announcements.map((a: { text: string }) => a.text)).toEqual(["Program pricing for clinic and school staff"]);
  });
});

describe("calls with input", () => {
  it("get-globals with an empty fields list answers every global", async () => {
    const { globals } = await ok(await post("/v2.0/get-globals", { fields: [] }));
    expect(globals).toEqual({
      freeShippingMessage: "Free shipping on orders over $49",
      supportPhone: "1-800-555-0142",
      supportEmail: "help@example.com",
      autoshipMessage: "Save an extra 5% with Autoship",
      alaskaHawaiiNote: "Shipments to Alaska and Hawaii include a $4 service charge.",
    });
  });

  it("get-globals picks the fields asked for (null when unknown); 400 without fields", async () => {
    const { globals } = await ok(await post("/v2.0/get-globals", { fields: ["supportPhone", "noSuchField"] }));
    expect(globals).toEqual({ supportPhone: "1-800-555-0142", noSuchField: null });
    await expect400(await post("/v2.0/get-globals", {}), "fields");
    await expect400(await post("/v2.0/get-globals", { fields: ["bad field"] }), "fields.0");
  });

  it("get-navigation by handle; 400 without one, 404 for an unknown one", async () => {
    const { navigation } = await ok(await post("/v1.0/get-navigation", { handle: "main-menu" }));
    expect(navigation.items.map((i: { text: string }) => i.text)).toContain("Dog");
    const staff = await ok(await post("/v1.0/get-navigation", { handle: "main-menu" }, { host: STAFF }));
    expect(staff.navigation.items[0].text).toBe("Catalog");
    await expect400(await post("/v1.0/get-navigation", {}), "handle");
    await expect400(await post("/v1.0/get-navigation", { handle: "../x" }), "handle");
    expect((await post("/v1.0/get-navigation", { handle: "no-such-menu" })).status).toBe(404);
  });

  it("get-page-by-name; 400 and 404", async () => {
    const { page } = await ok(await post("/v1.0/get-page-by-name", { name: "error" }));
    expect(page.sections.map((s: { kind: string }) => s.kind)).toEqual(["feature", "productCarousel"]);
    expect(page.sections[0].buttons[0]).toEqual({ text: "Go to the home page", url: "/", external: false });
    await expect400(await post("/v1.0/get-page-by-name", { name: "" }), "name");
    expect((await post("/v1.0/get-page-by-name", { name: "nothing-here" })).status).toBe(404);
  });

  for (const version of ["v1.0", "v2.0"]) {
    it(`GET ${version}/get-page-by-slug; 400 and 404`, async () => {
      const { page } = await ok(await get(`/${version}/get-page-by-slug?slug=feeding-guide`));
      expect(page.title).toBe("Feeding Guide");
      const carousel = page.sections.find((s: { kind: string }) => s.kind === "productCarousel");
      if (version === "v2.0") expect(carousel.products.length).toBe(carousel.handles.length);
      else expect(carousel.products).toBeUndefined();
      await expect400(await get(`/${version}/get-page-by-slug`), "slug");
      expect((await get(`/${version}/get-page-by-slug?slug=no-such-page`)).status).toBe(404);
    });
  }

  it("the staff site gets its own terms; a shop-only page is a 404 there", async () => {
    const shop = await ok(await get("/v1.0/get-page-by-slug?slug=terms-and-conditions"));
    const staff = await ok(await get("/v1.0/get-page-by-slug?slug=terms-and-conditions", { host: STAFF }));
    expect(shop.page.sections[0].bodyHtml).toContain("Autoship");
    expect(staff.page.sections[0].bodyHtml).toContain("Eligibility");
    expect((await get("/v1.0/get-page-by-slug?slug=autoship", { host: STAFF })).status).toBe(404);
  });

  it("get-plp-page-by-slug; 400 and 404", async () => {
    const { page } = await ok(await post("/v1.0/get-plp-page-by-slug", { slug: "dog/species" }));
    expect(page.heading).toBe("Choosing a dog food");
    await expect400(await post("/v1.0/get-plp-page-by-slug", { slug: 3 }), "slug");
    expect((await post("/v1.0/get-plp-page-by-slug", { slug: "fish/species" })).status).toBe(404);
  });

  it("get-pdp-page-by-handle falls back to the default block; 400 without a handle", async () => {
    const { page } = await ok(await post("/v1.0/get-pdp-page-by-handle", { handle: "any-food-at-all" }));
    expect(page.heading).toBe("Switching foods?");
    const staff = await ok(await post("/v1.0/get-pdp-page-by-handle", { handle: "any-food-at-all" }, { host: STAFF }));
    expect(staff.page.heading).toBe("Program members");
    await expect400(await post("/v1.0/get-pdp-page-by-handle", {}), "handle");
  });
});

describe("the GET calls", () => {
  it("get-header answers the header with its navigation", async () => {
    const body = await ok(await get("/v2.0/get-header"));
    expect(body.header.navigationHandle).toBe("main-menu");
    expect(body.navigation.items[0].groups[0].links[0].url).toBe("/products/dog/pet-age/puppy-food");
  });

  it("get-footer, get-no-results-suggestions and get-password-protect", async () => {
    const { footer } = await ok(await get("/v1.0/get-footer"));
    const external = footer.columns.flatMap((c: { links: { external: boolean; url: string }[] }) => c.links).find((l: { external: boolean }) => l.external);
    expect(external.url).toBe("https://example.com/pet-blog");
    expect((await ok(await get("/v1.0/get-no-results-suggestions"))).suggestions.links.map((l: { text: string }) => l.text)).toEqual([
      "Dog Food",
      "Cat Food",
      "Puppy Food",
      "Kitten Food",
      "Dry Dog Food",
      "Treats",
      "Shop All Pet Food",
    ]);
    expect((await ok(await get("/v1.0/get-password-protect"))).passwordProtect.heading).toBe("Opening soon");
  });

  it("answers 304 when If-None-Match names the current ETag", async () => {
    const first = await get("/v1.0/get-footer");
    const etag = first.headers.get("etag")!;
    const again = await get("/v1.0/get-footer", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const post304 = await post("/v1.0/get-announcements", {}, { headers: { "if-none-match": (await post("/v1.0/get-announcements")).headers.get("etag")! } });
    expect(post304.status).toBe(304);
  });
});

describe("content images", () => {
  it("serves content assets as webp at /_img/cms and /cms; rejects traversal and unknown names", async () => {
    for (const path of ["/_img/cms/hero-dog.webp?w=320", "/cms/hero-dog.webp?w=320&dpr=2"]) {
      const res = await app.request(`http://${SHOP}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
    }
    for (const path of ["/_img/cms/..%2F..%2Fpackage.json", "/cms/..%2Fredirects.json", "/_img/cms/nope.webp", "/_img/cms/hero-dog.webp?w=123"]) {
      const res = await app.request(`http://${SHOP}${path}`);
      expect([400, 404], path).toContain(res.status);
    }
  });
});
