import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { BUILT_REVIEWS_WIDGET, buildReviewsWidget, widgetHash, type BuiltWidget } from "../../widgets/build";
import type { AppEnv } from "./env";

// GET /reviews/widget.js: the review widget's script (widgets/reviews), the default of
// REVIEWS_SCRIPT_URL. The product page asks for it with ?v=<its content hash> (fixed into the page's
// code at build time): that URL is cached for good; any other is revalidated by its ETag. In
// development it is built on each request, so an edit shows on the next reload.

export const REVIEWS_WIDGET_PATH = "/reviews/widget.js";

export function reviewsWidgetRoutes(opts: { dev: boolean }) {
  const app = new Hono<AppEnv>();
  let built: Promise<BuiltWidget> | null = null;

  const widget = (): Promise<BuiltWidget> => {
    if (opts.dev) return buildReviewsWidget({ minify: false });
    // The production build writes it (widgets/build.ts); a build from before the widget existed
    // gets it built once here instead.
    built ??= readFile(BUILT_REVIEWS_WIDGET, "utf8").then(
      (code) => ({ code, hash: widgetHash(code) }),
      () => buildReviewsWidget({ minify: true }),
    );
    built.catch(() => (built = null));
    return built;
  };

  app.get(REVIEWS_WIDGET_PATH, async (c) => {
    const { code, hash } = await widget();
    const etag = `"${hash}"`;
    const cache = !opts.dev && c.req.query("v") === hash ? "public, max-age=31536000, immutable" : "no-cache";
    c.header("ETag", etag);
    c.header("Cache-Control", cache);
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(code);
  });

  return app;
}
