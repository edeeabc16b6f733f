import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedSubscription, subscriptionsOf } from "../../server/testing/autoship";
import { placeOrder } from "../../server/workflows/place-order";
import {
  address,
  cartWith,
  changedTables,
  customer,
  d2cVariants,
  fingerprint,
  newKey,
  openShop,
  placeOrderBody,
  send,
  type Customer,
  type Req,
  type Shop,
} from "./harness";

// The cross-customer matrix (ARCHITECTURE §4: someone else's resource → 404, never leak existence;
// no session → 401): Alice, Bob and a guest. Every call that reads or writes a customer's resource
// — cart, addresses, metafields, orders, subscriptions, checkout sessions, confirmation/receipt,
// multipass, idempotency keys — is tried by Alice (and by the guest) with Bob's ids. Each must be
// refused, leak none of Bob's data, and leave every table as it was.

let shop: Shop;
let alice: Customer;
let bob: Customer;
let bobCart: string;
let bobLineId: string;
let bobAddressId: string;
let bobPetId: string;
let bobMetafieldId: string;
let bobOrder: { id: string; number: string; key: string; cartId: string };
let bobSubscriptionId: string;
let aliceCart: string;
const BOB_NOTE = "BOB-PRIVATE-NOTE-7731";

beforeAll(async () => {
  shop = await openShop();
  const { services } = shop.deps;
  alice = await customer(shop, "alice");
  bob = await customer(shop, "bob");
  const [v1, v2] = await d2cVariants(shop);
  bobCart = await cartWith(shop, bob, v1!.id, 2);
  await services.cart.updateNote(bobCart, "d2c", BOB_NOTE);
  await services.cart.updateBuyerIdentity(bobCart, "d2c", { email: bob.email });
  bobLineId = (await services.cart.getCart(bobCart, "d2c"))!.lineItems[0]!.id;
  aliceCart = await cartWith(shop, alice, v2!.id, 1);
  bobAddressId = (await services.identity.createAddress(bob.id, { ...address(), city: "Bobtown", countryCode: "US" as const }))!;
  const bobPet = await services.pets.add(bob.id, { name: "Rex", species: "dog", breedSize: "small", birthday: null, weightLb: null, sensitivities: [] });
  if (!bobPet.ok) throw new Error("Bob's pet was not added");
  bobPetId = bobPet.pet.id;
  await services.identity.setMetafields(bob.id, [{ namespace: "custom", key: "ship_to", value: "80011" }]);
  bobMetafieldId = (await services.identity.customer(bob.id))!.shipToZip!.id;
  // Bob's paid order with an autoship line (so he has a subscription too).
  const orderCart = await cartWith(shop, bob, v1!.id, 1, "autoship-4w");
  const key = newKey("bob");
  const placed = await placeOrder(
    { db: shop.database.db, services, config: shop.deps.config },
    {
      site: "d2c",
      cartId: orderCart,
      customerId: bob.id,
      email: bob.email,
      shippingAddress: address() as never,
      shippingMethod: "standard",
      payment: placeOrderBody(orderCart).payment,
      idempotencyKey: key,
    },
  );
  if (!placed.ok) throw new Error(`bob's order: ${placed.code}`);
  bobOrder = { id: placed.order.id, number: placed.order.number, key, cartId: orderCart };
  const [sub] = await subscriptionsOf(shop.database.db, bob.id);
  bobSubscriptionId = sub!.id;
}, 300_000);
afterAll(() => shop?.close());

/** Bob's data that must never appear in an answer to Alice or the guest. */
const bobsData = () => [BOB_NOTE, bob.email, bobOrder.number, bobLineId, "Bobtown"];

/** An address as the account calls take it (no null phone). */
const accountAddress = (over: Record<string, string> = {}) => {
  const { phone: _phone, ...rest } = address(over);
  return rest;
};

/** Not-found answers: 404; a 400 from input validation (before any lookup) leaks nothing either. */
const REFUSED = [400, 404];

async function attempt(r: Req) {
  const before = await fingerprint(shop.database);
  const res = await send(shop, r);
  const text = await res.text();
  const changed = changedTables(before, await fingerprint(shop.database));
  // What the request itself named (a 404 page echoes its path) is not a leak.
  const asked = JSON.stringify(r);
  const leaked = bobsData().filter((s) => text.includes(s) && !asked.includes(s));
  return { status: res.status, text, changed, leaked, location: res.headers.get("location") };
}

const as = (who: "alice" | "guest"): Record<string, string> => (who === "alice" ? { sessionToken: alice.token } : {});

