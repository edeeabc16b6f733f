import type { Logger } from "../log";
import { sharedCachePurges } from "../metrics";
import { SHARED_PAGES_KEY } from "./page-cache";

/**
 * Empties the shared HTTP cache in front (Varnish with xkey: deploy/varnish/shop.vcl) of the pages
 * a change may have altered, from the same change notice that empties this process's own caches:
 * `PURGE` with `Surrogate-Key: pages` to every SHARED_CACHE_PURGE_URLS entry.
 *
 * Every process hears every notice and purges: the same purge twice is harmless, and no process has
 * to count on another. Notices that come together (a bulk change makes a burst) go as one purge,
 * and a second purge follows two seconds later: another process that had not yet heard the notice
 * may have handed the cache an old page in between.
 * A purge that fails is tried again once after a second and then logged: the shared cache keeps
 * the page at most its s-maxage (SHARED_CACHE_MAX_AGE).
 */
export type SharedCachePurger = {
  /** A change committed (or notices may have been missed): purge soon. */
  changed(): void;
  /** Sends what is pending and stops. */
  stop(): Promise<void>;
};

const BURST_MS = 20;
const SETTLE_MS = 2000;
const RETRY_MS = 1000;
const TIMEOUT_MS = 5000;

export function createSharedCachePurger(urls: readonly string[], log: Logger): SharedCachePurger {
  let timer: NodeJS.Timeout | undefined;
  let again: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  const purgeOne = async (url: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(url, { method: "PURGE", headers: { "Surrogate-Key": SHARED_PAGES_KEY }, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`answered ${res.status}`);
        sharedCachePurges.inc({ result: "ok" });
        return;
      } catch (err) {
        if (attempt >= 2) {
          sharedCachePurges.inc({ result: "failed" });
          log.error({ err, url }, "shared cache purge failed: its pages stay until their s-maxage");
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  };
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    sending = sending.then(() => Promise.all(urls.map(purgeOne))).then(() => {});
  };

  return {
    changed() {
      if (!urls.length) return;
      timer ??= setTimeout(send, BURST_MS);
      clearTimeout(again);
      again = setTimeout(send, SETTLE_MS);
    },
    async stop() {
      clearTimeout(again);
      if (timer) send();
      await sending;
    },
  };
}
