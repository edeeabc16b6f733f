import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffMember } from "../testing/staff";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";

let database: Database;
let app: ReturnType<typeof createApp>;
let variantId: number;
let deps: ReturnType<typeof createDeps>;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  [{ id: variantId }] = await seededVariants(database.db).limit(1);
});
afterAll(() => database.close());

const call = (path: string, body: unknown, host = "localhost", cookie?: string) =>
  app.request(`http://${host}/api/ecom/v1.0/${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function created() {
  const res = await call("create-cart", { buyerIdentity: {}, lineItems: [{ merchandiseId: String(variantId), quantity: 2 }] });
  expect(res.status).toBe(200);
  return (await res.json()) as { cart: { id: string; lineItems: { id: string; quantity: number }[]; totalQuantity: number } };
}

describe("cart API (SPEC §7)", () => {
  it("create-cart answers the full cart and sets the cart cookies", async () => {
    const res = await call("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] });
    const body = await res.json();
    expect(body.cart.totalQuantity).toBe(1);
    const { title } = (await seededVariants(database.db)).find((v) => v.id === variantId)!;
    expect(body.cart.lineItems[0].product.title).toBe(title);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`col_cart_id=${body.cart.id};`) && c.includes("HttpOnly"))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`guest_col_cart_id=${body.cart.id};`))).toBe(true);
  });

  it("runs every call on one cart", async () => {
    const { cart } = await created();
    const lineId = cart.lineItems[0].id;
    const steps: [string, unknown][] = [
      ["get-cart", { cartId: cart.id }],
      ["add-cart-line-items", { cartId: cart.id, lineItems: [{ merchandiseId: String(variantId), quantity: 1, sellingPlanId: "autoship-4w" }] }],
      ["update-cart-line-items", { cartId: cart.id, lineItems: [{ id: lineId, quantity: 3 }] }],
      ["update-cart-attributes", { cartId: cart.id, attributes: [{ key: "gift_message", value: "Happy birthday" }] }],
      ["update-cart-buyer-identity", { cartId: cart.id, buyerIdentity: { email: "sam@example.test" } }],
      ["update-cart-discount-codes", { cartId: cart.id, codes: ["AUTO35"] }],
      ["update-cart-note", { cartId: cart.id, note: "Ring twice" }],
    ];
    for (const [path, body] of steps) {
      const res = await call(path, body);
      expect(res.status, path).toBe(200);
    }
    const final = (await (await call("get-cart", { cartId: cart.id })).json()).cart;
    expect(final).toMatchObject({
      totalQuantity: 4,
      note: "Ring twice",
      attributes: [{ key: "gift_message", value: "Happy birthday" }],
      buyerIdentity: { email: "sam@example.test" },
      discountCodes: [{ code: "AUTO35", applicable: true }],
    });
  });

  it("clears the cart cookies when the last item is removed", async () => {
    const { cart } = await created();
    const res = await call("remove-cart-line-items", { cartId: cart.id, lineItemIds: [cart.lineItems[0].id] });
    expect((await res.json()).cart.totalQuantity).toBe(0);
    expect(res.headers.getSetCookie().every((c) => c.includes("Max-Age=0"))).toBe(true);
  });

  it("answers 400 naming the field, and writes nothing", async () => {
    const { cart } = await created();
    const cases: [string, unknown, string][] = [
      ["add-cart-line-items", { cartId: cart.id, lineItems: [{ merchandiseId: String(variantId), quantity: -1 }] }, "lineItems.0.quantity"],
      ["add-cart-line-items", { cartId: cart.id, lineItems: [] }, "lineItems"],
      ["add-cart-line-items", { cartId: cart.id, lineItems: [{ merchandiseId: "abc", quantity: 1 }] }, "lineItems.0.merchandiseId"],
      ["get-cart", { cartId: "nope" }, "cartId"],
      ["update-cart-buyer-identity", { cartId: cart.id, buyerIdentity: { email: "not-an-email" } }, "buyerIdentity.email"],
      ["update-cart-discount-codes", { cartId: cart.id, codes: ["<script>"] }, "codes.0"],
      ["update-cart-note", { cartId: cart.id, note: 42 }, "note"],
    ];
    for (const [path, body, field] of cases) {
      const res = await call(path, body);
      expect(res.status, `${path} ${field}`).toBe(400);
      expect((await res.json()).error.fields, `${path} ${field}`).toHaveProperty([field]);
    }
    expect((await call("add-cart-line-items", "{not json")).status).toBe(400);
    expect((await (await call("get-cart", { cartId: cart.id })).json()).cart.totalQuantity).toBe(2);
  });

  it("answers 404 for an unknown cart or line, and for another site's cart", async () => {
    const { cart } = await created();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call("get-cart", { cartId: unknown })).status).toBe(404);
    expect((await call("update-cart-note", { cartId: unknown, note: "x" })).status).toBe(404);
    expect((await call("remove-cart-line-items", { cartId: cart.id, lineItemIds: [unknown] })).status).toBe(404);
    // The staff site: unregistered callers are refused outright; a member is told the shop's cart is not there.
    expect((await call("get-cart", { cartId: cart.id }, "pro.localhost")).status).toBe(401);
    const member = await staffMember(deps.services);
    expect((await call("get-cart", { cartId: cart.id }, "pro.localhost", member.cookie)).status).toBe(404);
  });
});

describe("a customer's cart (no access through another customer's session)", () => {
  async function signedIn(email: string) {
    const r = await deps.services.identity.register(
      { firstName: "Kim", lastName: "Lee", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
      "d2c",
    );
    if (!r.ok) throw new Error("register failed");
    return `sessionToken=${r.token}`;
  }

  it("belongs to its customer from creation; others get 404 for every call and change nothing", async () => {
    const alice = await signedIn("alice.cart@example.test");
    const bob = await signedIn("bob.cart@example.test");
    const res = await call("create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, "localhost", alice);
    const { cart } = await res.json();
    // A signed-in customer's cart keeps col_cart_id only, not the guest cookie.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("guest_col_cart_id="))).toBe(false);

    for (const cookie of [bob, undefined]) {
      expect((await call("get-cart", { cartId: cart.id }, "localhost", cookie)).status).toBe(404);
      const add = await call("add-cart-line-items", { cartId: cart.id, lineItems: [{ merchandiseId: String(variantId), quantity: 3 }] }, "localhost", cookie);
      expect(add.status).toBe(404);
      expect((await call("update-cart-note", { cartId: cart.id, note: "mine now" }, "localhost", cookie)).status).toBe(404);
    }
    const own = await (await call("get-cart", { cartId: cart.id }, "localhost", alice)).json();
    expect(own.cart).toMatchObject({ totalQuantity: 1, note: "" });
  });

  it("a guest cart stays usable by whoever holds its id, signed in or not", async () => {
    const { cart } = await created();
    const carol = await signedIn("carol.cart@example.test");
    expect((await call("get-cart", { cartId: cart.id }, "localhost", carol)).status).toBe(200);
  });
});
