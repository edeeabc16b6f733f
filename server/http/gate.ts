import type { Context, MiddlewareHandler } from "hono";
import { isOpenWhileGated, MAINTENANCE_PATH, PASSWORD_PATH } from "../../rules/content/site-gates";
import type { AppDeps } from "../context";
import type { AppEnv } from "./env";
import { apiError } from "./errors";

/**
 * Gated states of SPEC §2, from configuration. Maintenance: every page redirects to /maintenance,
 * which answers 503; the API answers 503. Password: every page redirects to /password-protect until the
 * unlock cookie is present, the API answers 401. The gate pages, the health check, built assets and
 * images stay open (rules/content/site-gates.ts).
 */
export function siteGate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const gate = deps.services.gate;
    const mode = gate.mode();
    const path = c.req.path;
    if (mode === "maintenance" && (path === MAINTENANCE_PATH || path === `${MAINTENANCE_PATH}/`)) {
      // The maintenance page itself answers 503 while the shop is down (crawlers keep their index).
      await next();
      c.res = new Response(c.res.body, { status: 503, headers: c.res.headers });
      c.res.headers.set("Retry-After", "600");
      c.res.headers.set("Cache-Control", "no-store");
      return;
    }
    if (mode === "open" || isOpenWhileGated(path)) return next();
    if (mode === "password" && gate.isUnlocked(c.req.header("cookie"))) return next();

    const isApi = path.startsWith("/api/");

    if (mode === "maintenance") {
      if (isApi) {
        c.header("Retry-After", "600");
        return apiError(c, 503, "maintenance", "The shop is down for maintenance. Please try again shortly.");
      }
      // A redirect rather than the page under the asked URL: the browser's router must match the page it hydrates.
      return pageRedirect(c, MAINTENANCE_PATH);
    }

    if (isApi) return apiError(c, 401, "locked", `The shop is locked. Enter its password at ${PASSWORD_PATH}.`);
    const url = new URL(c.req.url);
    const isData = path.endsWith(".data");
    const original = isData ? path.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/" : path + url.search;
    return pageRedirect(c, `${PASSWORD_PATH}?next=${encodeURIComponent(original)}`);
  };
}

/**
 * A redirect for a page request. React Router's client navigations fetch {path}.data; a redirect
 * for them is a 204 with headers, which reloads the document at the target.
 */
export function pageRedirect(c: Context<AppEnv>, to: string, isData = c.req.path.endsWith(".data")): Response {
  if (isData) return c.body(null, 204, { "X-Remix-Redirect": to, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" });
  c.header("Cache-Control", "no-store");
  return c.redirect(to, 302);
}
