import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { parseConfig } from "../../config";
import { createDeps } from "../../context";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createLogger } from "../../log";
import { placeOrder, type PlaceOrderInput } from "../../workflows/place-order";
import { seededVariants, setPlainPrice, setProductType } from "../../testing/catalog";
import { ordersOfCart } from "../../testing/orders";
import { serveZips, setStock } from "../../testing/stock";
import { warehouseForZip } from "../catalog";
import { checkoutAction } from "../../../app/features/checkout/checkout-route.server";
import { requestContext, resolveIdentity } from "../../request-context";
import { siteFor } from "../../../rules/shared/site";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";

// The checkout's rules through every door: the page's service calls (hand-off, information step,
// review) and the checkout API (quote, place-order, multipass) give the same answers; and the
// checkout's security rules (tax state from the ZIP, idempotency keys per customer, AUTO35 once,
// discount codes once per customer, checkout-owned attributes once).

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let variantId: number;
let priceCents: number;
const ZIP = "80011";
/** Anchorage: served by the seed's KNT1 (99500–99999), state AK, so the $4 service charge applies. */
const ALASKA_ZIP = "99501";
/** Served in this test, but not in the ZIP → state table (rules/shared/us-states.ts). */
const STATELESS_ZIP = "00601";

const addr = (zip = ZIP, provinceCode = "CO") => ({
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode,
  zip,
  countryCode: "US",
  phone: null,
});
const card = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const row = (await seededVariants(database.db)).find((v) => v.productType === "Dry Food")!;
  variantId = row.id;
  priceCents = row.priceCents;
  const warehouse = (await warehouseForZip(database.db, ZIP))!.code;
  await setStock(database.db, { warehouseCode: warehouse, variantId, onHand: 500, reserved: 0 });
  await serveZips(database.db, warehouse, { zipStart: 601, zipEnd: 601, transitDays: 9 });
}, 60_000);
afterAll(() => database.close());

