import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartAction } from "../../../app/features/cart/cart-route.server";
import { siteFor } from "../../../rules/shared/site";
import { createApp } from "../../app";
import { parseConfig } from "../../config";
import { createDeps } from "../../context";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createLogger } from "../../log";
import { requestContext, resolveIdentity } from "../../request-context";
import { staffMember } from "../../testing/staff";
import { seededVariants } from "../../testing/catalog";
import { SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID } from "../clinics";
import type { CartWarning } from "./service";
import type { CartView } from "./view";

// The staff site's cart through every door: the /cart page's action (as its fetcher calls it) and
// the cart API on pro.localhost give the same cart and the same warnings.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
/** A 30 lb bag sold on the staff site; the allowance of this file's config is 60 lb a month. */
let bagId: number;
const STAFF = "pro.localhost";

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({ STAFF_QUOTA_LB: "60" }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const row = (await seededVariants(database.db)).find(
    (v) => v.weight === 30 && v.weightUnit === "lbs" && v.sites.includes("hpsf") && v.programPriceCents !== null,
  )!;
  bagId = row.id;
}, 60_000);
afterAll(() => database?.close());

async function api(path: string, body: unknown, cookie: string) {
  const res = await app.request(`http://${STAFF}/api/ecom/v1.0/${path}`, {
    method: "POST",
    headers: { host: STAFF, origin: `http://${STAFF}`, "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { cart: CartView; warnings: CartWarning[] } };
}

async function pageAct(cookie: string, fields: Record<string, string>) {
  const request = new Request(`http://${STAFF}/cart`, { method: "POST", headers: { cookie, "sec-fetch-dest": "empty" }, body: new URLSearchParams(fields) });
  const identity = await resolveIdentity(deps, request, null, "hpsf");
  const context = requestContext(deps, siteFor("hpsf", deps.config.storeName), identity) as AppLoadContext;
  const result = (await cartAction({ request, context })) as unknown as { data: { cart: CartView; warnings: CartWarning[] }; init?: { status?: number } };
  return { status: result.init?.status ?? 200, data: result.data };
}

const quotaWarnings = (warnings: readonly CartWarning[]) => warnings.filter((w) => w.code === "QUOTA_EXCEEDED").map((w) => w.message);

describe("the staff monthly allowance warning: one answer", () => {
  it("adding past the allowance warns the same on the cart page and through the cart API", async () => {
    const viaPage = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const viaApi = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const page = await pageAct(viaPage.cookie, { intent: "add", variantId: String(bagId), quantity: "3" });
    const created = await api("create-cart", { lineItems: [{ merchandiseId: String(bagId), quantity: 3 }] }, viaApi.cookie);
    expect(page.status).toBe(200);
    expect(created.status).toBe(200);
    expect(quotaWarnings(page.data.warnings)).toHaveLength(1);
    expect(quotaWarnings(created.body.warnings)).toEqual(quotaWarnings(page.data.warnings));
    expect(quotaWarnings(created.body.warnings)[0]).toMatch(/^Your cart is 30 lb over your monthly allowance/);

    // An update that stays over the allowance warns both ways too; one that fits warns neither.
    const pageCookie = `${viaPage.cookie}; col_cart_id=${page.data.cart.id}`;
    const pageLine = page.data.cart.lineItems[0].id;
    const apiLine = created.body.cart.lineItems[0].id;
    const pageUpdate = await pageAct(pageCookie, { intent: "update", lineId: pageLine, quantity: "4" });
    const apiUpdate = await api("update-cart-line-items", { cartId: created.body.cart.id, lineItems: [{ id: apiLine, quantity: 4 }] }, viaApi.cookie);
    expect(quotaWarnings(apiUpdate.body.warnings)).toEqual(quotaWarnings(pageUpdate.data.warnings));
    expect(quotaWarnings(apiUpdate.body.warnings)[0]).toMatch(/^Your cart is 60 lb over/);
    const pageFits = await pageAct(pageCookie, { intent: "update", lineId: pageLine, quantity: "2" });
    const apiFits = await api("update-cart-line-items", { cartId: created.body.cart.id, lineItems: [{ id: apiLine, quantity: 2 }] }, viaApi.cookie);
    expect([quotaWarnings(pageFits.data.warnings), quotaWarnings(apiFits.body.warnings)]).toEqual([[], []]);
  });
});
