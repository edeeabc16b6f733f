import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { createSharedCachePurger } from "./shared-cache-purge";

// The shop purges the shared cache in front by surrogate key when a change commits: one PURGE per
// burst of notices, to every configured cache, again shortly after (a process that had not yet
// heard the notice may have handed the cache an old page), and a failure is retried once.

type Seen = { method?: string; headers: IncomingHttpHeaders };
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function cache(status = 200): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method, headers: req.headers });
    res.writeHead(status).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

const quiet = createLogger("silent");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("shared cache purge", () => {
  it("sends one PURGE by surrogate key to every cache for a burst of notices, and one more after it settles", async () => {
    const [a, b] = [await cache(), await cache()];
    const purger = createSharedCachePurger([a.url, b.url], quiet);
    for (let i = 0; i < 20; i++) purger.changed();
    await sleep(200);
    for (const c of [a, b]) {
      expect(c.seen).toHaveLength(1);
      expect(c.seen[0]).toMatchObject({ method: "PURGE", headers: { "surrogate-key": "pages" } });
    }
    await sleep(2100);
    expect(a.seen).toHaveLength(2);
    await purger.stop();
  });

  it("tries a failed purge once more, then gives up (the page expires at its s-maxage)", async () => {
    const failing = await cache(503);
    const purger = createSharedCachePurger([failing.url], quiet);
    purger.changed();
    await purger.stop();
    expect(failing.seen).toHaveLength(2);
  });

  it("does nothing without a cache to purge", async () => {
    const purger = createSharedCachePurger([], quiet);
    purger.changed();
    await purger.stop();
  });
});
