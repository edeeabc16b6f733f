import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps, type AppDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";
import { MULTIPASS_TTL_MS, verifyMultipass } from "../modules/checkout";
import { placeOrder } from "../workflows/place-order";
import { withClaims } from "../testing/tokens";

// Orders through the HTTP API (SPEC §7 get-storefront-orders / last-order / order, /api/multipass):
// only the customer's own orders, newest first with cursor paging; the checkout URL is signed,
// short-lived and refused when expired or tampered with.

let database: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
let variantId: number;
type Customer = { id: string; token: string; email: string };
let alice: Customer;
let bob: Customer;
const aliceOrders: { id: string; number: string }[] = [];

const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`http://localhost/api/${path}`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function customer(email: string): Promise<Customer> {
  const r = await deps.services.identity.register(
    { firstName: "Pat", lastName: "Doe", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, token: r.token, email };
}

async function cartFor(customerId: string | null) {
  const r = await deps.services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1 }]);
  if (!r.ok) throw new Error(r.message);
  if (customerId) await deps.services.cart.claimCart(r.cart.id, "d2c", customerId);
  return r.cart.id;
}

async function order(c: Customer) {
  const cartId = await cartFor(c.id);
  const r = await placeOrder(
    { db: database.db, services: deps.services, config: deps.config },
    {
      site: "d2c",
      cartId,
      customerId: c.id,
      email: c.email,
      shippingAddress: {
        firstName: "P",
        lastName: "D",
        address1: "1 Main St",
        address2: "",
        city: "Aurora",
        provinceCode: "CO",
        zip: "80011",
        countryCode: "US",
        phone: null,
      },
      shippingMethod: "standard",
      payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
      idempotencyKey: `k-${cartId}`,
    },
  );
  if (!r.ok) throw new Error(r.code);
  return r.order;
}

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  [{ id: variantId }] = await seededVariants(database.db).limit(1);
  alice = await customer("alice-orders@example.test");
  bob = await customer("bob-orders@example.test");
  for (let i = 0; i < 3; i++) aliceOrders.push(await order(alice));
  await order(bob);
}, 60_000);
afterAll(() => database.close());

describe("orders API", () => {
  it("lists the customer's own orders newest first, with cursor paging and a number query", async () => {
    const first = await (await call("ecom/v1.0/get-storefront-orders", { sessionToken: alice.token, id: alice.id, quantity: 2 })).json();
    expect(first.orders.nodes.map((o: { number: string }) => o.number)).toEqual([aliceOrders[2].number, aliceOrders[1].number]);
    expect(first.orders.pageInfo.hasNextPage).toBe(true);
    const next = await (
      await call("ecom/v1.0/get-storefront-orders", { sessionToken: alice.token, id: alice.id, quantity: 2, cursor: first.orders.pageInfo.endCursor })
    ).json();
    expect(next.orders.nodes.map((o: { number: string }) => o.number)).toEqual([aliceOrders[0].number]);
    expect(next.orders.pageInfo.hasNextPage).toBe(false);
    const q = await (await call("ecom/v1.0/get-storefront-orders", { sessionToken: alice.token, id: alice.id, query: aliceOrders[1].number })).json();
    expect(q.orders.nodes.map((o: { number: string }) => o.number)).toEqual([aliceOrders[1].number]);
    const bad = await call("ecom/v1.0/get-storefront-orders", { sessionToken: alice.token, id: alice.id, cursor: "nope" });
    expect(bad.status).toBe(400);
  });

  it("answers the last order and one order by id or number; another customer's → 404", async () => {
    const last = await (await call("ecom/v1.0/get-storefront-last-order", { sessionToken: alice.token, id: alice.id })).json();
    expect(last.customer.lastOrder.number).toBe(aliceOrders[2].number);
    const byId = await call("ecom/v1.0/get-storefront-order", { sessionToken: alice.token, id: aliceOrders[0].id });
    expect(byId.status).toBe(200);
    expect((await byId.json()).order.lineItems).toHaveLength(1);
    const byNumber = await call("ecom/v1.0/get-storefront-order", { sessionToken: alice.token, id: aliceOrders[0].number });
    expect(byNumber.status).toBe(200);
    expect((await call("ecom/v1.0/get-storefront-order", { sessionToken: bob.token, id: aliceOrders[0].id })).status).toBe(404);
    expect((await call("ecom/v1.0/get-storefront-order", { sessionToken: bob.token, id: aliceOrders[0].number })).status).toBe(404);
    expect((await call("ecom/v1.0/get-storefront-orders", { sessionToken: bob.token, id: alice.id })).status).toBe(404);
  });
});

