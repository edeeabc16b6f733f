import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID } from "../modules/clinics";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { seededVariants } from "../testing/catalog";
import { staffMember } from "../testing/staff";

// Every answer that carries personal data or a price only some shoppers may see says
// `Cache-Control: private, no-store` (server/http/private-answers.ts): the account pages, the cart,
// the checkout, any page of a signed-in customer or staff member (the header names them; staff
// members see program prices), and the customer, cart and checkout API, refusals included. A page
// for nobody in particular and the catalogue's guest JSON keep what they said.

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let variantId: number;
let kim: { id: string; cookie: string; token: string };
let staff: { customerId: string; cookie: string };
const SHOP = "localhost";
const STAFF = "pro.localhost";

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  // The page as React Router renders it, with no Cache-Control of its own (the route modules set none).
  app = createApp(deps, { handler: async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } }) });
  const rows = await seededVariants(database.db);
  variantId = rows.find((r) => r.sites.includes("d2c"))!.id;
  const r = await deps.services.identity.register(
    { firstName: "Kim", lastName: "Lee", email: "private-answers@example.test", password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  kim = { id: r.customerId, token: r.token, cookie: `sessionToken=${r.token}` };
  staff = await staffMember(deps.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
}, 180_000);
afterAll(() => database.close());

const page = (host: string, path: string, cookie?: string) => app.request(`http://${host}${path}`, { headers: { host, ...(cookie ? { cookie } : {}) } });
const api = (host: string, path: string, body: unknown, cookie?: string) =>
  app.request(`http://${host}/api${path}`, {
    method: "POST",
    headers: { host, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe("pages with personal data or program prices: private, no-store", () => {
  const cases: [string, string, () => string | undefined][] = [
    ["the account dashboard", "/account/dashboard", () => kim.cookie],
    ["the orders", "/account/orders", () => kim.cookie],
    ["an order", "/account/orders/00000000-0000-4000-8000-000000000000", () => kim.cookie],
    ["the profile", "/account/my-profile", () => kim.cookie],
    ["the address book", "/account/address-book", () => kim.cookie],
    ["My Subscriptions", "/account/autoships", () => kim.cookie],
    ["the account's data request", "/account/orders.data", () => kim.cookie],
    ["the cart, a guest's", "/cart", () => undefined],
    ["the cart, a customer's", "/cart", () => kim.cookie],
    ["the checkout", "/checkout?step=payment", () => undefined],
    ["the confirmation", "/checkout/confirmation/00000000-0000-4000-8000-000000000000", () => undefined],
    ["the sign-in page", "/shelter/login", () => undefined],
    ["a catalogue page, signed in (the header names the customer)", "/products", () => kim.cookie],
    ["a catalogue page, with a cart cookie (the header counts it)", "/products", () => "col_cart_id=00000000-0000-4000-8000-000000000000"],
  ];
  it.each(cases)("%s (%s)", async (_what, path, cookie) => {
    const res = await page(SHOP, path, cookie());
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([["/products"], ["/products/dog/dry-food"], ["/account/my-clinic"], ["/cart"]])("the staff site's %s for a member (program prices)", async (path) => {
    const res = await page(STAFF, path, staff.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a catalogue page for nobody in particular (no cookie, or only the ZIP and consent cookies) is left as it was", async () => {
    for (const cookie of [undefined, "userLocation=80011::HOME; userWarehouse=DEN; _ga=GA1.1.1"]) {
      const res = await page(SHOP, "/products/dog/dry-food", cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBeNull();
    }
  });
});

describe("the customer, cart and checkout API: private, no-store", () => {
  it("the cart calls, for a guest and a customer, answers and refusals alike", async () => {
    for (const cookie of [undefined, kim.cookie]) {
      const created = await api(SHOP, "/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: String(variantId), quantity: 1 }] }, cookie);
      expect(created.status).toBe(200);
      const cartId = ((await created.json()) as { cart: { id: string } }).cart.id;
      const answers = [
        created,
        await api(SHOP, "/ecom/v1.0/get-cart", { cartId }, cookie),
        await api(SHOP, "/ecom/v1.0/update-cart-note", { cartId, note: "hello" }, cookie),
        await api(SHOP, "/ecom/v1.0/get-cart", { cartId: "00000000-0000-4000-8000-000000000000" }, cookie),
        await api(SHOP, "/checkout/quote", { cartId, zip: "80011" }, cookie),
      ];
      expect(answers.map((r) => [r.url, r.status, r.headers.get("cache-control")])).toEqual(answers.map((r) => [r.url, r.status, "private, no-store"]));
    }
  });

  it("the customer calls", async () => {
    const answers = [
      await api(SHOP, "/ecom/v1.0/get-storefront-customer", { sessionToken: kim.token }),
      await api(SHOP, "/ecom/v1.0/get-storefront-customer", {}, kim.cookie),
      await api(SHOP, "/ecom/v1.0/get-storefront-orders", { sessionToken: kim.token, id: kim.id }),
      await api(SHOP, "/ecom/v1.0/get-subscriptions", { sessionToken: kim.token, customer: kim.id }),
      await api(SHOP, "/ecom/v1.0/get-storefront-customer", {}),
      await api(STAFF, "/ecom/v1.0/get-storefront-customer", {}, staff.cookie),
    ];
    expect(answers.map((r) => r.headers.get("cache-control"))).toEqual(answers.map(() => "private, no-store"));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, expect.any(Number), 401, 200]);
  });

  it("an answer that may be shared keeps its own header: the catalogue's JSON for a guest", async () => {
    const res = await api(SHOP, "/cms/v1.0/get-skus-with-deal", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });
});
