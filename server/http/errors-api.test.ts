import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { ConfigError, parseConfig } from "../config";
import { createDeps, type AppDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { forgetErrorReports, storedErrorReports } from "../testing/errors";
import { forgetAttempts } from "../testing/rate-limit";
import { testPageHandler } from "../testing/pages";
import { contentSecurityPolicy } from "./edge";

// Error reporting through the whole HTTP stack: POST /api/errors (validation naming the field, the
// body limit, the per-IP rate limit, one row per distinct error with its count, no personal data
// kept), and the server's own unhandled errors — an API call's and a page's — recorded while the
// shopper still gets the error page (SPEC §8 "Unhandled fatal app error renders the error page").

let database: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
const HOST = "localhost:3000";

beforeAll(async () => {
  database = await openTestDatabase();
  // TRUST_PROXY: the tests choose the client address with X-Forwarded-For.
  deps = createDeps(parseConfig({ NODE_ENV: "test", TRUST_PROXY: "true" }), database, createLogger("silent"), () => "build-7");
  const pages = await testPageHandler([
    {
      id: "routes/broken",
      path: "broken",
      module: {
        loader: () => {
          throw new TypeError("Cannot read properties of undefined (reading 'shelf')");
        },
        default: () => null,
      },
    },
  ]);
  app = createApp(deps, {
    handler: (request, context) => {
      const url = new URL(request.url);
      // A crash outside React Router (the document handler itself): Hono's last resort answers.
      if (url.pathname === "/crash")
        return Promise.reject(Object.assign(new Error("insert failed"), { query: "insert into customers", params: ["jane@pets.example", "s3cr3t-hash"] }));
      return pages(request, context);
    },
  });
}, 60_000);
afterAll(() => database?.close());
beforeEach(async () => {
  await forgetErrorReports(database.db);
  await forgetAttempts(database.db);
});

const report = (body: unknown, ip = "203.0.113.7", raw?: string) =>
  app.request(`http://${HOST}/api/errors`, {
    method: "POST",
    headers: { host: HOST, origin: `http://${HOST}`, "content-type": "application/json", "x-forwarded-for": ip, cookie: "sessionToken=abc123; cart=xyz" },
    body: raw ?? JSON.stringify(body),
  });

const browserError = (change: Record<string, unknown> = {}) => ({
  type: "TypeError",
  message: "Cannot read properties of null (reading 'quantity')",
  stack: "TypeError: Cannot read properties of null (reading 'quantity')\n    at Qe (http://localhost:3000/assets/cart-page-B1x9Qz7a.js:1:200)",
  url: "http://localhost:3000/cart?discount=PETS10&email=jane%40pets.example",
  release: "build-6",
  kind: "error",
  ...change,
});

const rows = () => storedErrorReports(database.db);

describe("POST /api/errors", () => {
  it("records a browser error: path only, the page's build, count 1", async () => {
    const res = await report(browserError());
    expect(res.status).toBe(204);
    const [row] = await rows();
    expect(row).toMatchObject({
      source: "browser",
      type: "TypeError",
      message: "Cannot read properties of null (reading 'quantity')",
      route: "/cart",
      release: "build-6",
      count: 1,
    });
  });

  it("counts repeats of one error on one row", async () => {
    await report(browserError());
    await report(browserError({ url: "/cart" }));
    await report(browserError({ stack: browserError().stack.replace(":1:200", ":1:260") }));
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0].count).toBe(3);
  });

  it("keeps no personal data: no query string, e-mail, token, cookie or client address", async () => {
    await report(
      browserError({
        message: "Order for jane@pets.example failed with eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
        stack: "Error: x\n    at f (http://localhost:3000/shelter/reset-password?token=s3cr3t:1:2)",
      }),
    );
    const kept = JSON.stringify(await rows());
    for (const secret of ["jane", "pets.example", "eyJ", "s3cr3t", "PETS10", "abc123", "xyz", "203.0.113.7"]) expect(kept).not.toContain(secret);
  });

  it("cuts an over-long message instead of refusing it", async () => {
    const res = await report(browserError({ message: "m".repeat(5000) }));
    expect(res.status).toBe(204);
    const [row] = await rows();
    expect(row.message.length).toBe(1000);
  });

  it("answers 400 naming the field for a bad report, and keeps nothing", async () => {
    const noMessage = await report(browserError({ message: "" }));
    expect(noMessage.status).toBe(400);
    expect((await noMessage.json()).error.fields).toHaveProperty("message");
    const badKind = await report(browserError({ kind: "nonsense" }));
    expect((await badKind.json()).error.fields).toHaveProperty("kind");
    const noUrl = await report(browserError({ url: undefined }));
    expect((await noUrl.json()).error.fields).toHaveProperty("url");
    const badRelease = await report(browserError({ release: "<script>" }));
    expect((await badRelease.json()).error.fields).toHaveProperty("release");
    const notJson = await report(null, undefined, "{nope");
    expect(notJson.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a body over the limit with 413 before reading it", async () => {
    const res = await report(browserError({ stack: "x".repeat(13 * 1024) }));
    expect(res.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it("limits reports per client address: the 31st in ten minutes gets 429, another address is still heard", async () => {
    for (let i = 0; i < 30; i++) expect((await report(browserError({ message: `error number ${i}` }), "198.51.100.1")).status).toBe(204);
    const refused = await report(browserError({ message: "one too many" }), "198.51.100.1");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limited");
    expect((await report(browserError(), "198.51.100.2")).status).toBe(204);
    const all = await rows();
    expect(all.find((r) => r.message === "one too many")).toBeUndefined();
  });

  it("refuses a report from another site's page (the edge's same-origin rule)", async () => {
    const res = await app.request(`http://${HOST}/api/errors`, {
      method: "POST",
      headers: { host: HOST, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify(browserError()),
    });
    expect(res.status).toBe(403);
  });
});

describe("the server's unhandled errors", () => {
  it("a page whose loader throws renders the error page (500) and records the error with the page's path and build", async () => {
    const res = await app.request(`http://${HOST}/broken?email=jane%40pets.example`, { headers: { host: HOST, cookie: "sessionToken=abc123" } });
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("shelf");
    // Reported beside the answer, not before it.
    await expect.poll(async () => (await rows()).length).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({
      source: "server",
      type: "TypeError",
      message: "Cannot read properties of undefined (reading 'shelf')",
      route: "/broken",
      release: "build-7",
      count: 1,
    });
    expect(row.stack).toContain("errors-api.test.ts");
  });

  it("an unknown path is a 404 page, not an error", async () => {
    const res = await app.request(`http://${HOST}/no-such-page`, { headers: { host: HOST } });
    expect(res.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rows()).toHaveLength(0);
  });

  it("a crash outside the page renderer answers the last-resort error page and is recorded without the query's parameters", async () => {
    const res = await app.request(`http://${HOST}/crash?token=s3cr3t`, { headers: { host: HOST } });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("Something went wrong");
    await expect.poll(async () => (await rows()).length).toBe(1);
    const all = await rows();
    expect(all[0]).toMatchObject({ source: "server", route: "/crash", release: "build-7" });
    const kept = JSON.stringify(all);
    for (const secret of ["jane", "s3cr3t"]) expect(kept).not.toContain(secret);
  });
});

describe("SENTRY_DSN", () => {
  it("must be a Sentry DSN; a bad one stops start-up naming the variable", () => {
    expect(parseConfig({ SENTRY_DSN: "https://0123abc@o1.ingest.sentry.example/4507" }).sentryDsn).toBe("https://0123abc@o1.ingest.sentry.example/4507");
    expect(parseConfig({ SENTRY_DSN: "" }).sentryDsn).toBeUndefined();
    for (const bad of ["not a url", "https://o1.ingest.sentry.example/4507", "https://key@o1.ingest.sentry.example/project"]) {
      expect(() => parseConfig({ SENTRY_DSN: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ SENTRY_DSN: bad })).toThrow(/SENTRY_DSN/);
    }
  });

  it("lets the browser's SDK reach the DSN's host (connect-src), and nothing else new", () => {
    expect(contentSecurityPolicy("'nonce-n'", false, "https://o1.ingest.sentry.example")).toContain("connect-src 'self' https://o1.ingest.sentry.example;");
    expect(contentSecurityPolicy("'nonce-n'", false)).toContain("connect-src 'self';");
  });
});
