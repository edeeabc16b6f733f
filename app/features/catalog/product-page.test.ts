import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryDayText, deliveryPromise, estimateDeliveryDay, HAWAII_DELIVERY_TEXT } from "../../../rules/checkout/delivery-estimate";
import { siteFor } from "../../../rules/shared/site";
import { stateForZip } from "../../../rules/shared/us-states";
import { parseConfig } from "../../../server/config";
import { createDeps, type AppDeps } from "../../../server/context";
import type { Database } from "../../../server/db/client";
import { openTestDatabase } from "../../../server/db/test-database";
import { createLogger } from "../../../server/log";
import { requestContext } from "../../../server/request-context";
import { seededProducts } from "../../../server/testing/catalog";
import { loadProductPage } from "./product-page";

// The product page's delivery line is rules/checkout/delivery-estimate.ts deliveryPromise's answer for the shopper's
// ZIP (the estimate of its warehouse, or SPEC §6's Hawaii text), not a second rule of its own.

let database: Database;
let handle: string;
const quiet = () => createLogger("info", new Writable({ write: (_c, _e, done) => done() }));

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const rows = await seededProducts(database.db);
  handle = rows.find((r) => r.sites.includes("d2c") && r.published)!.handle;
}, 60_000);
afterAll(() => database.close());

async function deliveryOn(zip: string, env: Record<string, string> = {}) {
  const deps: AppDeps = createDeps(parseConfig(env), database, quiet(), () => "test");
  const context = requestContext(deps, siteFor("d2c", deps.config.storeName));
  const request = new Request(`http://localhost/products/${handle}`, { headers: { cookie: `userLocation=${zip}::HOME` } });
  const page = await loadProductPage(context, request, { handle, brand: null, flavor: null, size: null });
  const warehouse = await deps.services.catalog.warehouseForZip(zip);
  return { text: page!.delivery.text, warehouse, flag: deps.config.features.hawaiiShipping };
}

describe("the product page's delivery line", () => {
  it("is deliveryPromise's answer for a served ZIP, and the Hawaii text for a Hawaii ZIP while the flag is on", async () => {
    for (const [zip, env] of [
      ["80011", {}],
      ["96813", {}],
      ["96813", { FEATURE_HAWAII_SHIPPING: "false" }],
    ] as const) {
      const { text, warehouse, flag } = await deliveryOn(zip, env);
      const estimate = warehouse ? { dateText: deliveryDayText(estimateDeliveryDay(new Date(), warehouse.transitDays)), location: zip } : null;
      expect({ zip, flag, text }).toEqual({ zip, flag, text: deliveryPromise(estimate, { state: stateForZip(zip), hawaiiShippingFlag: flag }) });
    }
    expect((await deliveryOn("96813")).text).toBe(HAWAII_DELIVERY_TEXT);
    expect((await deliveryOn("80011")).text).toMatch(/^Estimated delivery \w{3}, \w{3} \d{1,2} to 80011$/);
  });
});
