import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./env";

/**
 * The client's address for rate limits: the socket's, or with TRUST_PROXY the X-Forwarded-For entry
 * TRUST_PROXY_HOPS from the right. Each proxy appends the address it saw, so entries to the left of
 * those are whatever the client chose to send and cannot be trusted.
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), c.get("deps").config.trustProxyHops);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}

/** The entry `hops` from the right of an X-Forwarded-For list (the left-most when there are fewer). */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  const entries = (header ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry.length <= 100 ? entry : null;
}
