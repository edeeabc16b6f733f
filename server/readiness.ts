import type { Database } from "./db/client";

/**
 * Whether this process should be sent traffic (`/api/ready`), apart from whether it is alive
 * (`/api/health`). A process is ready once it is migrated and listening (it only starts listening
 * after both), while every change-notice listener it holds is connected — without them its caches
 * could serve a price or a page that another process has changed — and until it starts draining on
 * SIGTERM, so a load balancer stops sending it new requests while in-flight ones finish.
 */
export type Readiness = {
  /** `listen`, with the listener's state kept for the readiness answer. */
  track(listen: Database["listen"]): Database["listen"];
  drain(): void;
  state(): { draining: boolean; listening: boolean };
};

export function createReadiness(): Readiness {
  const live = new Map<symbol, boolean>();
  let draining = false;
  return {
    track: (listen) => async (channel, onNotify, onLive) => {
      const key = Symbol(channel);
      live.set(key, false);
      const stop = await listen(channel, onNotify, (isLive) => {
        if (live.has(key)) live.set(key, isLive);
        onLive(isLive);
      });
      return async () => {
        live.delete(key);
        await stop();
      };
    },
    drain: () => {
      draining = true;
    },
    state: () => ({ draining, listening: [...live.values()].every(Boolean) }),
  };
}
