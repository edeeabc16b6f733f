import { Hono } from "hono";
import { autoshipRoutes } from "./autoship";
import { cartRoutes } from "./cart";
import { catalogRoutes } from "./catalog";
import { clinicRoutes } from "./clinics";
import { checkoutRoutes } from "./checkout";
import { accountHelperRoutes, customerRoutes } from "./customer";
import { contentRoutes } from "./content";
import { consentRoutes } from "./consent";
import { donationRoutes } from "./donations";
import { errorReportRoutes } from "./errors-api";
import type { AppEnv } from "./env";
import { healthRoutes } from "./health";
import { marketingRoutes } from "./marketing";
import { openApiDocument } from "./openapi";
import { stockRoutes } from "./stock";
import { reviewRoutes } from "./reviews";
import { shopperRoutes } from "./shopper";

/** Every router of SPEC §7, joined under /api. */
export function apiRoutes() {
  const api = new Hono<AppEnv>();
  api.route("/", healthRoutes());
  api.route("/", catalogRoutes());
  api.route("/cms", contentRoutes());
  api.route("/", stockRoutes());
  api.route("/ecom/v1.0", cartRoutes());
  api.route("/ecom/v1.0", customerRoutes());
  api.route("/", accountHelperRoutes());
  api.route("/", autoshipRoutes());
  api.route("/checkout", checkoutRoutes());
  api.route("/identity", clinicRoutes());
  api.route("/donations", donationRoutes());
  api.route("/", errorReportRoutes());
  api.route("/", consentRoutes());
  api.route("/reviews", reviewRoutes());
  api.route("/marketing", marketingRoutes());
  api.route("/", shopperRoutes());
  // Listed last so that it sees every call above; built once, on first request.
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get("/openapi.json", (c) => c.json((document ??= openApiDocument(api))));
  return api;
}