let n = 0;
async function customer() {
  const email = `co-parity${++n}@example.test`;
  const r = await deps.services.identity.register(
    { firstName: "Kim", lastName: "Lee", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: true },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, email, acceptsMarketing: true, cookie: `sessionToken=${r.token}` };
}
async function cartOf(owner: string | null, quantity = 1, sellingPlanId: string | null = null, codes: string[] = []) {
  const shop = deps.services.cart.shopper(owner);
  const r = await shop.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity, sellingPlanId }]);
  if (!r.ok) throw new Error(r.message);
  if (codes.length) await deps.services.cart.updateDiscountCodes(r.cart.id, "d2c", codes);
  return r.cart.id;
}
const call = async (path: string, body: unknown, cookie?: string) => {
  const res = await app.request(`http://localhost/api${path}`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const orderBody = (cartId: string, over: Record<string, unknown> = {}) => ({
  cartId,
  idempotencyKey: `key-${Math.random()}`,
  email: "pat@example.test",
  shippingAddress: addr(),
  shippingMethod: "standard",
  payment: { kind: "card", card },
  ...over,
});

describe("checkout totals: one home (checkout.quote), the page's review and the API agree", () => {
  it("the same cart, ZIP and method give the same totals on the page and from /api/checkout/quote", async () => {
    const kim = await customer();
    const cartId = await cartOf(kim.id, 2);
    await deps.services.checkout.handoff({
      site: "d2c",
      cartId,
      customer: kim,
      cookieDiscountCode: null,
      acknowledgeAutoshipTerms: false,
      secret: "s".repeat(32),
      now: new Date(),
    });
    await deps.services.checkout.saveInformation({ site: "d2c", cartId, customer: kim, email: kim.email, acceptsEmailMarketing: false, address: addr() });
    for (const method of ["standard", "express"] as const) {
      const review = await deps.services.checkout.review({ site: "d2c", cartId, customer: kim });
      const quote = await call("/checkout/quote", { cartId, zip: ZIP, shippingMethod: method }, kim.cookie);
      expect(quote.status).toBe(200);
      expect(quote.body.totals).toEqual(review!.totalsByMethod![method]);
    }
  });

  it("they agree for Alaska, over and under the free-shipping threshold, and with AUTO35 on a first autoship", async () => {
    const threshold = deps.config.freeShippingThresholdCents;
    expect(priceCents).toBeLessThan(threshold);
    const over = Math.ceil(threshold / priceCents);
    /** The page's totals (hand-off, information step, review) and the quote's, for both methods. */
    async function bothDoors(p: { quantity: number; zip: string; province: string; autoship?: boolean }) {
      const kim = await customer();
      const cartId = await cartOf(kim.id, p.quantity, p.autoship ? "autoship-4w" : null, p.autoship ? ["AUTO35"] : []);
      await deps.services.checkout.handoff({
        site: "d2c",
        cartId,
        customer: kim,
        cookieDiscountCode: null,
        acknowledgeAutoshipTerms: !!p.autoship,
        secret: "s".repeat(32),
        now: new Date(),
      });
      const saved = await deps.services.checkout.saveInformation({
        site: "d2c",
        cartId,
        customer: kim,
        email: kim.email,
        acceptsEmailMarketing: false,
        address: addr(p.zip, p.province),
      });
      expect(saved).toEqual({ ok: true });
      const review = await deps.services.checkout.review({ site: "d2c", cartId, customer: kim });
      const page = review!.totalsByMethod!;
      for (const method of ["standard", "express"] as const) {
        const quote = await call("/checkout/quote", { cartId, zip: p.zip, shippingMethod: method }, kim.cookie);
        expect(quote.status).toBe(200);
        expect({ method, ...p, totals: quote.body.totals }).toEqual({ method, ...p, totals: page[method] });
      }
      return page;
    }

    // Alaska, under the threshold: the $4 service charge on both methods, standard shipping paid.
    const alaska = await bothDoors({ quantity: 1, zip: ALASKA_ZIP, province: "AK" });
    expect(alaska.standard).toMatchObject({ serviceChargeCents: 400, freeShipping: false, shippingCents: 799 });
    expect(alaska.express).toMatchObject({ serviceChargeCents: 400, freeShipping: false, shippingCents: 1999 });
    // Alaska, over the threshold: standard is free, the service charge stays.
    const alaskaOver = await bothDoors({ quantity: over, zip: ALASKA_ZIP, province: "AK" });
    expect(alaskaOver.standard).toMatchObject({ serviceChargeCents: 400, freeShipping: true, shippingCents: 0 });
    expect(alaskaOver.express).toMatchObject({ serviceChargeCents: 400, freeShipping: false, shippingCents: 1999 });
    // Colorado, under and over the threshold: no service charge.
    const under = await bothDoors({ quantity: 1, zip: ZIP, province: "CO" });
    expect(under.standard).toMatchObject({ serviceChargeCents: 0, freeShipping: false, shippingCents: 799 });
    expect(under.express).toMatchObject({ serviceChargeCents: 0, freeShipping: false, shippingCents: 1999 });
    const overCo = await bothDoors({ quantity: over, zip: ZIP, province: "CO" });
    expect(overCo.standard).toMatchObject({ serviceChargeCents: 0, freeShipping: true, shippingCents: 0 });
    expect(overCo.express).toMatchObject({ serviceChargeCents: 0, freeShipping: false, shippingCents: 1999 });
    // AUTO35 on an autoship line of a customer with no subscription yet: the discount is in both.
    for (const [zip, province] of [
      [ZIP, "CO"],
      [ALASKA_ZIP, "AK"],
    ]) {
      const auto35 = await bothDoors({ quantity: over, zip, province, autoship: true });
      expect(auto35.standard.discountCents).toBeGreaterThan(0);
      expect(auto35.express.discountCents).toBe(auto35.standard.discountCents);
    }
  });
});

describe("the tax state comes from the ZIP", () => {
  it("a served ZIP with no known state is refused by the quote, the information step and place-order alike", async () => {
    const cartId = await cartOf(null);
    const quote = await call("/checkout/quote", { cartId, zip: STATELESS_ZIP });
    expect(quote.status).toBe(400);
    expect(Object.keys(quote.body.error.fields)).toEqual(["zip"]);
    await deps.services.checkout.handoff({
      site: "d2c",
      cartId,
      customer: null,
      cookieDiscountCode: null,
      acknowledgeAutoshipTerms: false,
      secret: "s".repeat(32),
      now: new Date(),
    });
    // A real state with it (a made-up one is refused by the address schema before the ZIP is looked up).
    const page = await deps.services.checkout.saveInformation({
      site: "d2c",
      cartId,
      customer: null,
      email: "pat@example.test",
      acceptsEmailMarketing: false,
      address: addr(STATELESS_ZIP, "CO"),
    });
    expect(page).toMatchObject({ ok: false, field: "zip" });
    const placed = await call("/checkout/place-order", orderBody(cartId, { shippingAddress: addr(STATELESS_ZIP, "CO") }));
    expect(placed.status).toBe(400);
    expect(Object.keys(placed.body.error.fields)).toEqual(["shippingAddress.zip"]);
  });

  it("a province that disagrees with the ZIP is refused, naming the province", async () => {
    const cartId = await cartOf(null);
    const placed = await call("/checkout/place-order", orderBody(cartId, { shippingAddress: addr(ZIP, "NY") }));
    expect(placed.status).toBe(400);
    expect(Object.keys(placed.body.error.fields)).toEqual(["shippingAddress.provinceCode"]);
    const page = await deps.services.checkout.saveInformation({
      site: "d2c",
      cartId,
      customer: null,
      email: "pat@example.test",
      acceptsEmailMarketing: false,
      address: addr(ZIP, "NY"),
    });
    expect(page).toMatchObject({ ok: false, field: "provinceCode" });
  });
});

describe("place-order input", () => {
  it("a cartId that is no cart id is a 400 naming cartId, not a 500", async () => {
    const placed = await call("/checkout/place-order", orderBody("not-a-uuid"));
    expect(placed.status).toBe(400);
    expect(Object.keys(placed.body.error.fields)).toEqual(["cartId"]);
  });
});

describe("order attributes: the checkout-owned keys appear once", () => {
  it("after the hand-off set them on the cart, the order carries each key once, with the checkout's value", async () => {
    const kim = await customer();
    const cartId = await cartOf(kim.id);
    await deps.services.checkout.handoff({
      site: "d2c",
      cartId,
      customer: kim,
      cookieDiscountCode: null,
      acknowledgeAutoshipTerms: false,
      secret: "s".repeat(32),
      now: new Date(),
    });
    const placed = await call("/checkout/place-order", orderBody(cartId, { acceptsEmailMarketing: false, isAttestationChecked: true }), kim.cookie);
    expect(placed.status).toBe(200);
    const attrs = placed.body.order.attributes as { key: string; value: string }[];
    expect(attrs.map((a) => a.key).sort()).toEqual(["SALES_ORD_TYPE", "SALES_ORG", "accepts_email_marketing", "is_attestation_checked", "sgOrderType"]);
    expect(attrs).toContainEqual({ key: "accepts_email_marketing", value: "false" });
    expect(attrs).toContainEqual({ key: "is_attestation_checked", value: "true" });
  });
});

describe("idempotency keys belong to one customer (or one guest cart)", () => {
  it("another customer may use the same key for their own order; a replay by someone else finds nothing", async () => {
    const kim = await customer();
    const lee = await customer();
    const key = `same-key-${Math.random()}`;
    const kimCart = await cartOf(kim.id);
    const first = await call("/checkout/place-order", orderBody(kimCart, { idempotencyKey: key }), kim.cookie);
    expect(first.status).toBe(200);
    const leeCart = await cartOf(lee.id);
    const second = await call("/checkout/place-order", orderBody(leeCart, { idempotencyKey: key }), lee.cookie);
    expect(second.status).toBe(200);
    expect(second.body.order.id).not.toBe(first.body.order.id);
    // A guest replaying Kim's cart and key gets no order of Kim's.
    const replay = await call("/checkout/place-order", orderBody(kimCart, { idempotencyKey: key }));
    expect(replay.status).toBe(404);
    expect(replay.body.order).toBeUndefined();
    // Kim's own replay is the same order.
    const again = await call("/checkout/place-order", orderBody(kimCart, { idempotencyKey: key }), kim.cookie);
    expect(again.body).toMatchObject({ replayed: true, order: { id: first.body.order.id } });
  });

  it("the renewal engine's keys are reserved: a client key renewal:… is refused", async () => {
    const cartId = await cartOf(null);
    const placed = await call("/checkout/place-order", orderBody(cartId, { idempotencyKey: "renewal:00000000-0000-4000-8000-000000000000:2030-01-01" }));
    expect(placed.status).toBe(400);
    expect(Object.keys(placed.body.error.fields)).toEqual(["idempotencyKey"]);
  });
});

describe("AUTO35 once per customer, even for two checkouts at the same moment", () => {
  it("five racing first-Autoship checkouts of one customer: one gets AUTO35", async () => {
    const kim = await customer();
    const carts: string[] = [];
    for (let i = 0; i < 5; i++) carts.push(await cartOf(kim.id, 1, "autoship-4w", ["AUTO35"]));
    const input = (cartId: string): PlaceOrderInput => ({
      site: "d2c",
      cartId,
      customerId: kim.id,
      email: kim.email,
      shippingAddress: addr(),
      shippingMethod: "standard",
      payment: { kind: "card", card },
      idempotencyKey: `race-${Math.random()}`,
    });
    const { services, config } = deps;
    const results = await Promise.all(carts.map((c) => placeOrder({ db: database.db, services, config }, input(c))));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true]);
    const withCode = results.filter((r) => r.ok && r.order.discountCodes.includes("AUTO35"));
    expect(withCode).toHaveLength(1);
  });
});

