import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The client's address for rate limits: the socket's, or with TRUST_PROXY the first X-Forwarded-For entry. */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}
