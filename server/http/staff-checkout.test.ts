import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";
import { ordersOf } from "../testing/orders";
import { setStock } from "../testing/stock";
import { SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID } from "../modules/clinics";
import { servingWarehouse } from "../modules/catalog";
import { staffMember } from "../testing/staff";

// The staff checkout through the whole HTTP stack on pro.localhost: the cart API and place-order
// with crafted input. Program prices, the ship-to, the attestation and the quota are the server's:
// nothing a client sends gets past them.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let bagId: number;
const STAFF = "pro.localhost";
const ALLOWANCE_LB = 60;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({ STAFF_QUOTA_LB: String(ALLOWANCE_LB) }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const row = (await seededVariants(database.db)).find((v) => v.weight === 30 && v.weightUnit === "lbs" && v.sites.includes("hpsf"))!;
  bagId = row.id;
  const w = (await servingWarehouse(database.db, "62701"))!;
  await setStock(database.db, { warehouseCode: w.code, variantId: bagId, onHand: 1000, reserved: 0 });
}, 60_000);
afterAll(() => database?.close());

function post(path: string, body: unknown, cookie?: string) {
  return app.request(`http://${STAFF}${path}`, {
    method: "POST",
    headers: { host: STAFF, origin: `http://${STAFF}`, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function cartOf(cookie: string, quantity: number) {
  const res = await post("/api/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: String(bagId), quantity }] }, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { cart: { id: string } }).cart.id;
}

let keyN = 0;
const placeBody = (cartId: string, email: string, over: Record<string, unknown> = {}) => ({
  cartId,
  idempotencyKey: `staff-api-${++keyN}-key`,
  email,
  shippingAddress: { firstName: "Sam", lastName: "Staff", address1: "999 Elsewhere Rd", city: "Denver", provinceCode: "CO", zip: "80011" },
  shippingMethod: "standard",
  payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
  isAttestationChecked: true,
  ...over,
});

describe("staff checkout API (pro.localhost)", () => {
  it("update-cart-attributes cannot set SHIP_TO, SOLD_TO, shipping_location or the attestation", async () => {
    const m = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const cartId = await cartOf(m.cookie, 1);
    for (const key of ["SHIP_TO", "SOLD_TO", "shipping_location", "is_attestation_checked", "SALES_ORD_TYPE"]) {
      const res = await post("/api/ecom/v1.0/update-cart-attributes", { cartId, attributes: [{ key, value: "X" }] }, m.cookie);
      expect(res.status, key).toBe(400);
    }
  });

  it("place-order without the attestation → 400 naming isAttestationChecked; with it → ZK01 to the clinic, whatever address was sent", async () => {
    const m = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const clinic = (await deps.services.clinics.current(m.customerId))!.clinic;
    const cartId = await cartOf(m.cookie, 1);
    const refused = await post("/api/checkout/place-order", placeBody(cartId, m.email, { isAttestationChecked: false }), m.cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      code: "attestation_required",
      fields: { isAttestationChecked: expect.stringContaining("household") },
    });
    const placed = await post("/api/checkout/place-order", placeBody(cartId, m.email), m.cookie);
    expect(placed.status).toBe(200);
    const { order } = (await placed.json()) as { order: { attributes: { key: string; value: string }[]; shippingAddress: { zip: string } } };
    const value = (k: string) => order.attributes.filter((a) => a.key === k).map((a) => a.value);
    expect([value("SALES_ORD_TYPE"), value("SOLD_TO"), value("SHIP_TO"), value("shipping_location")]).toEqual([
      ["ZK01"],
      [clinic.soldTo],
      [clinic.shipTo],
      ["ship_to_work"],
    ]);
    expect(order.shippingAddress.zip).toBe(clinic.address.zip);
    // The customer load (SPEC §3) carries the month's quota and the checkout's metafields.
    const me = await (await post("/api/ecom/v1.0/get-storefront-customer", { sessionToken: m.token })).json();
    const month = new Date().toISOString().slice(0, 7);
    expect(me.customer).toMatchObject({
      quotaMonth: month,
      quotaValue: 30,
      quotaAllowance: ALLOWANCE_LB,
      quotaReached: false,
      preferredAddress: { value: "clinic" },
    });
    expect(me.customer.clinicZip.value).toBe(clinic.address.zip);
  });

  it("over the allowance → 409 naming the pounds over, nothing placed", async () => {
    const m = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const res = await post("/api/checkout/place-order", placeBody(await cartOf(m.cookie, 3), m.email), m.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: "quota_exceeded", message: expect.stringContaining("30 lb over") });
    expect(await ordersOf(database.db, m.customerId)).toHaveLength(0);
  });

  it("a student (registered, not eligible for program prices) buys at shop prices; a member without a clinic is stopped by the gate", async () => {
    const student = await staffMember(deps.services, { role: "STUDENT", clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const res = await post("/api/checkout/place-order", placeBody(await cartOf(student.cookie, 1), student.email), student.cookie);
    expect(res.status).toBe(200);
    const bag = (await seededVariants(database.db)).find((v) => v.id === bagId)!;
    expect((await res.json()).order).toMatchObject({ subtotal: { amount: (bag.priceCents / 100).toFixed(2) }, programDiscount: { amount: "0.00" } });
    const outsider = await staffMember(deps.services, { registered: false });
    const gated = await post("/api/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: String(bagId), quantity: 1 }] }, outsider.cookie);
    expect([401, 403]).toContain(gated.status);
  });

  it("the customer API cannot write the checkout's metafields", async () => {
    const m = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const res = await post("/api/ecom/v1.0/update-customer", {
      sessionToken: m.token,
      customerId: m.customerId,
      updateInput: { metafields: [{ namespace: "custom", key: "sold_to", value: "S-EVIL" }] },
    });
    expect(res.status).toBe(400);
  });
});
