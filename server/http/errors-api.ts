import { Hono } from "hono";
import { z } from "zod";
import { ERROR_LIMITS, truncate } from "../../rules/shared/error-reports";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, jsonBody } from "./errors";

// POST /api/errors: the browser's error reports (app/lib/error-reporter.ts). The body is capped at
// ERROR_REPORT_BODY_BYTES by the edge (server/http/edge.ts BODY_LIMITS), each field is cut to its
// limit rather than refused (a report is worth keeping even when long), and the reporter scrubs
// what is kept (server/modules/errors/reporter.ts). Nothing identifies the shopper: no cookie, no
// session, no IP is stored; the IP only counts towards the rate limit.

export const ERROR_REPORT_BODY_BYTES = 12 * 1024;

const cut = (max: number) => z.string().transform((s) => truncate(s, max));

export const errorReportInput = z.object({
  /** The error's class (TypeError …); "Error" when the browser gave none. */
  type: z
    .string()
    .transform((s) => s.replace(/[^\w$.]/g, "").slice(0, ERROR_LIMITS.type))
    .optional(),
  message: cut(ERROR_LIMITS.message).pipe(z.string().min(1, "must not be empty")),
  stack: cut(ERROR_LIMITS.stack).optional(),
  /** The page it happened on; only the path is kept. */
  url: cut(2000).pipe(z.string().min(1, "must not be empty")),
  /** The build the page was served with (SPEC §2 build id). */
  release: z
    .string()
    .max(100)
    .regex(/^[\w.:-]*$/, "must be a build id")
    .optional(),
  /** How it surfaced: an uncaught error, an unhandled promise rejection, or an error page shown. */
  kind: z.enum(["error", "unhandledrejection", "boundary"]).optional(),
});

export function errorReportRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/errors", jsonBody(errorReportInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const kept = await deps.services.errors.browser(parsed.data, { ip: clientIp(c, deps.config.trustProxy), release: deps.buildId() });
    if (!kept.ok) return apiError(c, 429, "rate_limited", kept.message);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  });

  return app;
}
