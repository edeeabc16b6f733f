import type { Context } from "hono";
import { resolveIdentity, type RequestIdentity } from "../request-context";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";

/**
 * The signed-in customer behind the request's session cookie, resolved once per request whoever
 * asks first (the staff gate, an API handler, the page render): the session lookup slides the
 * session's expiry and must not run three times.
 */
export function identityOf(c: Context<AppEnv>): Promise<RequestIdentity> {
  let identity = c.get("identity");
  if (!identity) {
    const deps = c.get("deps");
    identity = resolveIdentity(deps, c.req.raw, clientIp(c, deps.config.trustProxy), c.get("site").id);
    c.set("identity", identity);
  }
  return identity;
}
