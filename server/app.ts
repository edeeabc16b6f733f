import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { matchedRoutes } from "hono/route";
import { requestContext } from "./request-context";
import { previewResponse, withContentPreview } from "./http/content-preview";
import { identityOf } from "./http/identity";
import { clearSessionCookie, isHttps } from "./modules/identity";
import { OG_AUTH_COOKIE, ogAuthCookie, ogAuthNames } from "./modules/autoship";
import { collapseDoubledProducts, placeholderTarget } from "../rules/catalog/path-redirects";
import { siteFor, siteIdForHost } from "../rules/shared/site";
import type { AppDeps, RequestContext } from "./context";
import { apiRoutes } from "./http/api";
import { testClockRoutes } from "./http/test-clock";
import { sitemapRoutes } from "./http/catalog";
import type { AppEnv } from "./http/env";
import { apiError } from "./http/errors";
import { siteGate } from "./http/gate";
import { staffGate } from "./http/staff-gate";
import { contentAssetAlias, imageRoutes } from "./http/images";
import { reviewsWidgetRoutes } from "./http/reviews-widget";
import { donationImageRoutes } from "./http/donation-images";
import { readCookie, setCookie } from "../rules/shared/cookies";
import { PD_COOKIE } from "../rules/staff/program-prices";
import {
  parseUserLocation,
  staffLocationCookie,
  USER_LOCATION_COOKIE,
  USER_LOCATION_MAX_AGE_SECONDS,
  USER_WAREHOUSE_COOKIE,
  USER_WAREHOUSE_MAX_AGE_SECONDS,
  type StaffShipsTo,
} from "../rules/shared/shopper-location";
import { bodyLimits, editHeaders, jsonBodiesOnly, knownHostsOnly, pageFormsOnly, sameOriginWrites, securityHeaders } from "./http/edge";
import { isPersonalPage, privateApiAnswers, privatePage } from "./http/private-answers";
import { isDatabaseUnavailable } from "./db/unavailable";
import { tagRequestSpan } from "./telemetry";
import { inRequest, loggedPath } from "./log";
import { METRICS_CONTENT_TYPE, carriesMetricsToken, httpDuration, httpRequests, metricsText, pageCacheAnswers, statusClass } from "./metrics";

export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

/**
 * The whole HTTP surface of one shop process: the JSON API, the image proxy, static assets and,
 * for everything else, React Router's server rendering. Both sites are served; the Host header
 * picks one (ARCHITECTURE §1).
 */
/**
 * Files under `root` with a Cache-Control (serveStatic's own onFound runs after its answer is made: too
 * late for a header). `precompressed`: a file's `.br` or `.gz` written by the build is sent when the
 * browser takes it (vite.config.ts precompressedAssets), so compress() leaves it alone.
 */
function staticFiles(root: string, cacheControl: string, { precompressed = false } = {}): MiddlewareHandler {
  const files = serveStatic({ root, precompressed });
  return async (c, next) => {
    const found = await files(c, next);
    if (found instanceof Response) found.headers.set("Cache-Control", cacheControl);
    return found;
  };
}

/** The userLocation and userWarehouse cookies a staff member's delivery calls for; none when the request's already agree. */
async function staffLocationCookies(deps: AppDeps, request: Request, shipsTo: StaffShipsTo): Promise<string[]> {
  const wanted = staffLocationCookie(readCookie(request.headers.get("cookie"), USER_LOCATION_COOKIE), shipsTo);
  if (!wanted) return [];
  const zip = parseUserLocation(wanted)!.zip;
  const warehouse = await deps.services.catalog.warehouseForZip(zip);
  const secure = isHttps(request);
  return [
    setCookie(USER_LOCATION_COOKIE, wanted, { maxAgeSeconds: USER_LOCATION_MAX_AGE_SECONDS, secure }),
    setCookie(USER_WAREHOUSE_COOKIE, warehouse?.code ?? "", { maxAgeSeconds: warehouse ? USER_WAREHOUSE_MAX_AGE_SECONDS : 0, secure }),
  ];
}

/**
 * The route pattern a request matched, for the metrics: the API's or another Hono route's path
 * (`/api/ecom/v1.0/get-cart`, `/_img/:path{.+}`), else the page route. Bounded: never the raw path.
 */
function routeLabel(c: Context<AppEnv>, pageRoute?: (path: string) => string): string {
  const route = matchedRoutes(c).findLast((r) => r.method !== "ALL");
  if (route) return route.path;
  if (c.req.path.startsWith("/api/")) return "/api/*";
  if (c.req.path.startsWith("/assets/")) return "/assets/*";
  return pageRoute?.(c.req.path) ?? "page";
}