describe("discount codes: one code plus AUTO35, each code once per customer", () => {
  it("codes do not stack on a cart, and a code a customer has used is refused on their next order", async () => {
    const kim = await customer();
    const cartId = await cartOf(kim.id);
    const codes = await call("/ecom/v1.0/update-cart-discount-codes", { cartId, codes: ["WELCOME10", "FIVEOFF", "AUTO35"] }, kim.cookie);
    expect(codes.body.cart.discountCodes.map((c: { code: string }) => c.code)).toEqual(["AUTO35", "FIVEOFF"]);
    await call("/ecom/v1.0/update-cart-discount-codes", { cartId, codes: ["WELCOME10"] }, kim.cookie);
    const first = await call("/checkout/place-order", orderBody(cartId), kim.cookie);
    expect(first.status).toBe(200);
    expect(first.body.order.discountCodes).toEqual(["WELCOME10"]);
    const next = await cartOf(kim.id);
    await call("/ecom/v1.0/update-cart-discount-codes", { cartId: next, codes: ["WELCOME10"] }, kim.cookie);
    const second = await call("/checkout/place-order", orderBody(next), kim.cookie);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: "discount_code_used", fields: { discountCodes: "You have already used the code WELCOME10." } });
    expect(await ordersOfCart(database.db, next)).toEqual([]);
  });

  it("five racing checkouts with the same code: one order uses it, four are refused", async () => {
    const lee = await customer();
    const carts: string[] = [];
    for (let i = 0; i < 5; i++) carts.push(await cartOf(lee.id, 1, null, ["FIVEOFF"]));
    const results = await Promise.all(carts.map((cartId) => call("/checkout/place-order", orderBody(cartId), lee.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === "discount_code_used")).toBe(true);
  });
});

