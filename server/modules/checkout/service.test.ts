import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import { seededVariants } from "../../testing/catalog";
import { setStockEverywhere } from "../../testing/stock";
import { warehouseForZip } from "../catalog";
import { MULTIPASS_TTL_MS } from "./multipass";

// The checkout module: hand-off, multipass acceptance, step state and review, on PGlite.

let database: Database;
let services: ReturnType<typeof createServices>;
let variantId: number;
let sku: string;
const SECRET = "test-secret-for-checkout-service";
const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900" });
const now = new Date();
const address = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  phone: null,
};

async function customer(label: string) {
  const r = await services.identity.register(
    { firstName: "A", lastName: "A", email: `${label}-co@example.test`, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: true },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, email: `${label}-co@example.test`, acceptsMarketing: true };
}
async function cartWith(quantity: number, sellingPlanId: string | null = null, owner?: string) {
  const r = await services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity, sellingPlanId }]);
  if (!r.ok) throw new Error(r.message);
  if (owner) await services.cart.claimCart(r.cart.id, "d2c", owner);
  return r.cart.id;
}
const handoff = (
  cartId: string | null,
  c: Awaited<ReturnType<typeof customer>> | null,
  over: { acknowledgeAutoshipTerms?: boolean; cookieDiscountCode?: string | null } = {},
) =>
  services.checkout.handoff({
    site: "d2c",
    cartId,
    customer: c,
    cookieDiscountCode: over.cookieDiscountCode ?? null,
    acknowledgeAutoshipTerms: over.acknowledgeAutoshipTerms ?? false,
    secret: SECRET,
    now,
  });

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  const row = (await seededVariants(database.db)).find((v) => v.productType === "Dry Food")!;
  ({ id: variantId, sku } = row);
}, 60_000);
afterAll(() => database.close());

describe("checkout hand-off", () => {
  it("a guest cart gets the checkout attributes and the cookie's code, and goes to /checkout", async () => {
    const cartId = await cartWith(1);
    expect(await handoff(cartId, null, { cookieDiscountCode: "welcome10" })).toEqual({ go: "checkout", url: "/checkout" });
    const cart = (await services.cart.getCart(cartId, "d2c"))!;
    const attrs = Object.fromEntries(cart.attributes.map((a) => [a.key, a.value]));
    expect(attrs).toMatchObject({ SALES_ORG: "USHD", SALES_ORD_TYPE: "ZDTC", sgOrderType: "oneTimeOrder", accepts_email_marketing: "false" });
    expect(cart.discountCodes.map((c) => c.code)).toEqual(["WELCOME10"]);
    expect((await services.checkout.session(cartId))?.customerId).toBeNull();
  });

  it("an autoship cart: a guest is sent to log in; a customer must acknowledge the terms, then gets AUTO35 and a multipass URL", async () => {
    const alice = await customer("alice");
    const guestCart = await cartWith(1, "autoship-4w");
    expect(await handoff(guestCart, null)).toEqual({ go: "login" });

    const cartId = await cartWith(1, "autoship-4w", alice.id);
    expect(await handoff(cartId, alice)).toEqual({ go: "cart", reason: "autoship_terms" });
    const ok = await handoff(cartId, alice, { acknowledgeAutoshipTerms: true });
    expect(ok.go).toBe("checkout");
    expect(ok.url).toMatch(/^\/checkout\?multipass=[\w-]+\.[\w-]+\.[\w-]{43}$/);
    const cart = (await services.cart.getCart(cartId, "d2c"))!;
    expect(cart.discountCodes.map((c) => c.code)).toEqual(["AUTO35"]);
    expect(cart.attributes.find((a) => a.key === "sgOrderType")?.value).toBe("firstPurchaseSubscription");
    expect(cart.attributes.find((a) => a.key === "accepts_email_marketing")?.value).toBe("true");
    // Remembered: a later hand-off of the same cart needs no new acknowledgement.
    expect((await handoff(cartId, alice)).go).toBe("checkout");
  });

  it("someone else's cart is no cart, for a customer or a guest", async () => {
    const bob = await customer("bob");
    const carol = await customer("carol");
    const bobs = await cartWith(1, null, bob.id);
    expect(await handoff(bobs, carol)).toEqual({ go: "cart", reason: "empty" });
    expect(await handoff(bobs, null)).toEqual({ go: "cart", reason: "empty" });
  });
});

