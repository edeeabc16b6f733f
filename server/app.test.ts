import { Writable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { createDeps } from "./context";
import type { Database } from "./db/client";
import { openTestDatabase } from "./db/test-database";
import { createLogger } from "./log";
import { seedIfEmpty } from "./db/seed";
import { seededVariants } from "./testing/catalog";

// The HTTP surface without React: the page handler is a stand-in that reports the site it was given.
let database: Database;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createDeps>;
const logLines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  deps = createDeps(parseConfig({ STORE_NAME: "Test Pets" }), database, createLogger("info", sink), () => "build-1");
  app = createApp(deps, {
    handler: async (_req, ctx) => new Response(`page for ${ctx.site.title}`, { headers: { "Content-Type": "text/plain" } }),
  });
});
afterAll(() => database.close());

const get = (path: string, host = "localhost:3000", headers: Record<string, string> = {}) =>
  app.request(`http://${host}${path}`, { headers: { host, ...headers } });

describe("shop HTTP surface", () => {
  it("has no test clock hooks unless TEST_CLOCK is on", async () => {
    for (const [path, body] of [
      ["/api/test/clock", { offsetMinutes: 60 }],
      ["/api/test/life-stage", { email: "someone@example.com", daysAhead: 1 }],
    ] as const) {
      const res = await app.request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(404);
    }
  });

  it("answers /api/ready and /api/health 503 within about a second when the database does not answer", async () => {
    const ping = deps.database.ping;
    deps.database.ping = () => new Promise<boolean>(() => {});
    try {
      const started = Date.now();
      const [ready, health] = await Promise.all([get("/api/ready"), get("/api/health")]);
      expect([ready.status, health.status]).toEqual([503, 503]);
      expect(await ready.json()).toMatchObject({ status: "not ready", db: "down" });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      deps.database.ping = ping;
    }
  });

  it("answers /api/health with the database state", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers /api/ready 503 while a change-notice listener is down, and from the start of a drain on", async () => {
    expect(await (await get("/api/ready")).json()).toEqual({ status: "ready", db: "ok", changeNotices: "ok" });
    // A listener that has not (re)connected: this process's caches could be stale.
    let setLive = (_: boolean) => {};
    const stop = await deps.readiness.track(async (_channel, _onNotify, onLive) => {
      setLive = onLive;
      return async () => {};
    })(
      "page_cache",
      () => {},
      () => {},
    );
    const down = await get("/api/ready", "10.0.0.7:3000");
    expect(down.status).toBe(503);
    expect(down.headers.get("cache-control")).toBe("no-store");
    expect(await down.json()).toEqual({ status: "not ready", db: "ok", changeNotices: "down" });
    setLive(true);
    expect((await get("/api/ready")).status).toBe(200);
    setLive(false);
    expect((await get("/api/ready")).status).toBe(503);
    await stop();
    expect((await get("/api/ready")).status).toBe(200);

    deps.readiness.drain();
    const draining = await get("/api/ready");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: "draining" });
    // Still alive: the process finishes what it has.
    expect((await get("/api/health")).status).toBe(200);
  });

  it("says on every answer the page cache did not handle that it bypassed it (RFC 9211 Cache-Status)", async () => {
    for (const path of ["/api/health", "/api/nope", "/products"]) expect((await get(path)).headers.get("cache-status"), path).toBe("shop; fwd=bypass");
  });

  it("exposes the current build id for new-build detection", async () => {
    const res = await get("/api/build");
    expect(await res.json()).toEqual({ id: "build-1" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers unknown API calls with a JSON 404", async () => {
    const res = await get("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("chooses the site by host name", async () => {
    expect(await (await get("/", "localhost:3000")).text()).toBe("page for Shop Test Pets");
    expect(await (await get("/", "pro.localhost:3000")).text()).toBe("page for Pro Staff Feeding");
  });

  it("redirects a doubled /products/products segment, keeping the query", async () => {
    const res = await get("/products/products/x?sku=A1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/products/x?sku=A1");
  });

  it("sends the placeholder routes to their screens", async () => {
    expect((await get("/products/cart")).headers.get("location")).toBe("/cart");
    expect((await get("/products/logout")).headers.get("location")).toBe("/logout");
  });

  it("compresses responses when the client accepts it", async () => {
    const res = await get("/api/health", "localhost:3000", { "accept-encoding": "gzip" });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("logs one JSON line per request without the query string", async () => {
    logLines.length = 0;
    await get("/shelter/reset-password?token=secret-reset-token");
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === "request");
    expect(line).toMatchObject({ method: "GET", path: "/shelter/reset-password", status: 200 });
    expect(typeof line.ms).toBe("number");
    expect(logLines.join("")).not.toContain("secret-reset-token");
  });

  it("gives every request an id, on the answer and on every line logged while answering it", async () => {
    logLines.length = 0;
    const res = await get("/api/nope");
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === "request");
    expect(line.requestId).toBe(id);
    expect((await get("/api/nope")).headers.get("x-request-id")).not.toBe(id);
    // A caller's id is not taken unless a trusted proxy sent it.
    expect((await get("/api/health", "localhost:3000", { "x-request-id": "from-the-caller-123" })).headers.get("x-request-id")).not.toBe("from-the-caller-123");
  });

  it("keeps the id a trusted proxy gives a request, when it is a plain token", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const behindProxy = createApp(
      createDeps(parseConfig({ TRUST_PROXY: "true" }), database, createLogger("info", sink), () => "build-1"),
      {
        handler: async (_req, ctx) => {
          ctx.log.info("rendering");
          return new Response("page");
        },
      },
    );
    const ask = (id: string) => behindProxy.request("http://localhost/some-page", { headers: { host: "localhost", "x-request-id": id } });
    expect((await ask("proxy-id-0001")).headers.get("x-request-id")).toBe("proxy-id-0001");
    // A line the page logs while rendering carries the request's id too.
    expect(
      lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.requestId === "proxy-id-0001")
        .map((l) => l.msg),
    ).toEqual(["rendering", "request"]);
    expect((await ask("bad id with spaces")).headers.get("x-request-id")).not.toBe("bad id with spaces");
  });

  it("redacts secrets logged by key", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger("info", sink).info({ body: { password: "hunter2", sessionToken: "tok" }, headers: { "set-cookie": "sid=1" } }, "x");
    expect(lines.join("")).not.toMatch(/hunter2|tok"|sid=1/);
  });
});