describe("multipass: one home (checkout.issueMultipass), the API and the hand-off agree", () => {
  it("the API's link and the hand-off's link both open the checkout for the customer's cart; someone else's cart gets neither", async () => {
    const kim = await customer();
    const cartId = await cartOf(kim.id);
    const viaApi = await call("/multipass", { email: kim.email, cartId }, kim.cookie);
    expect(viaApi.status).toBe(200);
    const viaPage = await deps.services.checkout.handoff({
      site: "d2c",
      cartId,
      customer: kim,
      cookieDiscountCode: null,
      acknowledgeAutoshipTerms: false,
      secret: deps.sessionSecret,
      now: new Date(),
    });
    for (const url of [viaApi.body.url as string, viaPage.url!]) {
      const token = new URL(url, "http://shop.test").searchParams.get("multipass")!;
      expect(await deps.services.checkout.acceptMultipass({ token, secret: deps.sessionSecret, now: new Date(), customer: kim, cartId })).toEqual({ ok: true });
    }
    const lee = await customer();
    expect((await call("/multipass", { email: lee.email, cartId }, lee.cookie)).status).toBe(404);
    expect(
      await deps.services.checkout.handoff({
        site: "d2c",
        cartId,
        customer: lee,
        cookieDiscountCode: null,
        acknowledgeAutoshipTerms: false,
        secret: deps.sessionSecret,
        now: new Date(),
      }),
    ).toMatchObject({ go: "cart" });
  });
});

describe("the saved cart after an order", () => {
  it("an order placed through the API clears the customer's saved-cart pointer, as the checkout page did", async () => {
    const kim = await customer();
    const cartId = await cartOf(kim.id);
    expect(await deps.services.cart.savedCartId(kim.id)).toBe(cartId);
    const placed = await call("/checkout/place-order", orderBody(cartId), kim.cookie);
    expect(placed.status).toBe(200);
    expect(await deps.services.cart.savedCartId(kim.id)).toBeNull();
  });
});

