import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiCallError, callApi, installReadRetry, withReadRetry } from "./api-client";

// A real HTTP server whose answers the tests script: status codes to return, in order.
let server: Server;
let base = "";
let script: number[] = [];
let hits = 0;
let methods: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    methods.push(req.method ?? "");
    const status = script.shift() ?? 200;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(status === 200 ? { ok: true } : { error: { code: "x", message: `status ${status}` } }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = 0;
  methods = [];
  script = [];
});

describe("callApi retry policy (SPEC §9)", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a read once after %i", async (status) => {
    script = [status, 200];
    await expect(callApi({ path: `${base}/api/x` })).resolves.toEqual({ ok: true });
    expect(hits).toBe(2);
  });

  it("retries a read only once", async () => {
    script = [503, 503, 200];
    await expect(callApi({ path: `${base}/api/x` })).rejects.toBeInstanceOf(ApiCallError);
    expect(hits).toBe(2);
  });

  it("never retries a write", async () => {
    script = [503, 200];
    await expect(callApi({ path: `${base}/api/x`, body: { a: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(hits).toBe(1);
  });

  it("does not retry a read on a status outside the list", async () => {
    script = [400, 200];
    const err = await callApi({ path: `${base}/api/x` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect((err as ApiCallError).message).toBe("status 400");
    expect(hits).toBe(1);
  });

  it("treats a POST declared as a read like a read", async () => {
    script = [429, 200];
    await expect(callApi({ path: `${base}/api/x`, body: {}, kind: "read" })).resolves.toEqual({ ok: true });
    expect(hits).toBe(2);
  });
});

describe("withReadRetry: every read the browser makes of the shop (SPEC §9)", () => {
  const pageFetch = () => withReadRetry(fetch, base);

  it("retries a data load (React Router's GET of /path.data) once", async () => {
    script = [503, 200];
    const res = await pageFetch()(new URL(`${base}/products/some-food.data?_routes=routes%2Fproducts`), { method: "GET" });
    expect(res.status).toBe(200);
    expect(methods).toEqual(["GET", "GET"]);
  });

  it("retries a fetcher load and a script's GET given as a path, a string or a Request", async () => {
    for (const input of [`${base}/search/suggest.data?q=chick`, new Request(`${base}/api/get-estimated-delivery-date`)]) {
      hits = 0;
      script = [429, 200];
      expect((await pageFetch()(input)).status).toBe(200);
      expect(hits).toBe(2);
    }
  });

  it("retries only once, and answers the second failure as it came", async () => {
    script = [502, 504, 200];
    expect((await pageFetch()(`${base}/cart.data`)).status).toBe(504);
    expect(hits).toBe(2);
  });

  it("never retries a write (a form post, an action)", async () => {
    script = [503, 200];
    expect((await pageFetch()(`${base}/cart.data`, { method: "POST", body: "intent=add" })).status).toBe(503);
    expect(methods).toEqual(["POST"]);
  });

  it("leaves other sites' URLs alone", async () => {
    script = [503, 200];
    expect((await withReadRetry(fetch, "http://other.example")(`${base}/x`)).status).toBe(503);
    expect(hits).toBe(1);
  });

  it("does not retry a status outside the list", async () => {
    script = [404, 200];
    expect((await pageFetch()(`${base}/nope.data`)).status).toBe(404);
    expect(hits).toBe(1);
  });

  it("installReadRetry wraps the page's fetch once", async () => {
    const target = { fetch: fetch as typeof fetch, location: { origin: base } };
    installReadRetry(target);
    const installed = target.fetch;
    installReadRetry(target);
    expect(target.fetch).toBe(installed);
    script = [500, 200];
    expect((await target.fetch(`${base}/account/orders.data`)).status).toBe(200);
    expect(hits).toBe(2);
  });
});