/**
 * `pageRoute`: the page route a path renders (the production build's route ids), for the metrics'
 * route label; a page is "page" without it.
 */
export function createApp(deps: AppDeps, pages: { handler: PageHandler; clientDir?: string; pageRoute?: (path: string) => string }) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    c.set("site", siteFor(siteIdForHost(c.req.header("host"), deps.config.siteHosts), deps.config.storeName));
    // One id per request on every line it logs and on the answer; a trusted proxy's own id is kept, so
    // its log and ours join up.
    const forwarded = deps.config.trustProxy ? c.req.header("x-request-id") : undefined;
    const requestId = forwarded && /^[\w.:-]{8,128}$/.test(forwarded) ? forwarded : randomUUID();
    tagRequestSpan(requestId);
    await inRequest(requestId, next);
    editHeaders(c, (h) => h.set("X-Request-Id", requestId));
    const ms = performance.now() - started;
    // Path only: query strings can carry reset tokens and search text; a token in the path is redacted.
    deps.log.info({ requestId, method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(ms) }, "request");
    const labels = { method: c.req.method, route: routeLabel(c, pages.pageRoute), status: statusClass(c.res.status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, ms / 1000);
    const cacheStatus = /^[^;]+; (hit|fwd=(\w+)(; stored)?)/.exec(c.res.headers.get("cache-status") ?? "");
    if (cacheStatus) pageCacheAnswers.inc({ result: cacheStatus[1] === "hit" ? "hit" : cacheStatus[3] ? "stored" : cacheStatus[2] });
  });

  // Prometheus metrics (server/metrics.ts): not found without METRICS_TOKEN, 401 without the token.
  // Before the edge guards: a scraper asks by address, not by a shop host name.
  app.get("/metrics", async (c) => {
    const token = deps.config.metricsToken;
    if (!token) return c.notFound();
    c.header("Cache-Control", "no-store");
    if (!carriesMetricsToken(c.req.header("authorization"), token)) return c.text("Unauthorized", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    return c.body(await metricsText(), 200, { "Content-Type": METRICS_CONTENT_TYPE });
  });

  // Edge guards (server/http/edge.ts): headers on every answer, then known hosts only, same-origin
  // writes, bounded bodies, JSON-only API writes, form-only page writes — all before any handler
  // reads a body.
  app.use(securityHeaders(deps.config));
  app.use(knownHostsOnly(deps.config));
  app.use(compress());
  app.use(sameOriginWrites());
  app.use(bodyLimits());
  app.use("/api/*", jsonBodiesOnly());
  app.use(pageFormsOnly());
  app.use(siteGate(deps));
  app.use(staffGate());

  // Personal answers are kept by no shared cache (server/http/private-answers.ts).
  app.use("/api/*", privateApiAnswers());
  // The browser tests' clock hook, mounted only with TEST_CLOCK (server/test-clock.ts).
  if (deps.config.testClock) app.route("/api", testClockRoutes());
  app.route("/api", apiRoutes());
  app.all("/api/*", (c) => apiError(c, 404, "not_found", `No API call at ${c.req.path}`));
  app.route("/_img", imageRoutes());
  app.all("/_img/*", (c) => apiError(c, 404, "not_found", "No such image."));
  app.route("/cms", contentAssetAlias());
  app.route("/", sitemapRoutes());
  // The review widget's script (REVIEWS_SCRIPT_URL's default): built per request without a production build.
  app.route("/", reviewsWidgetRoutes({ dev: !pages.clientDir }));
  // The donation causes' category icons and logos, drawn on the server (server/http/donation-images.ts).
  app.route("/", donationImageRoutes());

  if (pages.clientDir) {
    // Hashed build assets never change under one name.
    app.use("/assets/*", staticFiles(pages.clientDir, "public, max-age=31536000, immutable", { precompressed: true }));
    // The public files beside them (favicon…), each on its own path: a page request is not first a
    // look on the disk for a file of its name.
    const publicFiles = staticFiles(pages.clientDir, "public, max-age=3600");
    for (const entry of readdirSync(pages.clientDir, { withFileTypes: true })) {
      if (entry.name !== "assets") app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, publicFiles);
    }
  }

  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const target = collapseDoubledProducts(url.pathname) ?? placeholderTarget(url.pathname);
    if (target) return c.redirect(target + url.search, 301);
    await next();
  });

  app.all("*", async (c) => {
    const identity = await identityOf(c);
    // A signed ?preview= link renders the page with one content entry's draft (server/http/content-preview.ts).
    const preview = await withContentPreview(deps, c.req.raw, requestContext(deps, c.get("site"), identity, c.get("cspNonce")));
    const rendered = await pages.handler(c.req.raw, preview.context);
    // A loader that failed because the database is away (app/entry.server.tsx handleError marks it).
    if (rendered.status === 500 && preview.context.databaseUnavailable) return briefOutage(c);
    const shown = preview.preview ? previewResponse(rendered) : rendered;
    const response = isPersonalPage(c.req.raw, identity) ? privatePage(shown) : shown;
    const extra: string[] = [];
    if (identity.staleSessionCookie && !response.headers.getSetCookie().some((v) => v.startsWith("sessionToken=")))
      extra.push(clearSessionCookie(isHttps(c.req.raw)));
    // SPEC §4 customer load: the order-management cookie is created once when absent (or naming someone else).
    // Not on the response that signs the customer out (it clears og_auth).
    const setsOgAuth = response.headers.getSetCookie().some((v) => v.startsWith(`${OG_AUTH_COOKIE}=`));
    if (identity.customer && !setsOgAuth && !ogAuthNames(readCookie(c.req.header("cookie"), OG_AUTH_COOKIE), identity.customer.id))
      extra.push(ogAuthCookie(deps.sessionSecret, identity.customer.id));
    // SPEC §9 isEligibleForPd cookie: the staff site's scripts read the member's eligibility from it.
    if (identity.staff && readCookie(c.req.header("cookie"), PD_COOKIE) !== String(identity.staff.eligibleForPd))
      extra.push(setCookie(PD_COOKIE, String(identity.staff.eligibleForPd), { maxAgeSeconds: 30 * 24 * 3600 }));
    // SPEC §9 userLocation: a staff member's follows where their orders go ("{clinic zip}::clinic"),
    // kept in step on every page whatever moved it (a delivery choice, a clinic joined, left or
    // approved elsewhere). Not on a response that signs in or out or sets the location itself.
    const setsOwn = response.headers.getSetCookie().some((v) => v.startsWith("sessionToken=") || v.startsWith(`${USER_LOCATION_COOKIE}=`));
    if (identity.staffShipsTo && !setsOwn) {
      const shipsTo = identity.staffShipsTo;
      // A cookie kept in step is not worth failing the page for: the next page tries again.
      const cookies = await shipsTo()
        .then((to) => staffLocationCookies(deps, c.req.raw, to))
        .catch((err: unknown) => {
          deps.log.error({ err }, "staff location cookie failed");
          return [];
        });
      extra.push(...cookies);
    }
    if (!extra.length) return response;
    const withCookies = new Response(response.body, response);
    for (const cookie of extra) withCookies.headers.append("Set-Cookie", cookie);
    return withCookies;
  });

  app.onError((err, c) => {
    // The database restarting or failing over: a short outage, not a fault of this request. 503 with
    // Retry-After tells clients and proxies to try again; nothing to report (the report would go to
    // the database that is away).
    if (isDatabaseUnavailable(err)) {
      deps.log.warn({ err, path: loggedPath(c.req.path) }, "database unavailable");
      return briefOutage(c);
    }
    deps.log.error({ err, path: loggedPath(c.req.path) }, "unhandled error");
    // To Sentry or the errors table; the path only (no query string, cookies or body). Not awaited:
    // the answer must not wait on a database that may be what failed.
    void deps.services.errors.server(err, { route: loggedPath(c.req.path), release: deps.buildId() });
    if (c.req.path.startsWith("/api/")) return apiError(c, 500, "internal", "Something went wrong on our side.");
    return c.html("<!doctype html><title>Error</title><h1>Something went wrong</h1><p>Please try again.</p>", 500);
  });

  return app;
}

/**
 * The answer while the database restarts or fails over: 503 with Retry-After, so clients and proxies
 * try again, instead of a 500 that says something is broken.
 */
function briefOutage(c: Context) {
  c.header("Retry-After", "5");
  c.header("Cache-Control", "no-store");
  const message = "The shop is briefly unavailable. Please try again in a moment.";
  if (c.req.path.startsWith("/api/")) return apiError(c, 503, "unavailable", message);
  return c.html(`<!doctype html><title>Back in a moment</title><h1>Back in a moment</h1><p>${message}</p>`, 503);
}