describe("free shipping: the promise the cart shows is the one the checkout keeps", () => {
  /** A d2c item priced `cents`, of `productType`, with stock: a product of its own so other tests keep theirs. */
  async function itemAt(cents: number, productType: string) {
    const rows = (await seededVariants(database.db)).filter((v) => v.productType === "Wet Food");
    const firstOfEach = rows.filter((r, i) => r.sites.includes("d2c") && rows.findIndex((o) => o.productId === r.productId) === i);
    const row = firstOfEach.at(-1 - items++)!;
    await setPlainPrice(database.db, row.id, cents);
    await setProductType(database.db, row.productId, productType);
    return row.id;
  }
  let items = 0;

  /** The cart API's bar after the last change, and the quote's standard shipping, for one cart. */
  async function bothAnswers(lines: { variantId: number; quantity: number }[], codes: string[]) {
    const kim = await customer();
    const created = await call(
      "/ecom/v1.0/create-cart",
      { lineItems: lines.map((l) => ({ merchandiseId: String(l.variantId), quantity: l.quantity })) },
      kim.cookie,
    );
    const cartId = created.body.cart.id as string;
    const coded = await call("/ecom/v1.0/update-cart-discount-codes", { cartId, codes }, kim.cookie);
    const quote = await call("/checkout/quote", { cartId, zip: ZIP, shippingMethod: "standard" }, kim.cookie);
    expect(quote.status).toBe(200);
    return {
      bar: coded.body.cart.freeShipping as { reached: boolean; text: string; qualifyingCents: number },
      quote: quote.body.totals as { freeShipping: boolean; shippingCents: number },
    };
  }

  it("a $50.47 cart with WELCOME10 ($45.42 after the code): the bar promises nothing the quote does not give", async () => {
    const food = await itemAt(5047, "Dry Food");
    const { bar, quote } = await bothAnswers([{ variantId: food, quantity: 1 }], ["WELCOME10"]);
    expect(bar.reached).toBe(quote.freeShipping);
    expect({ reached: bar.reached, text: bar.text, shippingCents: quote.shippingCents }).toEqual({
      reached: false,
      text: "$3.58 until free shipping",
      shippingCents: 799,
    });
  });

  it("a donation line counts toward neither: the bar and the quote leave it out alike", async () => {
    const food = await itemAt(1500, "Dry Food");
    const donation = await itemAt(4000, EXCLUDED_PRODUCT_TYPE);
    const { bar, quote } = await bothAnswers(
      [
        { variantId: food, quantity: 1 },
        { variantId: donation, quantity: 1 },
      ],
      [],
    );
    expect({ reached: bar.reached, freeShipping: quote.freeShipping, shippingCents: quote.shippingCents }).toEqual({
      reached: false,
      freeShipping: false,
      shippingCents: 799,
    });
  });

  it("over the threshold after the code, both give free standard shipping", async () => {
    const food = await itemAt(6000, "Dry Food");
    const { bar, quote } = await bothAnswers([{ variantId: food, quantity: 1 }], ["WELCOME10"]);
    expect({ reached: bar.reached, freeShipping: quote.freeShipping, shippingCents: quote.shippingCents }).toEqual({
      reached: true,
      freeShipping: true,
      shippingCents: 0,
    });
  });
});

