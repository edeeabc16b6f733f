import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

// The review widget is a browser bundle of its own (plain TypeScript DOM, no React), built by
// esbuild: into build/widgets/ by the app's production build (the Vite plugin below, so every
// `react-router build` — npm run build, npm start, npm test, the browser tests — makes it), and on
// demand in development (server/http/reviews-widget.ts).

const root = path.resolve(import.meta.dirname, "..");
export const REVIEWS_WIDGET_ENTRY = path.join(root, "widgets/reviews/main.ts");
export const BUILT_REVIEWS_WIDGET = path.join(root, "build/widgets/reviews.js");

export type BuiltWidget = { code: string; hash: string };

export const widgetHash = (code: string) => createHash("sha256").update(code).digest("base64url").slice(0, 16);

export async function buildReviewsWidget(opts: { minify: boolean }): Promise<BuiltWidget> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [REVIEWS_WIDGET_ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2020",
    platform: "browser",
    minify: opts.minify,
    sourcemap: opts.minify ? false : "inline",
    legalComments: "none",
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  return { code, hash: widgetHash(code) };
}

/**
 * In a production build: the widget is built first, its content hash becomes the page code's
 * __REVIEWS_WIDGET_VERSION__ (the product page asks for /reviews/widget.js?v=<hash>, cached for good,
 * and a changed widget changes the page's own chunk, hence the build id too), and it is written to
 * build/widgets/ once the bundles are. In development the version is "dev" (built per request).
 */
export function reviewsWidgetBuild(): Plugin {
  let built: BuiltWidget | null = null;
  return {
    name: "reviews-widget",
    async config(_config, env) {
      if (env.command !== "build") return { define: { __REVIEWS_WIDGET_VERSION__: JSON.stringify("dev") } };
      built ??= await buildReviewsWidget({ minify: true });
      return { define: { __REVIEWS_WIDGET_VERSION__: JSON.stringify(built.hash) } };
    },
    closeBundle() {
      if (!built) return;
      mkdirSync(path.dirname(BUILT_REVIEWS_WIDGET), { recursive: true });
      writeFileSync(BUILT_REVIEWS_WIDGET, built.code);
    },
  };
}