/** API calls aimed at Bob's resources. */
const apiCalls = (): [string, Record<string, unknown>][] => [
  ["/api/ecom/v1.0/get-cart", { cartId: bobCart }],
  ["/api/ecom/v1.0/add-cart-line-items", { cartId: bobCart, lineItems: [{ merchandiseId: "1", quantity: 1 }] }],
  ["/api/ecom/v1.0/remove-cart-line-items", { cartId: bobCart, lineItemIds: [bobLineId] }],
  ["/api/ecom/v1.0/update-cart-line-items", { cartId: bobCart, lineItems: [{ id: bobLineId, quantity: 5 }] }],
  ["/api/ecom/v1.0/update-cart-attributes", { cartId: bobCart, attributes: [{ key: "x", value: "y" }] }],
  ["/api/ecom/v1.0/update-cart-buyer-identity", { cartId: bobCart, buyerIdentity: { email: "mallory@hostile.test" } }],
  ["/api/ecom/v1.0/update-cart-discount-codes", { cartId: bobCart, codes: ["AUTO35"] }],
  ["/api/ecom/v1.0/update-cart-note", { cartId: bobCart, note: "mallory" }],
  ["/api/checkout/quote", { cartId: bobCart, zip: "80011" }],
  ["/api/checkout/place-order", placeOrderBody(bobCart)],
  ["/api/ecom/v1.0/get-storefront-orders", { id: bob.id, quantity: 5 }],
  ["/api/ecom/v1.0/get-storefront-last-order", { id: bob.id }],
  ["/api/ecom/v1.0/get-storefront-order", { id: bobOrder.number }],
  ["/api/ecom/v1.0/get-storefront-order", { id: bobOrder.id }],
  ["/api/ecom/v1.0/update-customer", { customerId: bob.id, updateInput: { firstName: "Mallory" } }],
  ["/api/ecom/v1.0/delete-metafield", { metafieldId: bobMetafieldId }],
  ["/api/ecom/v1.0/update-customer-default-address", { addressId: bobAddressId }],
  ["/api/ecom/v1.0/customer-address-update", { id: bobAddressId, address: accountAddress({ city: "Evil" }) }],
  ["/api/ecom/v1.0/customer-address-delete", { id: bobAddressId }],
  ["/api/get-subscriptions", { customer: bob.id }],
  ["/api/multipass", { email: alice.email, cartId: bobCart, checkoutUrl: "/checkout" }],
];

