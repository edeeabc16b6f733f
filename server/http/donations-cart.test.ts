import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";
import { donationChoiceOf } from "../testing/donations";
import { SEED_DONATION_STORE_ID, SEED_LOYALTY_SEGMENT_ID } from "../modules/donations";
import { CART_COOKIE } from "../../rules/cart/cookies";

// PUT /api/donations/tracking/{id}/cart: the browser's own tracking joins the shopper's own cart;
// a tracking of another donation session or an unknown one answers 404; no cart (or another's) attaches nothing.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let variantId: number;
const HOST = "localhost";

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const [v] = await seededVariants(database.db).limit(20);
  variantId = v.id;
});
afterAll(() => database?.close());

function call(method: string, path: string, cookie?: string, body?: unknown) {
  const json = method === "POST" || body !== undefined;
  return app.request(`http://${HOST}/api/donations${path}`, {
    method,
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      "x-store-id": SEED_DONATION_STORE_ID,
      ...(cookie ? { cookie } : {}),
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(body ?? {}) : undefined,
  });
}

async function startTracking() {
  const res = await call("POST", "/tracking");
  expect(res.status).toBe(201);
  return { trackingId: ((await res.json()) as { trackingId: string }).trackingId, session: res.headers.get("set-cookie")!.split(";")[0] };
}

async function newCart() {
  const r = await deps.services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1, sellingPlanId: null }]);
  if (!r.ok) throw new Error(r.message);
  return r.cart.id;
}

const choiceOf = (cartId: string) => donationChoiceOf(database.db, cartId);

describe("PUT /api/donations/tracking/{id}/cart", () => {
  it("keeps the segment the widget matched only when it is the store's and active; a malformed id is 400 on segmentId", async () => {
    const { trackingId, session } = await startTracking();
    const cartId = await newCart();
    const cookie = `${session}; ${CART_COOKIE}=${cartId}`;
    const kept = await call("PUT", `/tracking/${trackingId}/cart`, cookie, { segmentId: SEED_LOYALTY_SEGMENT_ID });
    expect(await kept.json()).toEqual({ trackingId, attached: true, segmentId: SEED_LOYALTY_SEGMENT_ID });
    expect((await choiceOf(cartId))?.segmentId).toBe(SEED_LOYALTY_SEGMENT_ID);
    const unknown = await call("PUT", `/tracking/${trackingId}/cart`, cookie, { segmentId: randomUUID() });
    expect(await unknown.json()).toMatchObject({ attached: true, segmentId: null });
    expect((await choiceOf(cartId))?.segmentId).toBeNull();
    const bad = await call("PUT", `/tracking/${trackingId}/cart`, cookie, { segmentId: "gold" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty("segmentId");
  });

  it("binds this browser's tracking to the cart its cookie names (the cart cookie reaches /api/donations: Path=/)", async () => {
    const { trackingId, session } = await startTracking();
    const cartId = await newCart();
    const res = await call("PUT", `/tracking/${trackingId}/cart`, `${session}; ${CART_COOKIE}=${cartId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ trackingId, attached: true, segmentId: null });
    expect(await choiceOf(cartId)).toMatchObject({ trackingId, storeId: SEED_DONATION_STORE_ID });
    // A later tracking (the widget started again) replaces it.
    const second = await startTracking();
    expect((await call("PUT", `/tracking/${second.trackingId}/cart`, `${second.session}; ${CART_COOKIE}=${cartId}`)).status).toBe(200);
    expect((await choiceOf(cartId))?.trackingId).toBe(second.trackingId);
  });

  it("refuses a tracking started by another browser session (404) and binds nothing", async () => {
    const theirs = await startTracking();
    const mine = await startTracking();
    const cartId = await newCart();
    const res = await call("PUT", `/tracking/${theirs.trackingId}/cart`, `${mine.session}; ${CART_COOKIE}=${cartId}`);
    expect(res.status).toBe(404);
    expect(await choiceOf(cartId)).toBeNull();
    // Without any donation session, the same.
    expect((await call("PUT", `/tracking/${theirs.trackingId}/cart`, `${CART_COOKIE}=${cartId}`)).status).toBe(404);
    expect(await choiceOf(cartId)).toBeNull();
  });

  it("answers 404 for an unknown tracking; without a cart cookie, or for a cart that does not exist, attaches nothing", async () => {
    const { trackingId, session } = await startTracking();
    const cartId = await newCart();
    expect((await call("PUT", `/tracking/${randomUUID()}/cart`, `${session}; ${CART_COOKIE}=${cartId}`)).status).toBe(404);
    for (const cookie of [session, `${session}; ${CART_COOKIE}=${randomUUID()}`]) {
      const res = await call("PUT", `/tracking/${trackingId}/cart`, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ trackingId, attached: false });
    }
    expect(await choiceOf(cartId)).toBeNull();
  });

  it("refuses a signed-in customer's cart to another shopper (the cart API's owner check)", async () => {
    const { trackingId, session } = await startTracking();
    const cartId = await newCart();
    await deps.services.cart.claimCart(cartId, "d2c", randomUUID());
    const res = await call("PUT", `/tracking/${trackingId}/cart`, `${session}; ${CART_COOKIE}=${cartId}`);
    expect(await res.json()).toEqual({ trackingId, attached: false });
    expect(await choiceOf(cartId)).toBeNull();
  });
});
