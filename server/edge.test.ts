import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { createDeps, type AppDeps } from "./context";
import type { Database } from "./db/client";
import { openTestDatabase } from "./db/test-database";
import { createLogger } from "./log";
import { newNonce } from "./http/edge";

// The HTTP edge (server/http/edge.ts) through the whole Hono app: hosts, security headers, CSRF,
// JSON-only API writes, body limits, client address and TLS behind a proxy. The page handler is a
// stand-in that reports what it was given.

let database: Database;
const logLines: string[] = [];

type Seen = { url: string; clientIp: string | null; nonce: string };
let seen: Seen | null = null;

function appWith(env: Record<string, string>) {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const deps: AppDeps = createDeps(parseConfig({ NODE_ENV: "test", STORE_NAME: "Test Pets", ...env }), database, createLogger("info", sink), () => "build-1");
  return createApp(deps, {
    handler: async (req, ctx) => {
      seen = { url: req.url, clientIp: ctx.clientIp, nonce: ctx.cspNonce };
      if (req.headers.get("if-none-match") === '"v1"') return new Response(null, { status: 304, headers: { ETag: '"v1"' } });
      const asset = /\.(js|css|webp|svg)$/.exec(new URL(req.url).pathname)?.[1];
      if (asset)
        return new Response("x", { headers: { "Content-Type": { js: "text/javascript", css: "text/css", webp: "image/webp", svg: "image/svg+xml" }[asset]! } });
      const headers = new Headers({ "Content-Type": "text/plain" });
      headers.append("Set-Cookie", "col_cart_id=00000000-0000-4000-8000-000000000000; Path=/; HttpOnly; SameSite=Lax");
      return new Response(`page ${req.method}`, { headers });
    },
  });
}

let app: ReturnType<typeof appWith>;
let proxied: ReturnType<typeof appWith>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = appWith({});
  proxied = appWith({ TRUST_PROXY: "true", PUBLIC_URL: "https://shop.example", SITE_HOSTS: "shop.example=d2c,localhost=d2c" });
});
afterAll(() => database.close());

const request = (a: typeof app, path: string, init: RequestInit & { host?: string } = {}) => {
  const host = init.host ?? "localhost:3000";
  const headers = new Headers(init.headers);
  if (!headers.has("host")) headers.set("host", host);
  return a.request(`http://${host}${path}`, { ...init, headers });
};

describe("hosts", () => {
  it("serves no site for a Host outside SITE_HOSTS", async () => {
    const res = await request(app, "/", { host: "evil.example" });
    expect(res.status).toBe(421);
    expect(await res.text()).toBe("Unknown host.");
    expect((await request(app, "/robots.txt", { host: "evil.example" })).status).toBe(421);
    expect((await request(app, "/sitemap.xml", { host: "evil.example" })).status).toBe(421);
  });

  it("answers the health check on any host (load balancers probe by address)", async () => {
    expect((await request(app, "/api/health", { host: "10.0.0.7:3000" })).status).toBe(200);
  });

  it("builds robots.txt from PUBLIC_URL for its host, whatever scheme the proxy spoke", async () => {
    const res = await request(proxied, "/robots.txt", { host: "shop.example" });
    expect(await res.text()).toContain("Sitemap: https://shop.example/sitemap.xml\n");
  });
});