describe("cross-customer matrix: Alice with Bob's ids", () => {
  it("every API call aimed at Bob's resources → 404, nothing leaked, nothing changed", async () => {
    const bad: string[] = [];
    for (const [path, body] of apiCalls()) {
      const r = await attempt({ path, json: body, cookies: as("alice") });
      const leaked = r.leaked;
      if (!REFUSED.includes(r.status) || leaked.length || r.changed.length)
        bad.push(
          `${path} ${JSON.stringify(body).slice(0, 80)} → ${r.status}${leaked.length ? ` leaked ${leaked}` : ""}${r.changed.length ? ` wrote ${r.changed}` : ""}`,
        );
    }
    expect(bad).toEqual([]);
  });

  it("the same calls with Bob's session token in the body (Alice's cookie) are not Bob's either", async () => {
    // A sessionToken in a body must belong to the customer whose data is read (ARCHITECTURE §4):
    // Alice naming her own token while aiming at Bob's ids gets 404 as above.
    const r = await attempt({ path: "/api/get-subscriptions", json: { sessionToken: alice.token, customer: bob.id }, cookies: as("alice") });
    expect(r.status).toBe(404);
  });

  it("pages: Bob's order, confirmation, address, pet and subscription by id → 404; nothing changed", async () => {
    const bad: string[] = [];
    const pages: Req[] = [
      { path: `/account/orders/${bobOrder.number}` },
      { path: `/account/orders/${bobOrder.id}` },
      { path: `/checkout/confirmation/${bobOrder.id}` },
      { path: `/checkout/confirmation/${bobOrder.number}` },
      { path: "/account/address-book", form: { intent: "delete", id: bobAddressId } },
      { path: "/account/address-book", form: { intent: "default", id: bobAddressId } },
      {
        path: "/account/address-book",
        form: { intent: "update", id: bobAddressId, ...Object.fromEntries(Object.entries(address({ city: "Evil" })).map(([k, v]) => [k, String(v ?? "")])) },
      },
      { path: "/account/pets", form: { intent: "delete", id: bobPetId } },
      { path: "/account/pets", form: { intent: "update", id: bobPetId, name: "Evil", species: "cat" } },
      { path: `/account/pets?edit=${bobPetId}` },
      { path: "/account/autoships", form: { intent: "cancel", reason: "other", subscriptionId: bobSubscriptionId } },
      { path: "/account/autoships", form: { intent: "skip", subscriptionId: bobSubscriptionId } },
      { path: "/account/autoships", form: { intent: "pause", subscriptionId: bobSubscriptionId } },
    ];
    for (const p of pages) {
      const r = await attempt({ ...p, cookies: as("alice") });
      const leaked = r.leaked;
      if (!REFUSED.includes(r.status) || leaked.length || r.changed.length)
        bad.push(
          `${p.form ? "POST" : "GET"} ${p.path} ${JSON.stringify(p.form ?? {}).slice(0, 60)} → ${r.status}${leaked.length ? ` leaked ${leaked}` : ""}${r.changed.length ? ` wrote ${r.changed}` : ""}`,
        );
    }
    expect(bad).toEqual([]);
  });

  it("GET /cart and /checkout with Bob's cart id in the cart cookie show none of Bob's cart and change nothing", async () => {
    const bad: string[] = [];
    for (const path of ["/cart", "/checkout", "/checkout?step=shipping", "/checkout?step=payment"]) {
      for (const cookie of ["col_cart_id", "guest_col_cart_id"]) {
        const r = await attempt({ path, cookies: { ...as("alice"), [cookie]: bobCart } });
        const leaked = r.leaked;
        if (r.status >= 500 || leaked.length || r.changed.length)
          bad.push(
            `GET ${path} (${cookie}=Bob's cart) → ${r.status}${leaked.length ? ` leaked ${leaked}` : ""}${r.changed.length ? ` wrote ${r.changed}` : ""}`,
          );
      }
    }
    expect(bad).toEqual([]);
  });

  it("page actions on Bob's cart named by the cookie change nothing of Bob's cart", async () => {
    const bad: string[] = [];
    const forms: [string, Record<string, string>][] = [
      ["/cart", { intent: "note", note: "mallory" }],
      ["/cart", { intent: "remove", lineId: bobLineId }],
      ["/cart", { intent: "update", lineId: bobLineId, quantity: "5" }],
      ["/cart", { intent: "discount", apply: "AUTO35" }],
      [
        "/checkout",
        { intent: "information", email: "mallory@hostile.test", ...Object.fromEntries(Object.entries(address()).map(([k, v]) => [k, String(v ?? "")])) },
      ],
      ["/checkout/start", { autoshipTerms: "on" }],
    ];
    for (const [path, form] of forms) {
      const before = await shop.deps.services.cart.getCart(bobCart, "d2c");
      const r = await attempt({ path, form, cookies: { ...as("alice"), col_cart_id: bobCart } });
      const after = await shop.deps.services.cart.getCart(bobCart, "d2c");
      const leaked = r.leaked;
      if (r.status >= 500 || leaked.length || JSON.stringify(before) !== JSON.stringify(after) || r.changed.some((t) => t === "checkout_sessions"))
        bad.push(`POST ${path} ${form.intent ?? ""} → ${r.status}${leaked.length ? ` leaked ${leaked}` : ""} changed: ${r.changed}`);
    }
    expect(bad).toEqual([]);
  });

  it("idempotency keys are per customer: Alice replaying Bob's key gets none of Bob's order", async () => {
    const bad: string[] = [];
    for (const cartId of [bobOrder.cartId, aliceCart]) {
      const r = await attempt({ path: "/api/checkout/place-order", json: placeOrderBody(cartId, { idempotencyKey: bobOrder.key }), cookies: as("alice") });
      const leaked = r.leaked;
      if (r.status === 200 && leaked.length) bad.push(`cart ${cartId === aliceCart ? "Alice's" : "Bob's"} with Bob's key → ${r.status} leaked ${leaked}`);
      if (r.status >= 500) bad.push(`→ ${r.status}`);
    }
    // The guest too.
    const g = await attempt({ path: "/api/checkout/place-order", json: placeOrderBody(bobOrder.cartId, { idempotencyKey: bobOrder.key }) });
    if (g.leaked.length) bad.push(`guest with Bob's key and cart → ${g.status} leaked Bob's order`);
    expect(bad).toEqual([]);
  });

  it("a client idempotency key cannot take the renewal engine's `renewal:{subscription}:{date}` form", async () => {
    const sub = await storedSubscription(shop.database.db, bobSubscriptionId);
    const r = await attempt({
      path: "/api/checkout/place-order",
      json: placeOrderBody(aliceCart, { idempotencyKey: `renewal:${bobSubscriptionId}:${sub!.nextOrderDate}` }),
      cookies: as("alice"),
    });
    expect(r.status).toBe(400);
    expect(r.changed).toEqual([]);
  });
});

describe("cross-customer matrix: the guest (no session)", () => {
  it("customer API calls → 401; cart calls on Bob's cart → 404; nothing changed", async () => {
    const bad: string[] = [];
    for (const [path, body] of apiCalls()) {
      const r = await attempt({ path, json: body });
      const expected = /cart|checkout/.test(path) && !path.includes("multipass") ? 404 : 401;
      if ((r.status !== expected && !(r.status === 400 && expected === 401)) || r.changed.length || r.leaked.length)
        bad.push(`${path} → ${r.status} (expected ${expected})${r.changed.length ? ` wrote ${r.changed}` : ""}`);
    }
    expect(bad).toEqual([]);
  });

  it("Bob's confirmation page without his receipt cookie → 404", async () => {
    for (const id of [bobOrder.id, bobOrder.number]) {
      const r = await attempt({ path: `/checkout/confirmation/${id}` });
      expect(r.status, id).toBe(404);
      expect(r.leaked).toEqual([]);
    }
  });
});
