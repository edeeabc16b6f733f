import { Writable } from "node:stream";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps, type AppDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { buildSeedCatalog } from "../modules/catalog";
import { siteFor } from "../../rules/shared/site";
import type { AppEnv } from "./env";
import { stockRoutes } from "./stock";

// The stock and delivery calls of SPEC §7 through the real HTTP stack (createApp), without React.
let database: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
const quiet = () => createLogger("silent", new Writable({ write: (_c, _e, done) => done() }));
const page = { handler: async () => new Response("page") };

const catalog = buildSeedCatalog();
const stocked = catalog.products[0].variants.find((v) => catalog.inventory.some((i) => i.sku === v.sku && i.warehouseCode === "DEN1" && i.onHand > 0))!;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, quiet(), () => "b");
  app = createApp(deps, page);
}, 60_000);
afterAll(() => database?.close());

const post = (path: string, body: unknown, target = app) =>
  target.request(`http://localhost${path}`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const get = (path: string, headers: Record<string, string> = {}, target: { request: typeof app.request } = app) =>
  target.request(`http://localhost${path}`, { headers: { host: "localhost", ...headers } });

describe("POST /api/get-stock-object", () => {
  it("answers the SPEC §3 stock object under data", async () => {
    const res = await post("/api/get-stock-object", { destination: "HOME" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(catalog.warehouses.length);
    expect(data[0]).toMatchObject({ all_zips: expect.any(Array), groups: expect.any(Array) });
    expect(data.flatMap((e: { all_zips: string[] }) => e.all_zips)).toContain("99500-99999");
  });

  it("400s naming the destination when it is missing or wrong", async () => {
    for (const body of [{}, { destination: "OFFICE" }]) {
      const res = await post("/api/get-stock-object", body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty("destination");
    }
    expect((await post("/api/get-stock-object", "{not json")).status).toBe(400);
  });
});

describe("POST /api/get-products-stock", () => {
  it("answers data.skus for the warehouse serving the ZIP", async () => {
    const res = await post("/api/get-products-stock", { skus: [stocked.sku], zipCode: "80011", destination: "HOME" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.warehouse).toBe("DEN1");
    expect(body.data.skus[stocked.sku]).toMatchObject({ inStock: true, warehouse: "DEN1" });
  });

  it("400s naming the field", async () => {
    const bad = [
      [{ skus: "X", zipCode: "80011", destination: "HOME" }, "skus"],
      [{ skus: [], zipCode: "800", destination: "HOME" }, "zipCode"],
      [{ skus: [], zipCode: "80011" }, "destination"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await post("/api/get-products-stock", body);
      expect(res.status, field).toBe(400);
      expect((await res.json()).error.fields, field).toHaveProperty(field);
    }
  });

  it("400s an unserved ZIP with the shopper's message", async () => {
    const res = await post("/api/get-products-stock", { skus: [stocked.sku], zipCode: "00300", destination: "HOME" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "zip_not_served", fields: { zipCode: "We don't deliver to 00300 yet" } } });
  });
});

describe("GET /api/get-warehouse-by-zipcode", () => {
  it("answers the serving warehouse", async () => {
    const res = await get("/api/get-warehouse-by-zipcode?zipCode=99501");
    expect(await res.json()).toEqual({ warehouse: "KNT1", name: expect.any(String), city: "Kent", state: "WA", transitDays: 7 });
  });

  it("400s a malformed ZIP and 404s an unserved one", async () => {
    const bad = await get("/api/get-warehouse-by-zipcode?zipCode=12");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.zipCode).toBe("Enter a 5-digit ZIP code");
    expect((await get("/api/get-warehouse-by-zipcode")).status).toBe(400);
    expect((await get("/api/get-warehouse-by-zipcode?zipCode=00300")).status).toBe(404);
  });
});

describe("POST /api/get-state-by-zipcode", () => {
  it("answers the state when the feature flag is on", async () => {
    expect(await (await post("/api/get-state-by-zipcode", { zipCode: "96813" })).json()).toEqual({ state: "HI" });
    expect((await post("/api/get-state-by-zipcode", { zipCode: "x" })).status).toBe(400);
    expect((await post("/api/get-state-by-zipcode", { zipCode: "00901" })).status).toBe(404);
  });

  it("does not exist when the flag is off", async () => {
    const off = createApp(
      createDeps(parseConfig({ FEATURE_STATE_BY_ZIP: "false" }), database, quiet(), () => "b"),
      page,
    );
    const res = await post("/api/get-state-by-zipcode", { zipCode: "96813" }, off);
    expect(res.status).toBe(404);
  });
});

describe("GET /api/get-estimated-delivery-date", () => {
  // A Monday morning, before the 14:00 UTC cut-off.
  const pinned = new Hono<AppEnv>();
  beforeAll(() => {
    pinned.use(async (c, next) => {
      c.set("deps", deps);
      c.set("site", siteFor("d2c", "Test"));
      await next();
    });
    pinned.route("/api", stockRoutes({ now: () => new Date("2025-03-03T09:00:00Z") }));
  });

  it("estimates for the default guest ZIP 80011 without a cookie", async () => {
    const res = await get("/api/get-estimated-delivery-date", {}, pinned);
    expect(await res.json()).toMatchObject({ date: "2025-03-04", text: "Estimated delivery Tue, Mar 4 to 80011", zip: "80011" });
  });

  it("reads the ZIP and the location from the userLocation cookie", async () => {
    const res = await get("/api/get-estimated-delivery-date", { cookie: "userLocation=99501%3A%3AHOME" }, pinned);
    expect(await res.json()).toMatchObject({ date: "2025-03-12", text: "Estimated delivery Wed, Mar 12 to 99501", warehouse: "KNT1" });
  });

  it("answers with a real date through the app", async () => {
    const res = await get("/api/get-estimated-delivery-date", { cookie: "userLocation=80011::home" });
    expect(res.status).toBe(200);
    expect((await res.json()).text).toMatch(/^Estimated delivery \w{3}, \w{3} \d{1,2} to 80011$/);
  });

  it("404s a cookie ZIP no warehouse serves", async () => {
    const res = await get("/api/get-estimated-delivery-date", { cookie: "userLocation=00300::HOME" }, pinned);
    expect(res.status).toBe(404);
  });
});
