import { SHARED_PAGES_KEY } from "../../rules/shared/page-cache-keys";
import type { Logger } from "../log";
import { sharedCachePurges } from "../metrics";

/**
 * Empties the shared HTTP cache in front (Varnish with xkey: deploy/varnish/shop.vcl) of the pages
 * a change may have altered, from the same change notice that empties this process's own caches:
 * `PURGE` with `Surrogate-Key: <keys>` (space-separated: a product's pages, the listings, or every
 * page — rules/shared/page-cache-keys.ts `purgeKeysFor`) to every SHARED_CACHE_PURGE_URLS entry.
 *
 * Every process hears every notice and purges: the same purge twice is harmless, and no process has
 * to count on another. Notices that come together (a bulk change makes a burst) go as one purge of
 * all their keys, and a second purge of the same keys follows two seconds after the last notice:
 * another process that had not yet heard the notice may have handed the cache an old page in between.
 * A purge that fails is tried again once after a second and then logged: the shared cache keeps
 * the page at most its s-maxage (SHARED_CACHE_MAX_AGE).
 */
export type SharedCachePurger = {
  /** A change committed (or notices may have been missed: SHARED_PAGES_KEY): purge these keys soon. */
  changed(keys: readonly string[]): void;
  /** Sends what is pending and stops. */
  stop(): Promise<void>;
};

const BURST_MS = 20;
const SETTLE_MS = 2000;
const RETRY_MS = 1000;
const TIMEOUT_MS = 5000;
/** More keys than this in one purge (a header line of a few KB) purge every page instead. */
export const MAX_KEYS_PER_PURGE = 300;

/** The header of one purge: the keys once each, or every page when it is among them or they are too many. */
export function purgeHeader(keys: ReadonlySet<string>): string {
  return keys.has(SHARED_PAGES_KEY) || keys.size > MAX_KEYS_PER_PURGE ? SHARED_PAGES_KEY : [...keys].join(" ");
}

export function createSharedCachePurger(urls: readonly string[], log: Logger): SharedCachePurger {
  let timer: NodeJS.Timeout | undefined;
  let again: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  // The keys of the burst under way, and of every notice since the last settling purge.
  let burst = new Set<string>();
  let settling = new Set<string>();

  const purgeOne = async (url: string, keys: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(url, { method: "PURGE", headers: { "Surrogate-Key": keys }, signal: AbortSignal.timeout(TIMEOUT_MS) });
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
  const send = (keys: Set<string>) => {
    if (!keys.size) return;
    const header = purgeHeader(keys);
    sending = sending.then(() => Promise.all(urls.map((url) => purgeOne(url, header)))).then(() => {});
  };
  const sendBurst = () => {
    clearTimeout(timer);
    timer = undefined;
    send(burst);
    burst = new Set();
  };
  const sendSettling = () => {
    clearTimeout(again);
    again = undefined;
    send(settling);
    settling = new Set();
  };

  return {
    changed(keys) {
      if (!urls.length || !keys.length) return;
      for (const key of keys) {
        burst.add(key);
        settling.add(key);
      }
      timer ??= setTimeout(sendBurst, BURST_MS);
      clearTimeout(again);
      again = setTimeout(sendSettling, SETTLE_MS);
    },
    async stop() {
      clearTimeout(again);
      if (timer) sendBurst();
      await sending;
    },
  };
}
