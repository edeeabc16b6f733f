import { Hono } from "hono";
import type { Database } from "../db/client";
import type { AppEnv } from "./env";

/** Under a load balancer's probe timeout (deploy/varnish/shop.vcl: 2 s). */
const PING_TIMEOUT_MS = 1000;

/**
 * The database's answer to `select 1`, or "down" after PING_TIMEOUT_MS: a probe must answer, not
 * wait for a pool slot behind busy requests or for a pooler that is itself waiting for its server.
 */
function pingWithin(database: Database, ms = PING_TIMEOUT_MS): Promise<"ok" | "down"> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("down"), ms);
    void database
      .ping()
      .then(
        () => "ok" as const,
        () => "down" as const,
      )
      .then((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
  });
}

export function healthRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/health", async (c) => {
    const db = await pingWithin(c.get("deps").database);
    return c.json({ status: db === "ok" ? "ok" : "degraded", db }, db === "ok" ? 200 : 503);
  });

  // Readiness (server/readiness.ts): whether a load balancer should send this process traffic.
  app.get("/ready", async (c) => {
    const { database, readiness } = c.get("deps");
    const db = await pingWithin(database);
    const { draining, listening } = readiness.state();
    const ready = db === "ok" && listening && !draining;
    c.header("Cache-Control", "no-store");
    return c.json({ status: ready ? "ready" : draining ? "draining" : "not ready", db, changeNotices: listening ? "ok" : "down" }, ready ? 200 : 503);
  });

  // New-build detection (SPEC §2): the browser polls this and reloads on the next navigation
  // once the id differs from the one it was served with.
  app.get("/build", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ id: c.get("deps").buildId() });
  });

  return app;
}
