import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { createDeps, type AppDeps } from "./context";
import type { Database } from "./db/client";
import { openTestDatabase } from "./db/test-database";
import { createLogger } from "./log";
import { seededVariants } from "./testing/catalog";
import { testPageHandler } from "./testing/pages";

// Pages through the whole HTTP stack with the real route modules (server/testing/pages.ts): every
// redirect parameter stays on this site, bad cookies and headers are no 500, the document's inline
// scripts carry the CSP nonce, and GET /checkout/start changes nothing.

let database: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
let signInToken: string;
let variantId: number;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const quiet = new Writable({ write: (_c, _e, done) => done() });
  deps = createDeps(
    parseConfig({ NODE_ENV: "test", STORE_NAME: "Test Pets", SITE_PASSWORD: "open-sesame" }),
    database,
    createLogger("info", quiet),
    () => "build-1",
  );
  const handler = await testPageHandler([
    { id: "routes/discount", path: "discount/:code", module: await import("../app/routes/discount") },
    { id: "routes/location", path: "location", module: await import("../app/routes/location") },
    { id: "routes/password-protect", path: "password-protect", module: await import("../app/routes/password-protect") },
    { id: "routes/shelter.login", path: "shelter/login", module: await import("../app/routes/shelter.login") },
    { id: "routes/checkout.start", path: "checkout/start", module: await import("../app/routes/checkout.start") },
    { id: "routes/logout", path: "logout", module: await import("../app/routes/logout") },
  ]);
  app = createApp(deps, { handler });
  const r = await deps.services.identity.register(
    { firstName: "Pat", lastName: "Doe", email: "pat@example.com", password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  signInToken = r.token;
  [{ id: variantId }] = await seededVariants(database.db).limit(1);
});
afterAll(() => database?.close());

const BYPASSES = [
  "/.//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%2f%2fevil.example",
  "/%5cevil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/\uff0f/evil.example",
];

const HOST = "localhost:3000";
const unlocked = () => deps.services.gate.unlock("open-sesame", { secure: false })!.split(";")[0];

/** The request as a browser would follow its answer: the Location resolved against the page. */
function expectSameSite(res: Response, expected: string) {
  expect(res.status).toBe(302);
  const location = res.headers.get("location")!;
  expect(location).toBe(expected);
  expect(new URL(location, `http://${HOST}/some/page`).origin).toBe(`http://${HOST}`);
}

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request(`http://${HOST}${path}`, {
    method: "POST",
    headers: { host: HOST, origin: `http://${HOST}`, "content-type": "application/x-www-form-urlencoded", cookie: unlocked(), ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

describe("redirect parameters never leave the site", () => {
  it.each(BYPASSES.map((b) => [b]))("/discount/CODE?redirect=%j goes to the cart", async (bypass) => {
    const res = await app.request(`http://${HOST}/discount/WELCOME10?${new URLSearchParams({ redirect: bypass })}`, {
      headers: { host: HOST, cookie: unlocked() },
    });
    expectSameSite(res, "/cart");
  });

  it("/discount/CODE keeps a same-site redirect", async () => {
    const res = await app.request(`http://${HOST}/discount/WELCOME10?redirect=/products`, { headers: { host: HOST, cookie: unlocked() } });
    expectSameSite(res, "/products");
  });

  it.each(BYPASSES.map((b) => [b]))("/location with redirectTo=%j goes home", async (bypass) => {
    expectSameSite(await post("/location", { zip: "80011", redirectTo: bypass }), "/");
  });

  it.each(BYPASSES.map((b) => [b]))("/password-protect?next=%j goes home after unlocking", async (bypass) => {
    const res = await post(`/password-protect?${new URLSearchParams({ next: bypass })}`, { password: "open-sesame" }, { cookie: "" });
    expectSameSite(res, "/");
  });

  it("/password-protect keeps a same-site next", async () => {
    expectSameSite(await post("/password-protect?next=%2Fcart%3Fx%3D1", { password: "open-sesame" }, { cookie: "" }), "/cart?x=1");
  });

  // A refused redirect is no redirect: the sign-in lands where it lands without one (SPEC §2, /products).
  it.each(BYPASSES.map((b) => [b]))("sign-in with redirect=base64(%j) lands on /products", async (bypass) => {
    const res = await post("/shelter/login", {
      email: "pat@example.com",
      password: "kibble123",
      redirect: Buffer.from(bypass).toString("base64"),
      previous: bypass,
    });
    expectSameSite(res, "/products");
  });

  it.each(BYPASSES.map((b) => [b]))("sign-out with returnTo=%j goes home", async (bypass) => {
    expectSameSite(await post("/logout", { returnTo: bypass }), "/");
  });

  it.each(BYPASSES.map((b) => [b]))("/api/multipass refuses checkoutUrl %j", async (bypass) => {
    const cart = await deps.services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1 }]);
    if (!cart.ok) throw new Error(cart.message);
    const res = await app.request(`http://${HOST}/api/multipass`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/json", cookie: unlocked() },
      body: JSON.stringify({ sessionToken: signInToken, email: "pat@example.com", checkoutUrl: bypass, cartId: cart.cart.id }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { checkoutUrl: "Give a path on this site, like /checkout" } } });
  });
});

