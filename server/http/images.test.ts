import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardImageDensitySrcSet, cardImageSrcSet, cardImageUrl, imageUrl } from "../../rules/catalog/image-urls";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";

// The packshots' short URLs of product cards (/_img/p/{key}): the same image as /_img/packshots/{key}.webp.

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "build-1");
  app = createApp(deps, { handler: async () => new Response("page") });
});
afterAll(() => database.close());

const get = (path: string) => app.request(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } });

describe("card image URLs", () => {
  it("name a packshot by its key; other sources as imageUrl has them", () => {
    expect(cardImageUrl("packshots/bag_kc_chicken_dog.webp", 320)).toBe("/_img/p/bag_kc_chicken_dog?w=320");
    expect(cardImageUrl("cms/hero-dog.webp", 640)).toBe(imageUrl("cms/hero-dog.webp", 640));
    expect(cardImageSrcSet("packshots/a.webp")).toBe("/_img/p/a?w=320 320w, /_img/p/a?w=640 640w, /_img/p/a?w=768 768w");
    // A listing card's: density 2 beside its 320 src; both named when the page preloads it from its srcset.
    expect(cardImageDensitySrcSet("packshots/a.webp")).toBe("/_img/p/a?w=640 2x");
    expect(cardImageDensitySrcSet("packshots/a.webp", true)).toBe("/_img/p/a?w=320 1x, /_img/p/a?w=640 2x");
  });

  it("serve the same image as the long URL, immutable", async () => {
    const [{ imageKey: key }] = await seededVariants(database.db).limit(1);
    const short = await get(`/_img/p/${key}?w=320`);
    expect(short.status).toBe(200);
    expect(short.headers.get("content-type")).toBe("image/webp");
    expect(short.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const long = await get(`/_img/packshots/${key}.webp?w=320`);
    const [a, b] = [Buffer.from(await short.arrayBuffer()), Buffer.from(await long.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    expect((await sharp(a).metadata()).width).toBe(320);
  });

  it("answer 404 for a key the catalogue has not, 400 for a width outside SPEC §9", async () => {
    expect((await get("/_img/p/bag_nobody_unicorn_dog?w=320")).status).toBe(404);
    expect((await get("/_img/p/..%2F..%2Fetc%2Fpasswd?w=320")).status).toBe(404);
    const [{ imageKey: key }] = await seededVariants(database.db).limit(1);
    expect((await get(`/_img/p/${key}?w=333`)).status).toBe(400);
  });
});
