import { Hono, type Context } from "hono";
import { categoryIconSvg, monogramLogoSvg } from "../../rules/donations/category-icons";
import type { AppEnv } from "./env";

// The donation causes' pictures, drawn by rules/donations/category-icons.ts: the 26 category icons (SPEC §3,
// ids 0–25) a cause without a logo shows, and the seeded causes' monogram logos. Anything else
// under these paths is 404. The drawings only change with a release, so a day's caching is safe.

export const CATEGORY_ICON_PATH = "/donations/category-icons";
export const CAUSE_LOGO_PATH = "/donations/logos";

function svgResponse(c: Context<AppEnv>, svg: string | null) {
  if (!svg) return c.text("No such image.", 404);
  c.header("Content-Type", "image/svg+xml; charset=utf-8");
  c.header("Cache-Control", "public, max-age=86400");
  // Opened on its own, the document may not run or load anything.
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  return c.body(svg);
}

export function donationImageRoutes() {
  const app = new Hono<AppEnv>();
  app.get(`${CATEGORY_ICON_PATH}/:file`, (c) => {
    const m = /^(\d{1,2})\.svg$/.exec(c.req.param("file"));
    return svgResponse(c, m ? categoryIconSvg(Number(m[1])) : null);
  });
  app.get(`${CAUSE_LOGO_PATH}/:file`, (c) => svgResponse(c, monogramLogoSvg(c.req.param("file"))));
  return app;
}