describe("image proxy /_img (SPEC §9)", () => {
  it("serves a seeded variant's packshot as webp at the asked width and density, immutable", async () => {
    await seedIfEmpty(database);
    const [{ imageKey: key }] = await seededVariants(database.db).limit(1);
    const res = await get(`/_img/packshots/${key}.webp?w=320&dpr=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(640);
  });

  it("renders only the catalogue's packshots: an invented flavour or pack is not found", async () => {
    await seedIfEmpty(database);
    const [{ imageKey: key }] = await seededVariants(database.db).limit(1);
    const [pack, brand, , species] = key.split("_");
    for (const invented of [`${pack}_${brand}_unicorn-sparkle_${species}`, `${pack}_${brand}_${"x".repeat(40)}_${species}`]) {
      const res = await get(`/_img/packshots/${invented}.webp?w=320`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "No such image." } });
    }
  });

  it("refuses widths outside SPEC §9", async () => {
    const res = await get("/_img/packshots/x.webp?w=333");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { w: expect.any(String) } } });
  });

  it("refuses path tricks", async () => {
    const res = await get("/_img/packshots/..%2F..%2Fetc%2Fpasswd.webp");
    expect(res.status).toBe(404);
  });
});

describe("Prometheus metrics", () => {
  const token = "metrics-token-0123456789";
  const metricsApp = () =>
    createApp(
      createDeps(parseConfig({ METRICS_TOKEN: token }), database, createLogger("silent"), () => "build-1"),
      {
        handler: async () => new Response("a page", { headers: { "Content-Type": "text/html" } }),
        pageRoute: (path) => (path.startsWith("/products") ? "routes/products" : "page"),
      },
    );

  it("are not found without METRICS_TOKEN, and refused without the token", async () => {
    expect((await get("/metrics")).status).toBe(404);
    const app = metricsApp();
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${token}`, `Bearer ${token}x`]) {
      const res = await app.request("http://10.0.0.7/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
  });

  it("count requests by route pattern (never the raw path) and status class, for any host", async () => {
    const app = metricsApp();
    const host = { host: "localhost" };
    await app.request("http://localhost/api/health", { headers: host });
    await app.request("http://localhost/products/dog?sort=name", { headers: host });
    await app.request("http://localhost/api/nope/42", { headers: host });
    const res = await app.request("http://10.0.0.7/metrics", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="\/api\/health",status="2xx"\} [1-9]\d*$/m);
    expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="routes\/products",status="2xx"\} [1-9]\d*$/m);
    expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="\/api\/\*",status="4xx"\} [1-9]\d*$/m);
    expect(text).toMatch(/^shop_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health",status="2xx"\} \d+$/m);
    expect(text).not.toContain("/products/dog");
    expect(text).not.toContain("/api/nope/42");
  });
});

