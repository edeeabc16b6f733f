import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { createSiteGate, UNLOCK_COOKIE } from "../modules/content";

// Gated states of SPEC §2 through the HTTP stack; the page handler echoes the path it was asked for.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

function appWith(env: Record<string, string>) {
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const deps = createDeps(parseConfig(env), database, createLogger("info", quiet), () => "build-1");
  return createApp(deps, { handler: async (req) => new Response(`page ${new URL(req.url).pathname}`) });
}

describe("maintenance mode", () => {
  const app = () => appWith({ MAINTENANCE_MODE: "true" });

  it("sends every page to /maintenance, which answers 503", async () => {
    const res = await app().request("http://localhost/products?x=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/maintenance");
    const page = await app().request("http://localhost/maintenance");
    expect(page.status).toBe(503);
    expect(await page.text()).toBe("page /maintenance");
    expect(page.headers.get("retry-after")).toBe("600");
  });

  it("sends client navigations to /maintenance with a full load; the API answers 503", async () => {
    const data = await app().request("http://localhost/faq.data");
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe("/maintenance");
    expect(data.headers.get("x-remix-reload-document")).toBe("true");
    const api = await app().request("http://localhost/api/cms/v1.0/get-footer");
    expect(api.status).toBe(503);
    expect((await api.json()).error.code).toBe("maintenance");
  });

  it("leaves /maintenance, /password-protect, the health check and images open", async () => {
    expect((await app().request("http://localhost/password-protect")).status).toBe(200);
    expect((await app().request("http://localhost/api/health")).status).not.toBe(503);
    expect((await app().request("http://localhost/_img/packshots/nope.webp")).status).toBe(404);
  });
});

describe("password-protect mode", () => {
  const app = () => appWith({ SITE_PASSWORD: "open sesame" });
  const gate = createSiteGate({ gate: { maintenance: false, password: "open sesame" } });

  it("redirects pages to /password-protect with the path to come back to", async () => {
    const res = await app().request("http://localhost/products/dog/species?page=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/password-protect?next=${encodeURIComponent("/products/dog/species?page=2")}`);
    const data = await app().request("http://localhost/faq.data");
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe(`/password-protect?next=${encodeURIComponent("/faq")}`);
    expect((await app().request("http://localhost/api/cms/v1.0/get-footer")).status).toBe(401);
  });

  it("the gate pages stay public", async () => {
    expect((await app().request("http://localhost/password-protect")).status).toBe(200);
    expect((await app().request("http://localhost/maintenance")).status).toBe(200);
  });

  it("a correct password gives an httpOnly cookie holding an HMAC, not the password; it opens the shop", async () => {
    expect(gate.unlock("wrong", { secure: false })).toBeNull();
    expect(gate.unlock("open sesam", { secure: false })).toBeNull();
    const cookie = gate.unlock("open sesame", { secure: true })!;
    expect(cookie).toMatch(new RegExp(`^${UNLOCK_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=\\d+; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(cookie).not.toContain("sesame");
    const pair = cookie.split(";")[0];
    const res = await app().request("http://localhost/products", { headers: { cookie: `other=1; ${pair}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("page /products");
  });

  it("a forged or stale cookie does not open the shop", async () => {
    for (const value of ["x", "", Buffer.from("open sesame").toString("base64url")]) {
      const res = await app().request("http://localhost/products", { headers: { cookie: `${UNLOCK_COOKIE}=${value}` } });
      expect(res.status, value).toBe(302);
    }
    const otherPassword = createSiteGate({ gate: { maintenance: false, password: "old password" } }).unlock("old password", { secure: false })!;
    const res = await app().request("http://localhost/products", { headers: { cookie: otherPassword.split(";")[0] } });
    expect(res.status).toBe(302);
  });
});

describe("no gate", () => {
  it("serves pages normally", async () => {
    const res = await appWith({}).request("http://localhost/products");
    expect(res.status).toBe(200);
  });
});
