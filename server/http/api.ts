import { Hono } from "hono";
import type { AppEnv } from "./env";
import { healthRoutes } from "./health";

/** Every router of SPEC §7, joined under /api. */
export function apiRoutes() {
  const api = new Hono<AppEnv>();
  api.route("/", healthRoutes());
  return api;
}
