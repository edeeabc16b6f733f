import { createRequestHandler, UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, type ServerBuild } from "react-router";
import { beforeAll } from "vitest";
import { createApp, type PageHandler } from "../app";
import { testDeps } from "./deps";

// A React Router server build made in memory from real route modules, for HTTP-level tests of pages
// through the whole Hono app (server/app.ts) without `react-router build`. Routes sit directly under
// the root unless they name a parent (a layout route); no client assets exist, so pages render but
// would not hydrate.

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
/** A route module as imported (typed by React Router's typegen, so only checked for being an object here). */
export type TestRoute = { id: string; path: string; module: object; parentId?: string };

export async function testPageHandler(routes: TestRoute[]): Promise<PageHandler> {
  const root = (await import("../../app/root")) as unknown as RouteModule;
  const entry = (await import("../../app/entry.server")) as unknown as ServerBuild["entry"]["module"];
  const all: { id: string; path: string; module: RouteModule; parentId?: string }[] = [
    { id: "root", path: "", module: withProps(root) },
    ...routes.map((r) => ({ ...r, module: withProps(r.module as RouteModule) })),
  ];
  const parentOf = (r: (typeof all)[number]) => (r.id === "root" ? undefined : (r.parentId ?? "root"));
  const build: ServerBuild = {
    entry: { module: entry },
    routes: Object.fromEntries(
      all.map((r) => [r.id, { id: r.id, parentId: parentOf(r), path: r.path, index: undefined, caseSensitive: undefined, module: r.module }]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        all.map((r) => [
          r.id,
          {
            id: r.id,
            parentId: parentOf(r),
            path: r.path,
            module: `/assets/${r.id}.js`,
            hasLoader: "loader" in r.module,
            hasAction: "action" in r.module,
            hasClientLoader: false,
            hasClientAction: false,
            hasClientMiddleware: false,
            hasErrorBoundary: "ErrorBoundary" in r.module,
            imports: [],
            css: [],
            clientActionModule: undefined,
            clientLoaderModule: undefined,
            clientMiddlewareModule: undefined,
            hydrateFallbackModule: undefined,
          },
        ]),
      ),
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {} as ServerBuild["future"],
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
  const handler = createRequestHandler(build, "production");
  return (request, context) => handler(request, context);
}

/** What React Router's Vite plugin does to route modules: components receive loaderData, actionData, params and matches as props. */
function withProps(module: RouteModule): RouteModule {
  const m = module as RouteModule & { default?: React.ComponentType<never>; ErrorBoundary?: React.ComponentType<never> };
  return {
    ...m,
    ...(m.default ? { default: UNSAFE_withComponentProps(m.default as never) } : {}),
    ...(m.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(m.ErrorBoundary as never) } : {}),
  } as RouteModule;
}

const HOST = "localhost:3000";

/**
 * The whole app with these page routes for one test file, over a fresh database (dependencies as
 * `testDeps`), and requests to it as a browser on the shop's host makes them: a GET and a form POST
 * (a field given as a list is sent once a value) with the session cookie given.
 */
export function testPages(routes: () => Promise<TestRoute[]>, options: Parameters<typeof testDeps>[0] = {}) {
  const t = testDeps({ env: { NODE_ENV: "test" }, build: "build-1", ...options }) as ReturnType<typeof testDeps> & { app: ReturnType<typeof createApp> };
  beforeAll(async () => {
    t.app = createApp(t.deps, { handler: await testPageHandler(await routes()) });
  }, 60_000);
  const get = (path: string, cookie: string) => t.app.request(`http://${HOST}${path}`, { headers: { host: HOST, cookie } });
  const post = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return t.app.request(`http://${HOST}${path}`, {
      method: "POST",
      headers: { host: HOST, origin: `http://${HOST}`, "content-type": "application/x-www-form-urlencoded", cookie },
      body,
    });
  };
  return Object.assign(t, { get, post });
}