describe("pages at the edge", () => {
  const page = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://${HOST}${path}`, { headers: { host: HOST, ...headers, cookie: `${unlocked()}; ${headers.cookie ?? ""}` } });

  it("serves pages when the cart cookie is malformed", async () => {
    const res = await page("/location", { cookie: "col_cart_id=%E0%A4%A" });
    expect(res.status).toBe(200);
  });

  it("refuses a page POST with a malformed Origin with 403, not 500", async () => {
    const res = await post("/location", { zip: "80011" }, { origin: "http://[::1" });
    expect(res.status).toBe(403);
  });

  it("gives every inline script of the document this response's CSP nonce", async () => {
    const res = await page("/location");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(8);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("GET /checkout/start without a cart goes to the cart", async () => {
    const res = await page("/checkout/start");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cart");
  });

  it("GET /checkout/start with a cart changes nothing: it offers the hand-off as a form", async () => {
    const cart = await deps.services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1 }]);
    if (!cart.ok) throw new Error(cart.message);
    const res = await page("/checkout/start", { cookie: `col_cart_id=${cart.cart.id}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-testid="checkout-start-form"');
    expect(await deps.services.checkout.session(cart.cart.id)).toBeNull();
    const posted = await post("/checkout/start", {}, { cookie: `${unlocked()}; col_cart_id=${cart.cart.id}` });
    expect(posted.status).toBe(302);
    expect(await deps.services.checkout.session(cart.cart.id)).not.toBeNull();
  });
});

describe("page actions with a body that is no form", () => {
  it.each([
    ["/logout", {}],
    ["/location", { "content-type": "application/json" }],
    ["/shelter/login", { "content-type": "text/plain" }],
    ["/logout", { "content-type": "multipart/form-data; boundary=xx" }],
  ])("POST %s %j answers 400, not 500", async (path, headers) => {
    const res = await app.request(`http://${HOST}${path}`, {
      method: "POST",
      headers: { host: HOST, cookie: unlocked(), ...headers },
      body: "content-type" in headers ? "zip=80011" : undefined,
    });
    expect(res.status).toBe(400);
  });
});

describe("bad input is a 400 naming the field, never a 500", () => {
  const api = (path: string, body: unknown) =>
    app.request(`http://${HOST}${path}`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/json", cookie: unlocked() },
      body: JSON.stringify(body),
    });

  it.each([
    [{ field: "price", max: 1e12 }, "filters.0.max"],
    [{ field: "price", min: 1e300 }, "filters.0.min"],
  ])("refuses the price filter %j", async (filter, field) => {
    const res = await api("/api/cms/v1.0/get-filtered-products", { filters: [filter] });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ [field]: "at most 1000000" });
  });

  it.each(["+275760-09-13T00:00:00.000Z", "-271821-04-20T00:00:00.000Z", "99999-01-01"])("refuses an orders cursor dated %s", async (t) => {
    const me = await deps.services.identity.resolveSession(signInToken);
    const cursor = Buffer.from(JSON.stringify({ t, id: "00000000-0000-4000-8000-000000000000" })).toString("base64url");
    const res = await api("/api/ecom/v1.0/get-storefront-orders", { sessionToken: signInToken, id: me!.customerId, cursor });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "invalid_input", message: "The cursor is not valid.", fields: { cursor: "The cursor is not valid." } } });
  });
});
