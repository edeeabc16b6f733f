import { Hono } from "hono";
import type { AppEnv } from "./env";

export function healthRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/health", async (c) => {
    const { database } = c.get("deps");
    const db = await database.ping().then(
      () => "ok" as const,
      () => "down" as const,
    );
    return c.json({ status: db === "ok" ? "ok" : "degraded", db }, db === "ok" ? 200 : 503);
  });

  // Readiness (server/readiness.ts): whether a load balancer should send this process traffic.
  app.get("/ready", async (c) => {
    const { database, readiness } = c.get("deps");
    const db = await database.ping().then(
      () => "ok" as const,
      () => "down" as const,
    );
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
