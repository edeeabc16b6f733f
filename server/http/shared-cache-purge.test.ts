import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { createSharedCachePurger, MAX_KEYS_PER_PURGE, purgeHeader } from "./shared-cache-purge";

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
  it("sends one PURGE of a burst's keys to every cache, and the same keys again after it settles", async () => {
    const [a, b] = [await cache(), await cache()];
    const purger = createSharedCachePurger([a.url, b.url], quiet);
    for (let i = 0; i < 20; i++) purger.changed([`p:${i % 3}`]);
    purger.changed(["p:7", "listings"]);
    await sleep(200);
    for (const c of [a, b]) {
      expect(c.seen).toHaveLength(1);
      expect(c.seen[0]).toMatchObject({ method: "PURGE", headers: { "surrogate-key": "p:0 p:1 p:2 p:7 listings" } });
    }
    await sleep(2100);
    expect(a.seen).toHaveLength(2);
    expect(a.seen[1].headers["surrogate-key"]).toBe("p:0 p:1 p:2 p:7 listings");
    // The next change purges its own keys only.
    purger.changed(["p:9"]);
    await purger.stop();
    expect(a.seen.map((s) => s.headers["surrogate-key"])).toEqual(["p:0 p:1 p:2 p:7 listings", "p:0 p:1 p:2 p:7 listings", "p:9"]);
  });

  it("purges every page when a notice says anything changed, or a burst names too many keys for one header", () => {
    expect(purgeHeader(new Set(["p:1", "pages", "p:2"]))).toBe("pages");
    expect(purgeHeader(new Set(Array.from({ length: MAX_KEYS_PER_PURGE }, (_, i) => `p:${i}`)))).toMatch(/^p:0 p:1 /);
    expect(purgeHeader(new Set(Array.from({ length: MAX_KEYS_PER_PURGE + 1 }, (_, i) => `p:${i}`)))).toBe("pages");
  });

  it("tries a failed purge once more, then gives up (the page expires at its s-maxage)", async () => {
    const failing = await cache(503);
    const purger = createSharedCachePurger([failing.url], quiet);
    purger.changed(["pages"]);
    await purger.stop();
    expect(failing.seen).toHaveLength(2);
  });

  it("does nothing without a cache to purge", async () => {
    const purger = createSharedCachePurger([], quiet);
    purger.changed(["pages"]);
    await purger.stop();
  });
});
