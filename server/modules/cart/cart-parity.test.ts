import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartAction, cartLoader } from "../../../app/features/cart/cart-route.server";
import { shopperOfRequest } from "../../../app/features/account/shopper.server";
import { createApp } from "../../app";
import { parseConfig } from "../../config";
import { createDeps } from "../../context";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createLogger } from "../../log";
import { requestContext, resolveIdentity } from "../../request-context";
import { siteFor } from "../../../rules/shared/site";
import { seededVariants } from "../../testing/catalog";
import { aPaidAutoshipOrder } from "../../testing/orders";
import { MAX_CARTS_PER_CUSTOMER } from "./service";
import type { CartView } from "./view";

// One answer per cart rule, whichever path asks: the /cart page (its loader and its one action, as
// a fetcher calls it), the header count, and the cart API of SPEC §7.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let variantId: number;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const rows = await seededVariants(database.db);
  variantId = rows.find((r) => r.sites.includes("d2c"))!.id;
}, 60_000);
afterAll(() => database.close());

let n = 0;
async function customer(): Promise<{ id: string; cookie: string }> {
  const r = await deps.services.identity.register(
    { firstName: "Kim", lastName: "Lee", email: `parity${++n}@example.test`, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  const session = await deps.services.identity.resolveSession(r.token);
  return { id: session!.customerId, cookie: `sessionToken=${r.token}` };
}

const api = async (path: string, body: unknown, cookie?: string) => {
  const res = await app.request(`http://localhost/api/ecom/v1.0/${path}`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { cart: CartView; error: { code: string; fields: Record<string, string> } } };
};

async function pageContext(request: Request): Promise<AppLoadContext> {
  const identity = await resolveIdentity(deps, request, null, "d2c");
  return requestContext(deps, siteFor("d2c", deps.config.storeName), identity) as AppLoadContext;
}
const cookieFor = (session: string | undefined, cartId: string | null) => [session, cartId ? `col_cart_id=${cartId}` : null].filter(Boolean).join("; ");

async function pageLoad(session: string | undefined, cartId: string | null) {
  const request = new Request("http://localhost/cart", { headers: { cookie: cookieFor(session, cartId) } });
  const result = (await cartLoader({ request, context: await pageContext(request) }, async () => null)) as unknown as { data: { cart: CartView | null } };
  return result.data;
}
async function pageAct(session: string | undefined, cartId: string | null, fields: Record<string, string>) {
  const request = new Request("http://localhost/cart", {
    method: "POST",
    headers: { cookie: cookieFor(session, cartId), "sec-fetch-dest": "empty" },
    body: new URLSearchParams(fields),
  });
  const result = (await cartAction({ request, context: await pageContext(request) })) as unknown as {
    data: { cart: CartView; errors: Record<string, string> };
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, data: result.data };
}
/** The header's count, asked both ways: as a personal screen's root loader reads it, and as the browser does after a cached page (GET /api/shopper). */
async function headerCount(session: string | undefined, cartId: string | null) {
  const cookie = cookieFor(session, cartId);
  const request = new Request("http://localhost/", { headers: { cookie } });
  const context = await pageContext(request);
  const fromLoader = await shopperOfRequest(context, cookie);
  const res = await app.request("http://localhost/api/shopper", { headers: { host: "localhost", cookie } });
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(await res.json()).toEqual(fromLoader);
  return fromLoader.cartCount;
}
const auto35 = (cart: CartView) => cart.discountCodes.find((c) => c.code === "AUTO35")!;
const pointer = async (customerId: string) => (await deps.services.identity.metafield(customerId, "profeeding", "persisted_cart_id"))?.value ?? null;

describe("AUTO35 for a customer who already has an Autoship: one answer", () => {
  it("the page loader, the page fetcher and the cart API all say it does not apply", async () => {
    const kim = await customer();
    await aPaidAutoshipOrder(database.db, kim.id, variantId);
    const created = await api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1, sellingPlanId: "autoship-4w" }] }, kim.cookie);
    const cartId = created.body.cart.id;
    const viaApi = await api("update-cart-discount-codes", { cartId, codes: ["AUTO35"] }, kim.cookie);
    const viaFetcher = await pageAct(kim.cookie, cartId, { intent: "note", note: "hello" });
    const viaLoader = await pageLoad(kim.cookie, cartId);
    const viaGet = await api("get-cart", { cartId }, kim.cookie);
    const answers = [viaApi.body.cart, viaFetcher.data.cart, viaLoader.cart!, viaGet.body.cart].map((c) => ({
      applicable: auto35(c).applicable,
      discount: c.cost.discountAmount.amount,
    }));
    expect(answers).toEqual(Array(4).fill({ applicable: false, discount: "0.00" }));
  });
});

