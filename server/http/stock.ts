import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_GUEST_ZIP, DESTINATIONS, locationLabel, parseUserLocation, shownLocation, USER_LOCATION_COOKIE } from "../../rules/shared/shopper-location";
import { estimatedDeliveryText } from "../../rules/checkout/delivery-estimate";
import { zipSchema } from "../../rules/shared/zip-schema";
import type { AppEnv } from "./env";
import { identityOf } from "./identity";
import { apiError, jsonBody, queryInput } from "./errors";
import { readCookie } from "../../rules/shared/cookies";

// Stock and delivery calls of SPEC §7 (paths exactly as SPEC gives them, under /api).

const destination = z.enum(DESTINATIONS as [string, ...string[]], { error: "must be HOME or CLINIC" }).transform((d) => d as "HOME" | "CLINIC");

const stockObjectBody = z.object({ destination });
const productsStockBody = z.object({
  skus: z.array(z.string().max(64), { error: "must be a list of SKUs" }).max(100, "at most 100 SKUs"),
  zipCode: zipSchema,
  destination,
});
const zipQuery = z.object({ zipCode: zipSchema });
const zipBody = z.object({ zipCode: zipSchema });

/** `now` is injectable so tests can pin the clock of the delivery estimate. */
export function stockRoutes(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const app = new Hono<AppEnv>();

  // SPEC §7: POST /api/get-stock-object {destination} → data (SPEC §3 stock object).
  app.post("/get-stock-object", jsonBody(stockObjectBody), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    return c.json({ data: await c.get("deps").services.catalog.stockObject(body.data.destination) });
  });

  // SPEC §7: POST /api/get-products-stock {skus, zipCode, destination} → data.skus.
  app.post("/get-products-stock", jsonBody(productsStockBody), async (c) => {
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const result = await c.get("deps").services.catalog.productsStock(body.data);
    if (!result.ok) return apiError(c, 400, "zip_not_served", result.message, { zipCode: result.message });
    return c.json({ data: result.data });
  });

  // SPEC §7: GET /api/get-warehouse-by-zipcode?zipCode= → warehouse.
  app.get("/get-warehouse-by-zipcode", queryInput(zipQuery), async (c) => {
    const q = await c.req.valid("json")();
    if (!q.ok) return q.response;
    const result = await c.get("deps").services.catalog.checkZip(q.data.zipCode);
    if (!result.ok || !result.warehouse) {
      const message = result.ok ? `No warehouse serves ${result.zip}` : result.message;
      return apiError(c, 404, "zip_not_served", message, { zipCode: message });
    }
    const { code, name, city, state, transitDays } = result.warehouse;
    return c.json({ warehouse: code, name, city, state, transitDays });
  });

  // SPEC §7: POST /api/get-state-by-zipcode {zipCode} → state; only with its feature flag.
  app.post("/get-state-by-zipcode", jsonBody(zipBody), async (c) => {
    const { config, services } = c.get("deps");
    if (!config.features.stateByZip) return apiError(c, 404, "not_found", `No API call at ${c.req.path}`);
    const body = await c.req.valid("json")();
    if (!body.ok) return body.response;
    const state = services.catalog.stateForZip(body.data.zipCode);
    if (!state) return apiError(c, 404, "unknown_zip", `No US state has ZIP code ${body.data.zipCode}`);
    return c.json({ state });
  });

  // SPEC §7: GET /api/get-estimated-delivery-date, no payload: the ZIP comes from the userLocation
  // cookie (default 80011); the location shown is the cookie's part before "::". A staff member
  // shipping to the clinic is told the clinic's ZIP, as the product page is (rules/shared/shopper-location.ts shownLocation).
  app.get("/get-estimated-delivery-date", async (c) => {
    const cookie = readCookie(c.req.header("cookie"), USER_LOCATION_COOKIE);
    const parsed = parseUserLocation(cookie);
    const shown = shownLocation(parsed ?? { zip: DEFAULT_GUEST_ZIP, destination: "HOME" }, await (await identityOf(c)).staffShipsTo?.());
    const zip = shown.zip;
    const location = (parsed && parsed.zip === zip && locationLabel(cookie)) || zip;
    const estimate = await c.get("deps").services.catalog.estimatedDeliveryDate(zip, now());
    if (!estimate) return apiError(c, 404, "zip_not_served", `We don't deliver to ${zip} yet`);
    c.header("Cache-Control", "private, no-store");
    return c.json({
      date: estimate.date,
      dateText: estimate.dateText,
      text: estimatedDeliveryText(estimate.dateText, location),
      zip,
      warehouse: estimate.warehouse.code,
      transitDays: estimate.transitDays,
    });
  });

  return app;
}
