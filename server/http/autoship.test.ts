import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffMember } from "../testing/staff";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps, type AppDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { customerProof } from "../modules/autoship";
import { seededVariants } from "../testing/catalog";
import { freeStock } from "../testing/stock";
import { warehouseForZip } from "../modules/catalog";
import { placeOrder } from "../workflows/place-order";

// Autoship over HTTP: /api/get-subscriptions in SPEC §3's mapped fields, only the
// customer's own; /api/get-ordergroove-product-by-sku; the og_auth cookie of SPEC §9 on pages.

let database: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
let sku: string;
let variantId: number;
let staffOnlySku: string | undefined;
type Customer = { id: string; token: string; email: string };
let alice: Customer;
let bob: Customer;

const call = (path: string, body: unknown, host = "localhost", cookie?: string) =>
  app.request(`http://${host}/api/${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
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

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const rows = await seededVariants(database.db);
  const d2c = rows.find((r) => r.sites.includes("d2c"))!;
  [variantId, sku] = [d2c.id, d2c.sku];
  staffOnlySku = rows.find((r) => !r.sites.includes("d2c"))?.sku;
  const warehouse = (await warehouseForZip(database.db, "80011"))!.code;
  await freeStock(database.db, warehouse, variantId, 100);
  alice = await customer("alice-as@example.test");
  bob = await customer("bob-as@example.test");
  const cart = await deps.services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 2, sellingPlanId: "autoship-6w" }]);
  if (!cart.ok) throw new Error(cart.message);
  const placed = await placeOrder(
    { db: database.db, services: deps.services, config: deps.config },
    {
      site: "d2c",
      cartId: cart.cart.id,
      customerId: alice.id,
      email: alice.email,
      shippingAddress: {
        firstName: "A",
        lastName: "B",
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
      idempotencyKey: "autoship-http-1",
    },
  );
  if (!placed.ok) throw new Error(placed.code);
}, 60_000);
afterAll(() => database.close());

describe("/api/get-subscriptions", () => {
  it("answers the customer's subscriptions in SPEC §3's fields", async () => {
    const res = await call("get-subscriptions", { sessionToken: alice.token, customer: `gid://shopify/Customer/${alice.id}` });
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      customerId: alice.id,
      productId: expect.any(String),
      contractId: expect.stringMatching(/^AS-\d+$/),
      frequencyDays: 42,
      frequency: 6,
      cancelled: false,
      cancelReason: null,
      startDateString: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      quantity: 2,
      weight: expect.any(Number),
      weightUnit: expect.any(String),
      sku,
      status: "active",
    });
  });

  it("another customer's id is not found; no session is 401; a missing customer is 400", async () => {
    expect((await call("get-subscriptions", { sessionToken: bob.token, customer: alice.id })).status).toBe(404);
    expect((await (await call("get-subscriptions", { sessionToken: bob.token, customer: bob.id })).json()).results).toEqual([]);
    expect((await call("get-subscriptions", { customer: alice.id })).status).toBe(401);
    const bad = await call("get-subscriptions", { sessionToken: alice.token });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty("customer");
  });
});

describe("/api/get-ordergroove-product-by-sku", () => {
  it("a D2C SKU can be subscribed every 1–12 weeks at 5% off", async () => {
    const body = await (await call("get-ordergroove-product-by-sku", { sku })).json();
    expect(body).toMatchObject({ sku, exists: true, subscribable: true, d2c: true, discount: { type: "percentage", value: 5 }, variantId: String(variantId) });
    expect(body.frequencies.map((f: { every: number }) => f.every)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(body.frequencies[3]).toMatchObject({ every_period: "week", frequencyDays: 28, sellingPlanId: "autoship-4w" });
    expect(Number(body.autoshipPrice.amount)).toBeCloseTo(Math.round(Number(body.price.amount) * 100 * 0.95) / 100, 2);
  });

  it("not on the staff site, nor for a product the shop does not sell; unknown SKUs say so; bad input names sku", async () => {
    const member = await staffMember(deps.services);
    expect(await (await call("get-ordergroove-product-by-sku", { sku }, "pro.localhost", member.cookie)).json()).toMatchObject({
      exists: true,
      subscribable: false,
      reason: "site",
      frequencies: [],
    });
    if (staffOnlySku)
      expect(await (await call("get-ordergroove-product-by-sku", { sku: staffOnlySku })).json()).toMatchObject({
        subscribable: false,
        reason: "not_sold_here",
      });
    expect(await (await call("get-ordergroove-product-by-sku", { sku: "NOPE-123" })).json()).toEqual({
      sku: "NOPE-123",
      exists: false,
      subscribable: false,
      reason: "unknown_sku",
    });
    for (const body of [{}, { sku: "" }, { sku: "a b" }, { sku: 7 }]) {
      const res = await call("get-ordergroove-product-by-sku", body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty("sku");
    }
  });
});

describe("og_auth cookie (SPEC §9)", () => {
  const page = (cookie?: string) => app.request("http://localhost/account/dashboard", { headers: { host: "localhost", ...(cookie ? { cookie } : {}) } });
  const ogCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("og_auth="));

  it("is set for a signed-in customer without one: id, hash and base64 of /api/crypto joined with bars; secure, 2 hours", async () => {
    const set = ogCookie(await page(`sessionToken=${alice.token}`))!;
    const { hash, base64 } = customerProof(deps.sessionSecret, alice.id);
    expect(set).toBe(`og_auth=${alice.id}|${hash}|${base64}; Max-Age=7200; Path=/; Secure; SameSite=Lax`);
    const crypto = await (await call("crypto", { sessionToken: alice.token })).json();
    expect([crypto.hash, crypto.base64]).toEqual([hash, base64]);
  });

  it("is not set again when present, is replaced when it names someone else, and never for a guest", async () => {
    const value = `${alice.id}|${customerProof(deps.sessionSecret, alice.id).hash}|x`;
    expect(ogCookie(await page(`sessionToken=${alice.token}; og_auth=${value}`))).toBeUndefined();
    expect(ogCookie(await page(`sessionToken=${bob.token}; og_auth=${value}`))).toContain(`og_auth=${bob.id}|`);
    expect(ogCookie(await page())).toBeUndefined();
  });
});