describe("saved-cart pointer (profeeding.persisted_cart_id): one owner", () => {
  it("the API records a customer's new cart and clears it when the cart is emptied, as the page does", async () => {
    const kim = await customer();
    const created = await api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, kim.cookie);
    expect(await pointer(kim.id)).toBe(created.body.cart.id);
    const line = created.body.cart.lineItems[0].id;
    await api("update-cart-line-items", { cartId: created.body.cart.id, lineItems: [{ id: line, quantity: 0 }] }, kim.cookie);
    expect(await pointer(kim.id)).toBeNull();

    const lee = await customer();
    const added = await pageAct(lee.cookie, null, { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(await pointer(lee.id)).toBe(added.data.cart.id);
    await pageAct(lee.cookie, added.data.cart.id, { intent: "remove", lineId: added.data.cart.lineItems[0].id });
    expect(await pointer(lee.id)).toBeNull();
  });
});

describe("a customer's cart behind a guest's cookie: the same owner check as the API", () => {
  it("the page, its action and the header count treat it as no cart, as the API does", async () => {
    const kim = await customer();
    const created = await api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 2 }] }, kim.cookie);
    const cartId = created.body.cart.id;
    expect((await api("get-cart", { cartId })).status).toBe(404);
    expect((await pageLoad(undefined, cartId)).cart).toBeNull();
    expect(await headerCount(undefined, cartId)).toBe(0);
    const other = await customer();
    expect(await headerCount(other.cookie, cartId)).toBe(0);
    const note = await pageAct(undefined, cartId, { intent: "note", note: "not yours" });
    expect(note.status).toBe(404);
    const added = await pageAct(undefined, cartId, { intent: "add", variantId: String(variantId), quantity: "3" });
    // The guest gets a cart of their own; the customer's cart is untouched.
    expect(added.data.cart.id).not.toBe(cartId);
    const own = await api("get-cart", { cartId }, kim.cookie);
    expect(own.body.cart).toMatchObject({ totalQuantity: 2, note: "" });
    expect(await headerCount(kim.cookie, cartId)).toBe(2);
  });
});

describe("checkout-owned cart attributes (SPEC §3 'Cart attributes at checkout')", () => {
  it("update-cart-attributes refuses them with a 400 naming the field, and keeps the shopper's own", async () => {
    const created = await api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] });
    const cartId = created.body.cart.id;
    for (const key of ["is_attestation_checked", "SOLD_TO", "renewal_of_subscription", "SALES_ORD_TYPE", "accepts_email_marketing", "sgOrderType"]) {
      const res = await api("update-cart-attributes", {
        cartId,
        attributes: [
          { key: "gift", value: "yes" },
          { key, value: "true" },
        ],
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["attributes.1.key"]);
    }
    const ok = await api("update-cart-attributes", { cartId, attributes: [{ key: "gift", value: "yes" }] });
    expect(ok.body.cart.attributes).toEqual([{ key: "gift", value: "yes" }]);
  });
});

describe("carts per customer are bounded", () => {
  it(`a customer keeps at most ${MAX_CARTS_PER_CUSTOMER} active carts: empty ones are pruned, then new ones refused`, async () => {
    const kim = await customer();
    const first = await api("create-cart", { lineItems: [] }, kim.cookie);
    expect(first.status).toBe(200);
    for (let i = 0; i < MAX_CARTS_PER_CUSTOMER; i++) {
      const r = await api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, kim.cookie);
      expect(r.status).toBe(200);
    }
    // The empty first cart made room: it is gone.
    expect((await api("get-cart", { cartId: first.body.cart.id }, kim.cookie)).status).toBe(404);
    const over = await api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, kim.cookie);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("too_many_carts");
  });

  it("many create-cart calls at once stop at the bound", async () => {
    const lee = await customer();
    const results = await Promise.all(
      Array.from({ length: MAX_CARTS_PER_CUSTOMER + 5 }, () =>
        api("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, lee.cookie),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_CARTS_PER_CUSTOMER);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });
});
