import { Hono } from "hono";
import { shopperHeader } from "../read-models/shopper-header";
import type { AppEnv } from "./env";
import { identityOf } from "./identity";

/**
 * `GET /api/shopper`: the header's personal parts (signed in, first name, cart count) for a page the
 * cache showed to everyone (server/http/page-cache.ts). One small private call per page load;
 * `private, no-store` like every personal API answer (server/http/private-answers.ts).
 */
export function shopperRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/shopper", async (c) => {
    const identity = await identityOf(c);
    return c.json(await shopperHeader(c.get("deps").services, c.get("site").id, identity, c.req.header("cookie") ?? null));
  });
  return app;
}