describe("OpenAPI document (ARCHITECTURE §4)", () => {
  it("lists the registered calls, with the cart's request schemas", async () => {
    const doc = await (await get("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/health"].get).toBeDefined();
    expect(doc.paths["/api/ready"].get).toBeDefined();
    expect(doc.paths["/api/ecom/v1.0/get-product-by-handle"].get).toBeDefined();
    const add = doc.paths["/api/ecom/v1.0/add-cart-line-items"].post;
    expect(add.requestBody.content["application/json"].schema.required).toEqual(["cartId", "lineItems"]);
  });
});

describe("the production build's files", () => {
  it("serves hashed assets for a year and the public files for an hour; any other path is a page", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const path = await import("node:path");
    const os = await import("node:os");
    const dir = mkdtempSync(path.join(os.tmpdir(), "test-client-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "entry-AbC123.js"), "export {};");
    const { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } = await import("node:zlib");
    const script = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `name-${i}`))};`;
    writeFileSync(path.join(dir, "assets", "page-XyZ789.js"), script);
    writeFileSync(path.join(dir, "assets", "page-XyZ789.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(dir, "assets", "page-XyZ789.js.gz"), gzipSync(script));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    try {
      deps = createDeps(parseConfig({ STORE_NAME: "Test Pets" }), database, createLogger("silent"), () => "build-1");
      const built = createApp(deps, { clientDir: dir, handler: async () => new Response("a page", { headers: { "Content-Type": "text/plain" } }) });
      const fetchPath = (p: string, encodings = "") =>
        built.request(`http://localhost:3000${p}`, { headers: { host: "localhost:3000", "accept-encoding": encodings } });
      const asset = await fetchPath("/assets/entry-AbC123.js");
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toContain("immutable");
      // The build's compressed copy, as the browser accepts it, compressed again by nothing.
      for (const [accepted, sent, decode] of [
        ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
        ["gzip, deflate", "gzip", gunzipSync],
      ] as const) {
        const answer = await fetchPath("/assets/page-XyZ789.js", accepted);
        expect(answer.headers.get("content-encoding")).toBe(sent);
        expect(answer.headers.get("vary")).toContain("Accept-Encoding");
        expect(answer.headers.get("content-type")).toMatch(/^text\/javascript/);
        expect(answer.headers.get("cache-control")).toContain("immutable");
        expect(decode(Buffer.from(await answer.arrayBuffer())).toString()).toBe(script);
      }
      const plain = await fetchPath("/assets/page-XyZ789.js");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(script);
      const icon = await fetchPath("/favicon.svg");
      expect(await icon.text()).toBe("<svg/>");
      expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
      // Only the names found at start are files: a page's path is never looked up on the disk.
      writeFileSync(path.join(dir, "late.txt"), "added after start");
      expect(await (await fetchPath("/late.txt")).text()).toBe("a page");
      expect(await (await fetchPath("/products/dog")).text()).toBe("a page");
    } finally {
      const { rmSync } = await import("node:fs");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
