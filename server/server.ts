import cluster from "node:cluster";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { LRUCache } from "lru-cache";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { createApp, type PageHandler } from "./app";
import type { Config } from "./config";
import { createDeps } from "./context";
import { openDatabase, type Database } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import { startAutoshipScheduler } from "./jobs/autoship-runner";
import { startRetentionPurge } from "./jobs/retention-purge";
import { startReviewRequests } from "./jobs/review-requests";
import { createLogger, type Logger } from "./log";
import { createPageCache } from "./http/page-cache";
import { parseChangeNotice, purgeKeysFor, SHARED_PAGES_KEY } from "../rules/shared/page-cache-keys";
import { createSharedCachePurger } from "./http/shared-cache-purge";
import { startMetrics } from "./metrics";

export type RunningShop = { server: Server; url: string; close(): Promise<void> };

const root = path.resolve(import.meta.dirname, "..");

/**
 * SESSION_SECRET when unset: generated once and kept beside the embedded database (mode 0600), so
 * /api/crypto hashes stay stable across restarts of a single-process shop. Production with
 * DATABASE_URL must set it (server/config.ts).
 */
function persistedSecret(pgliteDir: string): string {
  const file = path.join(path.dirname(path.resolve(pgliteDir)), "session-secret");
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Guest pages from memory (server/http/page-cache.ts), dropped on every catalogue or content change
 * this process hears of — and purged from the shared cache in front, when there is one
 * (server/http/shared-cache-purge.ts), by the keys the notice names (a product's pages for its
 * stock change), and every page when notices resume after the connection was down (some may have
 * been missed). Not in development (pages change with the code), nor with
 * PAGE_CACHE=off (measuring the rendering itself: `npm run bench -- --no-page-cache`).
 * `changed` also runs on every change notice: the content service's own cache goes with the pages
 * (a publish in another process).
 */
async function guestPageCache(config: Config, listen: Database["listen"], handler: PageHandler, log: Logger, dev: boolean, changed: () => void) {
  if (dev || process.env.PAGE_CACHE === "off") return { handler, stop: async () => {} };
  const cache = createPageCache({ sharedMaxAgeSeconds: config.sharedCache?.maxAgeSeconds });
  const purger = createSharedCachePurger(config.sharedCache?.purgeUrls ?? [], log);
  let wasLive = false;
  const stop = await listen(
    "page_cache",
    (payload) => {
      cache.invalidate();
      purger.changed(purgeKeysFor(parseChangeNotice(payload)));
      changed();
    },
    (live) => {
      if (live && !wasLive) purger.changed([SHARED_PAGES_KEY]);
      wasLive = live;
      cache.setLive(live);
    },
  );
  return {
    handler: cache.wrap(handler),
    stop: async () => {
      await stop();
      await purger.stop();
    },
  };
}

/** The page route (its id in the build, e.g. "routes/products.path") a path renders, for the metrics. */
function pageRouteOf(build: ServerBuild): (path: string) => string {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) }));
  const roots = tree(undefined);
  // matchRoutes flattens and ranks the whole route table on every call (a fifth of a cached page's
  // CPU when measured): each path is matched once, the most recent ones kept.
  const known = new LRUCache<string, string>({ max: 5000 });
  return (pathname) => {
    let id = known.get(pathname);
    if (id === undefined) known.set(pathname, (id = matchRoutes(roots, pathname)?.at(-1)?.route.id ?? "page"));
    return id;
  };
}

/**
 * Starts one shop process: database (migrated, seeded when empty), both sites, the API.
 * `dev` serves the app through Vite with hot reload; otherwise the production build in build/.
 */