describe("multipass acceptance", () => {
  it("signs the customer into their cart's checkout; expired, tampered, other customers' and other carts' links are refused", async () => {
    const dan = await customer("dan");
    const erin = await customer("erin");
    const cartId = await cartWith(1, null, dan.id);
    const { url } = await handoff(cartId, dan);
    const token = new URL(url!, "http://x").searchParams.get("multipass")!;
    const accept = (over: Partial<Parameters<typeof services.checkout.acceptMultipass>[0]>) =>
      services.checkout.acceptMultipass({ token, secret: SECRET, now, customer: dan, cartId, ...over });
    expect(await accept({ now: new Date(now.getTime() + MULTIPASS_TTL_MS + 1) })).toEqual({ ok: false, reason: "expired" });
    expect(await accept({ token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}` })).toEqual({ ok: false, reason: "tampered" });
    expect(await accept({ customer: erin })).toEqual({ ok: false, reason: "not_yours" });
    expect(await accept({ customer: null })).toEqual({ ok: false, reason: "not_yours" });
    expect(await accept({ cartId: await cartWith(1, null, dan.id) })).toEqual({ ok: false, reason: "not_yours" });
    expect(await accept({})).toEqual({ ok: true });
    expect(await services.checkout.session(cartId)).toMatchObject({ customerId: dan.id, email: dan.email });
  });
});

describe("checkout steps", () => {
  it("only the customer's own saved address is accepted; an unserved ZIP is refused; the review totals follow the address", async () => {
    const fay = await customer("fay");
    const gus = await customer("gus");
    const gusAddress = (await services.identity.createAddress(gus.id, { ...address, countryCode: "US" }))!;
    const cartId = await cartWith(2, null, fay.id);
    await handoff(cartId, fay);
    const save = (a: Parameters<typeof services.checkout.saveInformation>[0]["address"], c = fay) =>
      services.checkout.saveInformation({ site: "d2c", cartId, customer: c, email: "ignored@example.test", acceptsEmailMarketing: false, address: a });
    expect(await save({ savedAddressId: gusAddress })).toMatchObject({ ok: false, field: "savedAddressId" });
    expect(await save({ ...address, zip: "00001" })).toEqual({ ok: false, field: "zip", message: "We do not deliver to 00001 yet." });
    expect(await save({ ...address, zip: "99501", provinceCode: "AK" })).toEqual({ ok: true });
    // A signed-in customer's e-mail is the account's, whatever was posted.
    expect((await services.checkout.session(cartId))?.email).toBe(fay.email);
    await services.checkout.saveShippingMethod(cartId, "standard");
    const review = (await services.checkout.review({ site: "d2c", cartId, customer: fay }))!;
    expect(review.totals?.serviceChargeCents).toBe(400);
    expect(review.stockIssues).toEqual([]);
  });

  it("the review lists lines the serving warehouse cannot fill", async () => {
    const cartId = await cartWith(3);
    await handoff(cartId, null);
    await services.checkout.saveInformation({ site: "d2c", cartId, customer: null, email: "h@example.test", acceptsEmailMarketing: false, address });
    const warehouse = (await warehouseForZip(database.db, "80011"))!.code;
    await setStockEverywhere(database.db, variantId, { onHand: 1, reserved: 0 });
    const review = (await services.checkout.review({ site: "d2c", cartId, customer: null }))!;
    expect(review.stockIssues).toEqual([expect.objectContaining({ sku, requested: 3, available: 1 })]);
    expect(warehouse).toBe("DEN1");
  });
});

describe("card attempts (card testing)", () => {
  it("a cart may try 10 new cards an hour; the 11th is refused before the processor sees it; saved cards do not count", async () => {
    const ivy = await customer("ivy");
    const saved = await services.payments.saveCard(ivy.id, { number: "4000000000000002", expMonth: 12, expYear: 2099, cvc: "123" });
    if (!saved.ok) throw new Error("save failed");
    const cartId = await cartWith(1, null, ivy.id);
    let key = 0;
    const attempt = (payment: Parameters<typeof services.checkout.placeOrder>[0]["payment"]) =>
      services.checkout.placeOrder(
        {
          site: "d2c",
          cartId,
          customerId: ivy.id,
          email: ivy.email,
          shippingAddress: address,
          shippingMethod: "standard",
          payment,
          idempotencyKey: `cards-${++key}-${Math.random()}`,
        },
        "10.7.7.7",
      );
    const declined = { kind: "card" as const, card: { number: "4000000000000002", expMonth: 12, expYear: 2099, cvc: "123" } };
    for (let i = 0; i < 10; i++) expect(await attempt(declined)).toMatchObject({ ok: false, code: "PAYMENT_DECLINED" });
    expect(await attempt(declined)).toMatchObject({ ok: false, code: "RATE_LIMITED", field: "payment.card.number" });
    // Even a good card: the limit is on trying cards, not on failing.
    expect(await attempt({ kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } })).toMatchObject({
      code: "RATE_LIMITED",
    });
    // A saved card is the customer's own: not counted, it still goes to the processor.
    expect(await attempt({ kind: "saved", paymentMethodId: saved.method.id })).toMatchObject({ ok: false, code: "PAYMENT_DECLINED" });
  });
});
