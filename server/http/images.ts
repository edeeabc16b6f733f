import { Hono, type Context } from "hono";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_DENSITIES, IMAGE_WIDTHS } from "../../rules/catalog/image-urls";
import { createPackshotIndex } from "../modules/catalog";
import { renderPackshotSvg } from "../modules/images";
import { readContentAsset } from "../modules/content";
import type { AppEnv } from "./env";
import { apiError, parseQuery } from "./errors";

const sizeQuery = z.object({
  w: z.coerce
    .number()
    .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), `must be one of ${IMAGE_WIDTHS.join(", ")}`)
    .default(640),
  dpr: z.coerce
    .number()
    .refine((d) => (IMAGE_DENSITIES as readonly number[]).includes(d), "must be 1 or 2")
    .default(1),
});

/**
 * A small in-process cache of encoded images, bounded in bytes; the real cache is the browser/CDN
 * (immutable URLs).
 */
const imageCache = (maxBytes: number) => new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (b) => Math.max(1, b.length) });

/** The image-optimising proxy of SPEC §7/§9: webp at the widths and densities of SPEC §9. */
export function imageRoutes() {
  const app = new Hono<AppEnv>();
  const cache = imageCache(32 * 1024 * 1024);
  let packshots: ReturnType<typeof createPackshotIndex> | undefined;

  const packshot = async (c: Context<AppEnv>, key: string) => {
    const q = parseQuery(c, sizeQuery);
    if (!q.ok) return q.response;
    // Only the catalogue's own packshots: any other key would be drawn (CPU) and cached (memory).
    packshots ??= createPackshotIndex(c.get("deps").database.db);
    if (!(await packshots.has(key))) return apiError(c, 404, "not_found", "No such image.");
    const svg = renderPackshotSvg(key);
    if (!svg) return apiError(c, 404, "not_found", "No such image.");
    const cacheKey = `${key}@${q.data.w}x${q.data.dpr}`;
    let body = cache.get(cacheKey);
    if (!body) {
      body = await toWebp(Buffer.from(svg), q.data.w * q.data.dpr);
      cache.set(cacheKey, body);
    }
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  };

  app.get("/packshots/:file{[a-z0-9_-]+\\.webp}", (c) => packshot(c, c.req.param("file").replace(/\.webp$/, "")));
  // The same packshot by a shorter name (rules/catalog/image-urls.ts cardImageUrl): product cards name theirs
  // four times each (src and srcset), 24 cards a listing page.
  app.get("/p/:key{[a-z0-9_-]+}", (c) => packshot(c, c.req.param("key")));

  app.get("/cms/:file", (c) => contentAsset(c, cache));

  return app;
}

/** An image (SVG or PNG) as webp at a pixel width. */
const toWebp = (source: Buffer, width: number) => sharp(source).resize({ width }).webp({ quality: 80 }).toBuffer();

/**
 * Content images (SPEC §7: the content service's assets path, alias /cms): a file of content/assets
 * (SVG or PNG) converted to webp at the widths of SPEC §9. Served at /_img/cms/{name}.webp and /cms/{name}.webp.
 */
export async function contentAsset(c: Context<AppEnv>, cache: { get(k: string): Buffer | undefined; set(k: string, v: Buffer): void }) {
  const q = parseQuery(c, sizeQuery);
  if (!q.ok) return q.response;
  const match = /^([a-z0-9-]+)\.webp$/.exec(c.req.param("file") ?? "");
  if (!match) return apiError(c, 404, "not_found", "No such image.");
  const cacheKey = `cms/${match[1]}@${q.data.w}x${q.data.dpr}`;
  let body = cache.get(cacheKey);
  if (!body) {
    const source = await readContentAsset(match[1]);
    if (!source) return apiError(c, 404, "not_found", "No such image.");
    body = await toWebp(source, q.data.w * q.data.dpr);
    cache.set(cacheKey, body);
  }
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": "image/webp",
    // Names of content images may be reused after an edit: cached for a day, not forever.
    "Cache-Control": "public, max-age=86400",
  });
}

/** GET /cms/{name}.webp: the alias of SPEC §7. */
export function contentAssetAlias() {
  const app = new Hono<AppEnv>();
  const cache = imageCache(8 * 1024 * 1024);
  app.get("/:file", (c) => contentAsset(c, cache));
  return app;
}