describe("address input at checkout: one schema, and the same keeping of a new address and card", () => {
  /** The /checkout page's action as a form post: its answer, or the redirect it throws. */
  async function pageAct(cookie: string, fields: Record<string, string>) {
    const request = new Request("http://localhost/checkout", { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
    const identity = await resolveIdentity(deps, request, null, "d2c");
    const context = requestContext(deps, siteFor("d2c", deps.config.storeName), identity) as AppLoadContext;
    try {
      const result = (await checkoutAction({ request, context })) as unknown as { data: { errors: Record<string, string> }; init?: { status?: number } };
      return { status: result.init?.status ?? 200, errors: result.data.errors, location: null };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, errors: {}, location: thrown.headers.get("location") };
      throw thrown;
    }
  }
  /** A customer's cart handed off to the checkout, and the cookies the page needs. */
  async function handedOff() {
    const kim = await customer();
    const cartId = await cartOf(kim.id);
    const secret = "s".repeat(32);
    const handoff = await deps.services.checkout.handoff({
      site: "d2c",
      cartId,
      customer: kim,
      cookieDiscountCode: null,
      acknowledgeAutoshipTerms: false,
      secret,
      now: new Date(),
    });
    // The multipass link signs the customer into the cart's checkout, as following it does.
    const token = new URL(handoff.url!, "http://shop.test").searchParams.get("multipass")!;
    expect(await deps.services.checkout.acceptMultipass({ token, secret, now: new Date(), customer: kim, cartId })).toEqual({ ok: true });
    return { kim, cartId, cookie: `${kim.cookie}; col_cart_id=${cartId}` };
  }
  const typed = { firstName: "Pat", lastName: "Doe", address1: "1 Main St", address2: "", city: "Aurora", provinceCode: "CO", zip: ZIP, phone: "" };

  it("a typed address the page refuses, place-order refuses too, naming the same field", async () => {
    const cases: [string, Record<string, string>][] = [
      ["firstName", { firstName: "P".repeat(80) }],
      ["address1", { address1: `${"9".repeat(125)} Main St` }],
      ["city", { city: "A".repeat(70) }],
      ["provinceCode", { provinceCode: "XX" }],
      ["zip", { zip: "8001" }],
      ["phone", { phone: "call me" }],
    ];
    for (const [field, change] of cases) {
      const address = { ...typed, ...change };
      const { cookie, cartId, kim } = await handedOff();
      const page = await pageAct(cookie, { intent: "information", addressChoice: "new", ...address });
      const api = await call(
        "/checkout/place-order",
        orderBody(cartId, { email: kim.email, shippingAddress: { ...address, phone: address.phone || null } }),
        kim.cookie,
      );
      expect({ field, page: page.status, pageFields: Object.keys(page.errors) }).toEqual({ field, page: 400, pageFields: [field] });
      expect({ field, api: api.status, apiFields: Object.keys(api.body.error?.fields ?? {}) }).toEqual({
        field,
        api: 400,
        apiFields: [`shippingAddress.${field}`],
      });
    }
  });

  it("asked to keep the new address and the card, the page and the API both keep them (and only once the order is placed, the card)", async () => {
    const viaPage = await handedOff();
    const info = await pageAct(viaPage.cookie, { intent: "information", addressChoice: "new", ...typed, saveAddress: "on" });
    expect(info.location).toBe("/checkout?step=shipping");
    expect((await pageAct(viaPage.cookie, { intent: "shipping", shippingMethod: "standard" })).location).toBe("/checkout?step=payment");
    const placed = await pageAct(viaPage.cookie, {
      intent: "place",
      paymentChoice: "new",
      cardNumber: card.number,
      cardExpiry: "12/99",
      cardCvc: card.cvc,
      saveCard: "on",
      idempotencyKey: `page-${Math.random()}`,
    });
    expect(placed.location).toMatch(/^\/checkout\/confirmation\//);

    const viaApi = await handedOff();
    const declined = await call(
      "/checkout/place-order",
      orderBody(viaApi.cartId, {
        email: viaApi.kim.email,
        shippingAddress: { ...typed, phone: null },
        saveAddress: true,
        saveCard: true,
        payment: { kind: "card", card: { ...card, number: "4000000000000002" } },
      }),
      viaApi.kim.cookie,
    );
    expect(declined.status).toBe(402);
    expect(await deps.services.payments.listMethods(viaApi.kim.id)).toHaveLength(0);
    const api = await call(
      "/checkout/place-order",
      orderBody(viaApi.cartId, { email: viaApi.kim.email, shippingAddress: { ...typed, phone: null }, saveAddress: true, saveCard: true }),
      viaApi.kim.cookie,
    );
    expect(api.status).toBe(200);

    const kept = async (customerId: string) => ({
      addresses: ((await deps.services.identity.customer(customerId))?.addresses ?? []).map((a) => `${a.address1}, ${a.city} ${a.zip}`),
      cards: (await deps.services.payments.listMethods(customerId)).length,
    });
    expect(await kept(viaApi.kim.id)).toEqual(await kept(viaPage.kim.id));
    expect(await kept(viaApi.kim.id)).toEqual({ addresses: ["1 Main St, Aurora 80011"], cards: 1 });
  });
});
