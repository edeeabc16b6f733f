import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartAction } from "../../app/features/cart/cart-route.server";
import { checkoutAction } from "../../app/features/checkout/checkout-route.server";
import { failureStatus } from "../../rules/shared/failure-status";
import { siteFor } from "../../rules/shared/site";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";
import { setStock } from "../testing/stock";
import { warehouseForZip } from "../modules/catalog";
import { MAX_CARTS_PER_CUSTOMER } from "../modules/cart";
import { requestContext, resolveIdentity } from "../request-context";

// One status per failure code, whichever door refuses: the cart and checkout pages' actions and the
// cart and checkout API answer a refusal of the same code with the same HTTP status
// (rules/shared/failure-status.ts).

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let variantId: number;
const ZIP = "80011";
const address = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: ZIP,
  countryCode: "US",
  phone: null,
};

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const row = (await seededVariants(database.db)).find((v) => v.productType === "Dry Food")!;
  variantId = row.id;
  const warehouse = (await warehouseForZip(database.db, ZIP))!.code;
  await setStock(database.db, { warehouseCode: warehouse, variantId, onHand: 500, reserved: 0 });
}, 60_000);
afterAll(() => database.close());

let n = 0;
async function customer(): Promise<{ id: string; email: string; cookie: string }> {
  const email = `status-parity${++n}@example.test`;
  const r = await deps.services.identity.register(
    { firstName: "Kim", lastName: "Lee", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, email, cookie: `sessionToken=${r.token}` };
}

const api = async (path: string, body: unknown, cookie?: string) => {
  const res = await app.request(`http://localhost/api${path}`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, code: ((await res.json()) as { error?: { code: string } }).error?.code ?? null };
};

async function pageContext(request: Request): Promise<AppLoadContext> {
  const identity = await resolveIdentity(deps, request, null, "d2c");
  return requestContext(deps, siteFor("d2c", deps.config.storeName), identity) as AppLoadContext;
}
const cookieFor = (session: string | undefined, cartId: string | null) => [session, cartId ? `col_cart_id=${cartId}` : null].filter(Boolean).join("; ");

/** A page action as a fetcher posts it: its answer's status (a thrown redirect is a 3xx). */
async function pageStatus(
  action: typeof cartAction | typeof checkoutAction,
  path: string,
  session: string | undefined,
  cartId: string | null,
  fields: Record<string, string>,
) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie: cookieFor(session, cartId), "sec-fetch-dest": "empty" },
    body: new URLSearchParams(fields),
  });
  try {
    const result = (await action({ request, context: await pageContext(request) } as Parameters<typeof action>[0])) as unknown as {
      init?: { status?: number };
    };
    return result.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the checkout: the page's place-order and POST /api/checkout/place-order", () => {
  /** A guest's cart handed to the checkout with e-mail, address and method chosen: ready to place. */
  async function readyCheckout() {
    const created = await deps.services.cart.shopper(null).createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1, sellingPlanId: null }]);
    if (!created.ok) throw new Error(created.message);
    const cartId = created.cart.id;
    expect(
      await deps.services.checkout.handoff({
        site: "d2c",
        cartId,
        customer: null,
        cookieDiscountCode: null,
        acknowledgeAutoshipTerms: false,
        secret: "s".repeat(32),
        now: new Date(),
      }),
    ).toMatchObject({ go: "checkout" });
    expect(
      await deps.services.checkout.saveInformation({ site: "d2c", cartId, customer: null, email: "pat@example.test", acceptsEmailMarketing: false, address }),
    ).toEqual({ ok: true });
    await deps.services.checkout.saveShippingMethod(cartId, "standard");
    return { cartId, line: created.cart.lineItems[0].id };
  }
  const placeOnPage = (cartId: string, cardNumber: string) =>
    pageStatus(checkoutAction, "/checkout", undefined, cartId, {
      intent: "place",
      cardNumber,
      cardExpiry: "12/99",
      cardCvc: "123",
      idempotencyKey: `page-${Math.random()}`,
    });
  const placeByApi = (cartId: string, cardNumber: string) =>
    api("/checkout/place-order", {
      cartId,
      idempotencyKey: `api-${Math.random()}`,
      email: "pat@example.test",
      shippingAddress: address,
      shippingMethod: "standard",
      payment: { kind: "card", card: { number: cardNumber, expMonth: 12, expYear: 2099, cvc: "123" } },
    });

  it("an emptied cart (CART_EMPTY): the same status from both", async () => {
    const { cartId, line } = await readyCheckout();
    expect((await deps.services.cart.shopper(null).updateLines(cartId, "d2c", [{ id: line, quantity: 0 }])).ok).toBe(true);
    const byApi = await placeByApi(cartId, "4242424242424242");
    expect(byApi.code).toBe("cart_empty");
    expect({ page: await placeOnPage(cartId, "4242424242424242"), api: byApi.status }).toEqual({
      page: failureStatus("CART_EMPTY"),
      api: failureStatus("CART_EMPTY"),
    });
  });

  it("a declined card (PAYMENT_DECLINED): the same status from both", async () => {
    const { cartId } = await readyCheckout();
    const byApi = await placeByApi(cartId, "4000000000000002");
    expect(byApi.code).toBe("payment_declined");
    expect({ page: await placeOnPage(cartId, "4000000000000002"), api: byApi.status }).toEqual({
      page: failureStatus("PAYMENT_DECLINED"),
      api: failureStatus("PAYMENT_DECLINED"),
    });
  });
});

describe("the cart: the /cart page's action and the cart API", () => {
  it("one cart too many (TOO_MANY_CARTS): the same status from both", async () => {
    const kim = await customer();
    for (let i = 0; i < MAX_CARTS_PER_CUSTOMER; i++)
      expect((await api("/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, kim.cookie)).status).toBe(200);
    const byApi = await api("/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, kim.cookie);
    expect(byApi.code).toBe("too_many_carts");
    // The page's first add (no cart cookie) creates a cart: refused the same way.
    const page = await pageStatus(cartAction, "/cart", kim.cookie, null, { intent: "add", variantId: String(variantId), quantity: "1" });
    expect({ page, api: byApi.status }).toEqual({ page: failureStatus("TOO_MANY_CARTS"), api: failureStatus("TOO_MANY_CARTS") });
  });

  it("a line that is not in the cart (LINE_NOT_FOUND): the same status from both", async () => {
    const kim = await customer();
    const created = await deps.services.cart.shopper(kim.id).createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1, sellingPlanId: null }]);
    if (!created.ok) throw new Error(created.message);
    const gone = crypto.randomUUID();
    const byApi = await api("/ecom/v1.0/update-cart-line-items", { cartId: created.cart.id, lineItems: [{ id: gone, quantity: 2 }] }, kim.cookie);
    expect(byApi.code).toBe("line_not_found");
    const page = await pageStatus(cartAction, "/cart", kim.cookie, created.cart.id, { intent: "update", lineId: gone, quantity: "2" });
    expect({ page, api: byApi.status }).toEqual({ page: failureStatus("LINE_NOT_FOUND"), api: failureStatus("LINE_NOT_FOUND") });
  });
});
