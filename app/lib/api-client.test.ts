import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiCallError, callApi } from "./api-client";

// A real HTTP server whose answers the tests script: status codes to return, in order.
let server: Server;
let base = "";
let script: number[] = [];
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
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
