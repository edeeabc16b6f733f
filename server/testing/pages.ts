import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "../app";

// A React Router server build made in memory from real route modules, for HTTP-level tests of pages
// through the whole Hono app (server/app.ts) without `react-router build`. Routes sit directly under
// the root; no client assets exist, so pages render but would not hydrate.

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
export type TestRoute = { id: string; path: string; module: RouteModule };

export async function testPageHandler(routes: TestRoute[]): Promise<PageHandler> {
  const root = (await import("../../app/root")) as unknown as RouteModule;
  const entry = (await import("../../app/entry.server")) as unknown as ServerBuild["entry"]["module"];
  const all = [{ id: "root", path: "", module: root }, ...routes];
  const build: ServerBuild = {
    entry: { module: entry },
    routes: Object.fromEntries(
      all.map((r) => [r.id, { id: r.id, parentId: r.id === "root" ? undefined : "root", path: r.path, index: undefined, caseSensitive: undefined, module: r.module }]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        all.map((r) => [
          r.id,
          {
            id: r.id,
            parentId: r.id === "root" ? undefined : "root",
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