export async function startShop(config: Config, opts: { dev: boolean }): Promise<RunningShop> {
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config);
  await database.migrate();
  if (config.seedOnStart) await seedIfEmpty(database, log);

  let handler: PageHandler;
  let buildId: () => string;
  let pageRoute: ((path: string) => string) | undefined;
  let clientDir: string | undefined;
  let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  let closeVite = async () => {};

  if (opts.dev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    const devBuildId = `dev-${Date.now()}`;
    buildId = () => devBuildId;
    const rr = createRequestHandler(() => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>, "development");
    handler = (req, ctx) => rr(req, ctx);
    viteMiddlewares = devServer.middlewares;
    closeVite = () => devServer.close();
  } else {
    const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
    buildId = () => build.assets.version;
    pageRoute = pageRouteOf(build);
    const rr = createRequestHandler(build, "production");
    handler = (req, ctx) => rr(req, ctx);
    clientDir = path.relative(process.cwd(), path.join(root, "build/client")) || ".";
  }

  const deps = createDeps(config, database, log, buildId, config.sessionSecret ?? persistedSecret(config.pgliteDir));
  // Every change-notice listener counts toward readiness (/api/ready).
  const listen = deps.readiness.track(database.listen);
  const cached = await guestPageCache(config, listen, handler, log, opts.dev, () => deps.services.content.invalidate());
  // The listing's facet counts, kept per filter state until a catalogue change is heard (catalog/facet-cache.ts).
  const stopFacetCounts = await deps.services.catalog.followChanges(listen);
  startMetrics(database.poolStats);
  const app = createApp(deps, { handler: cached.handler, clientDir, pageRoute });
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (viteMiddlewares) viteMiddlewares(req, res, () => void listener(req, res));
    else void listener(req, res);
  });
  // Idle keep-alive connections stay open longer than those who reuse them wait (Varnish's and
  // nginx's upstream idle time is 60 s): Node's default of 5 s closes a socket just as the proxy
  // or a client sends the next request on it, and that request fails with a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // The renewal engine runs in every shop process unless AUTOSHIP_SCHEDULER=off (then `npm run worker`).
  const autoship = config.autoship.scheduler
    ? startAutoshipScheduler(
        {
          db: database.db,
          services: deps.services,
          config,
          log,
          secret: deps.sessionSecret,
          automations: { db: database.db, services: deps.services, log },
        },
        { intervalMs: config.autoship.intervalSeconds * 1000 },
      )
    : null;
  // Proof-of-consent records older than 13 months, stale errors and old clickstream events go, a minute after start and every 6 hours.
  const retentionPurge = startRetentionPurge({ consent: deps.services.consent, errors: deps.services.errorReports, donations: deps.services.donations, log });
  // Review-request mails (10 days after delivery), every 15 minutes; each order's is claimed once.
  const reviewRequests = startReviewRequests({ reviews: deps.services.reviews, log });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  log.info({ url, staffUrl: `http://pro.localhost:${port}`, db: database.kind }, "shop started");
  // No default password: with no operator yet, a one-time link (24 h) creates the owner. The one
  // token the shop ever logs, on purpose: it is how the first operator gets in.
  // In a multi-process shop only the first worker does it, so one link is logged, not one per process.
  const firstProcess = !cluster.isWorker || cluster.worker?.id === 1;
  if (firstProcess && (await deps.services.operators.count()) === 0) {
    const link = await deps.services.operators.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    log.warn(
      { setupUrl: `${config.publicUrl ?? url}/admin/setup?token=${link.token}`, expiresAt: link.expiresAt.toISOString() },
      "no console operator yet: open this one-time link to create the owner",
    );
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // /api/ready answers 503 from now on: a load balancer stops sending new requests here, once
      // its probe has seen it (SHUTDOWN_DELAY_SECONDS, meanwhile requests are still served).
      deps.readiness.drain();
      if (config.shutdownDelaySeconds > 0) await new Promise((r) => setTimeout(r, config.shutdownDelaySeconds * 1000));
      // No new renewal starts; one under way finishes (server/jobs/autoship-runner.ts).
      const autoshipStopped = autoship?.stop();
      const retentionPurgeStopped = retentionPurge.stop();
      const reviewRequestsStopped = reviewRequests.stop();
      // Stop taking connections, let in-flight requests finish (at most 10 s), then release the DB.
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      await closeVite();
      await autoshipStopped;
      await retentionPurgeStopped;
      await reviewRequestsStopped;
      await deps.services.mail.flush();
      await cached.stop();
      await stopFacetCounts();
      await database.close();
      log.info("shop stopped");
    })());

  return { server, url, close };
}