describe("security headers", () => {
  it("sends a CSP with a fresh script nonce per request and no inline scripts otherwise", async () => {
    const a = await request(app, "/");
    const nonceA = seen!.nonce;
    const b = await request(app, "/");
    const nonceB = seen!.nonce;
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(nonceB).not.toBe(nonceA);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonceA}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
        "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(b.headers.get("content-security-policy")).toContain(`'nonce-${nonceB}'`);
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(self), usb=()");
  });

  it("never hands out a nonce twice, across the batches it draws from the CSPRNG", () => {
    const nonces = Array.from({ length: 2000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it("sends no policy with a 304: the browser keeps the stored one, whose nonce the stored body carries", async () => {
    const res = await request(app, "/products", { headers: { "if-none-match": '"v1"' } });
    expect(res.status).toBe(304);
    expect(res.headers.has("content-security-policy")).toBe(false);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends scripts, stylesheets and pictures only the headers that act on them; an SVG gets all", async () => {
    for (const path of ["/x.js", "/x.css", "/x.webp"]) {
      const res = await request(app, path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy"])
        expect(res.headers.has(name), `${path} ${name}`).toBe(false);
    }
    const svg = await request(app, "/x.svg");
    expect(svg.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(svg.headers.get("x-frame-options")).toBe("DENY");
  });

  it("puts the headers on API answers, redirects and errors too", async () => {
    for (const res of [await request(app, "/api/health"), await request(app, "/products/cart"), await request(app, "/api/nope")]) {
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("sends HSTS and Secure cookies only over TLS as a trusted proxy reports it", async () => {
    const plain = await request(app, "/");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("set-cookie")).not.toContain("Secure");
    // Without TRUST_PROXY anyone can send X-Forwarded-Proto.
    const spoofed = await request(app, "/", { headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
    // PUBLIC_URL's https is for links; the connection itself was not said to be TLS.
    expect((await request(proxied, "/", { host: "shop.example" })).headers.get("strict-transport-security")).toBeNull();
    const tls = await request(proxied, "/", { host: "localhost:3000", headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(tls.headers.getSetCookie()).toEqual(["col_cart_id=00000000-0000-4000-8000-000000000000; Path=/; HttpOnly; SameSite=Lax; Secure"]);
    expect(seen!.url).toBe("https://localhost:3000/");
  });

  it("sets the session cookie Secure behind a TLS proxy (a stale one is cleared with Secure)", async () => {
    const res = await request(proxied, "/", { headers: { "x-forwarded-proto": "https", cookie: "sessionToken=gone" } });
    expect(res.headers.getSetCookie()).toContain("sessionToken=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});

describe("client address behind a proxy", () => {
  it("takes the right-most X-Forwarded-For entry: the one our proxy appended", async () => {
    await request(proxied, "/", { headers: { "x-forwarded-for": "1.2.3.4, 203.0.113.9" } });
    expect(seen!.clientIp).toBe("203.0.113.9");
  });

  it("takes the entry TRUST_PROXY_HOPS from the right with several proxies", async () => {
    const twoHops = appWith({ TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" });
    await request(twoHops, "/", { headers: { "x-forwarded-for": "1.2.3.4, 203.0.113.9, 10.0.0.2" } });
    expect(seen!.clientIp).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For without TRUST_PROXY", async () => {
    await request(app, "/", { headers: { "x-forwarded-for": "1.2.3.4" } });
    expect(seen!.clientIp).toBeNull();
  });
});

describe("CSRF: state changes only from this origin", () => {
  const form = (headers: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "email=a%40b.c",
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["Origin: null (sandboxed frame)", { origin: "null" }],
    ["a malformed Origin", { origin: "http://[::1" }],
    ["the staff site's Origin", { origin: "http://pro.localhost:3000" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
  ])("refuses a page POST with %s", async (_what, headers) => {
    const res = await request(app, "/shelter/login", form(headers));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Cross-site form posts are not accepted.");
  });

  it("refuses an /api write from another origin with a JSON 403", async () => {
    const res = await request(app, "/api/ecom/v1.0/create-cart", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "cross_site", message: "Cross-site requests are not accepted." } });
  });

  it.each([
    ["its own Origin", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }],
    ["no Origin and no Sec-Fetch-* (curl)", {}],
  ])("accepts a page POST with %s", async (_what, headers) => {
    const res = await request(app, "/shelter/login", form(headers));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("page POST");
  });
});

describe("/api writes take JSON only", () => {
  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])("answers 415 to %s", async (type) => {
    const res = await request(app, "/api/ecom/v1.0/create-cart", { method: "POST", headers: { "content-type": type }, body: '{"lines":[]}' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: { code: "unsupported_media_type", message: "Send the body as application/json.", fields: { "content-type": "must be application/json" } },
    });
  });

  it("lets a call without a body through without a type", async () => {
    const res = await request(app, "/api/cms/v1.0/get-skus-with-deal", { method: "POST" });
    expect(res.status).toBe(200);
  });
});

describe("page writes take a form", () => {
  const BROKEN = [
    ["no body", {}],
    ["JSON", { headers: { "content-type": "application/json" }, body: '{"intent":"add"}' }],
    ["text/plain", { headers: { "content-type": "text/plain" }, body: "intent=add" }],
    ["multipart without a boundary", { headers: { "content-type": "multipart/form-data" }, body: "intent=add" }],
    [
      "a broken multipart body",
      { headers: { "content-type": "multipart/form-data; boundary=xx" }, body: '--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd' },
    ],
    ["an empty multipart body", { headers: { "content-type": "multipart/form-data; boundary=xx" }, body: "" }],
  ] as const;

  it.each(BROKEN)("answers 400 to a page POST with %s, before any action runs", async (_what, init) => {
    seen = null;
    const res = await request(app, "/cart", { method: "POST", ...init });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("This form could not be read. Go back to the page and send it again.");
    expect(seen).toBeNull();
  });

  it.each([
    ["an url-encoded form", "application/x-www-form-urlencoded", "intent=add&x=%E0%A4%A"],
    ["an empty url-encoded form", "application/x-www-form-urlencoded; charset=UTF-8", ""],
    ["a multipart form", "multipart/form-data; boundary=xx", '--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--xx--\r\n'],
  ])("lets %s through", async (_what, type, body) => {
    const res = await request(app, "/cart", { method: "POST", headers: { "content-type": type }, body });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("page POST");
  });

  it("leaves the API to its own rule and GET alone", async () => {
    expect((await request(app, "/api/cms/v1.0/get-skus-with-deal", { method: "POST" })).status).toBe(200);
    expect((await request(app, "/cart")).status).toBe(200);
  });
});

describe("body limits", () => {
  it("answers 413 on a Content-Length over the API limit without reading the body", async () => {
    const res = await request(app, "/api/cms/v1.0/get-filtered-products", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: "payload_too_large", message: "The request body is larger than 1048576 bytes." } });
  });

  it("answers 413 to a chunked body as soon as it passes the limit", async () => {
    let sent = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await request(app, "/api/ecom/v1.0/create-cart", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body.
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large", message: "The request body is larger than 65536 bytes." } });
    expect(sent).toBeLessThan(200 * 1024);
  });

  it("limits page form posts too", async () => {
    const res = await request(app, "/contact-us", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(2 * 1024 * 1024) },
      body: "x=1",
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The request is too large.");
  });
});