describe("multipass", () => {
  it("gives a signed, short-lived checkout URL naming the customer and cart", async () => {
    const cartId = await cartFor(alice.id);
    const res = await call("multipass", { sessionToken: alice.token, getURL: true, email: alice.email, checkoutUrl: "/checkout", cartId });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(url).toMatch(/^\/checkout\?multipass=/);
    const tokenValue = new URL(url, "http://x").searchParams.get("multipass")!;
    const now = new Date();
    expect(await verifyMultipass(deps.sessionSecret, tokenValue, now)).toMatchObject({ ok: true, customerId: alice.id, cartId, email: alice.email });
    expect(await verifyMultipass(deps.sessionSecret, tokenValue, new Date(now.getTime() + MULTIPASS_TTL_MS + 1000))).toEqual({ ok: false, reason: "expired" });
    expect(await verifyMultipass(deps.sessionSecret, withClaims(tokenValue, { customerId: bob.id }), now)).toEqual({ ok: false, reason: "tampered" });
    expect(await verifyMultipass("another-secret", tokenValue, now)).toEqual({ ok: false, reason: "tampered" });
    expect(await verifyMultipass(deps.sessionSecret, "garbage", now)).toEqual({ ok: false, reason: "malformed" });
  });

  it("is refused without a session, for another e-mail, another customer's cart, or an off-site URL", async () => {
    const cartId = await cartFor(alice.id);
    expect((await call("multipass", { email: alice.email, cartId })).status).toBe(401);
    expect((await call("multipass", { sessionToken: alice.token, email: bob.email, cartId })).status).toBe(403);
    expect((await call("multipass", { sessionToken: bob.token, email: bob.email, cartId })).status).toBe(404);
    const offsite = await call("multipass", { sessionToken: alice.token, email: alice.email, cartId, checkoutUrl: "//evil.example/x" });
    expect(offsite.status).toBe(400);
    expect((await offsite.json()).error.fields.checkoutUrl).toBe("Give a path on this site, like /checkout");
  });
});

describe("checkout API: place-order", () => {
  const body = (cartId: string, over: Record<string, unknown> = {}) => ({
    cartId,
    idempotencyKey: `http-${cartId}`,
    email: "guest@example.test",
    shippingAddress: { address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "80011" },
    shippingMethod: "standard",
    payment: { kind: "card", card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" } },
    ...over,
  });

  it("places a guest order once for a retried request", async () => {
    const cartId = await cartFor(null);
    const a = await call("checkout/place-order", body(cartId));
    expect(a.status).toBe(200);
    const b = await call("checkout/place-order", body(cartId));
    const [ja, jb] = [await a.json(), await b.json()];
    expect(jb.order.id).toBe(ja.order.id);
    expect(jb.replayed).toBe(true);
    expect(ja.order.number).toMatch(/^KC-\d+$/);
  });

  it("answers 400 naming the field, 402 for a declined card, 404 for another customer's cart", async () => {
    const cartId = await cartFor(null);
    const bad = await call("checkout/place-order", body(cartId, { shippingAddress: { address1: "x", city: "y", provinceCode: "CO", zip: "8001" } }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields["shippingAddress.zip"]).toBe("Enter a 5-digit ZIP code");
    const declined = await call(
      "checkout/place-order",
      body(cartId, { payment: { kind: "card", card: { number: "4000000000000002", expMonth: 12, expYear: 2099, cvc: "123" } } }),
    );
    expect(declined.status).toBe(402);
    expect((await declined.json()).error.reason).toBe("card_declined");
    const bobsCart = await cartFor(bob.id);
    expect((await call("checkout/place-order", body(bobsCart))).status).toBe(404);
  });
});

describe("checkout API: quote", () => {
  it("answers server-computed totals, with the Alaska charge, and refuses an unserved ZIP", async () => {
    const cartId = await cartFor(null);
    const co = await (await call("checkout/quote", { cartId, zip: "80011" })).json();
    expect(co.totals.serviceChargeCents).toBe(0);
    expect(co.totals.totalCents).toBe(co.totals.subtotalCents - co.totals.discountCents + co.totals.shippingCents + co.totals.taxCents);
    const ak = await (await call("checkout/quote", { cartId, zip: "99501", shippingMethod: "express" })).json();
    expect(ak.totals).toMatchObject({ serviceChargeCents: 400, shippingCents: 1999, taxCents: 0 });
    expect((await call("checkout/quote", { cartId, zip: "00001" })).status).toBe(400);
    expect((await call("checkout/quote", { cartId: await cartFor(bob.id), zip: "80011" })).status).toBe(404);
  });
});
