import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { servingWarehouse } from "../modules/catalog";
import { CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID } from "../modules/clinics";
import { createServices } from "../wiring";
import { changeSubscriptions, storedSubscription, subscriptionsOf } from "../testing/autoship";
import { seededVariants } from "../testing/catalog";
import { linesOf, ordersOf, storedOrder } from "../testing/orders";
import { staffMember } from "../testing/staff";
import { setStock } from "../testing/stock";
import { advanceOrder } from "./advance-order";
import { placeOrder, type PlaceOrderInput } from "./place-order";
import { renewSubscription } from "./renew-subscription";

// The staff checkout on PGlite and, with `npm run test:pg`, on a real PostgreSQL (where the quota
// race below really races): who may buy, what the order carries (from the server's records only,
// whatever the cart or the client holds), clinic or home delivery, the attestation, and the monthly
// allowance across one-off orders and Autoship renewals.

let database: Database;
let services: ReturnType<typeof createServices>;
let deps: Parameters<typeof placeOrder>[0];
// A 30 lb bag sold on the staff site, and the allowance of this test's config: 90 lb a month.
let bag: { id: number; priceCents: number; programPriceCents: number };
const ALLOWANCE_LB = 90;
const config = parseConfig({ STAFF_QUOTA_LB: String(ALLOWANCE_LB), STAFF_QUOTA_GROUPS: "SF_FACULTY=200" });
const NOW = new Date();

const home = {
  firstName: "Sam",
  lastName: "Staff",
  address1: "12 Elm St",
  address2: "Apt 3",
  city: "Denver",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  phone: null,
};
const card = { kind: "card" as const, card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } };
let keyN = 0;

async function stockEverywhere(variantId: number) {
  for (const zip of ["62701", "80011", "78701"]) {
    const w = await servingWarehouse(database.db, zip);
    if (!w) throw new Error(`no warehouse for ${zip}`);
    await setStock(database.db, { warehouseCode: w.code, variantId, onHand: 10_000, reserved: 0 });
  }
}

async function staffCart(customerId: string, quantity: number, sellingPlanId: string | null = null) {
  const r = await services.cart.createCart("hpsf", {}, [{ merchandiseId: String(bag.id), quantity, sellingPlanId }]);
  if (!r.ok) throw new Error(r.message);
  await services.cart.claimCart(r.cart.id, "hpsf", customerId);
  return r.cart.id;
}

const order = (customerId: string, cartId: string, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  site: "hpsf",
  cartId,
  customerId,
  email: "staff@clinic.test",
  shippingAddress: home,
  shippingMethod: "standard",
  payment: card,
  idempotencyKey: `staff-key-${++keyN}`,
  isAttestationChecked: true,
  ...over,
});

const attr = (o: { attributes: { key: string; value: string }[] }, key: string) => o.attributes.filter((a) => a.key === key).map((a) => a.value);
const orderCount = async (customerId: string) => (await ordersOf(database.db, customerId)).length;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  deps = { db: database.db, services, config, clock: () => NOW };
  const row = (await seededVariants(database.db)).find(
    (v) => v.weight === 30 && v.weightUnit === "lbs" && v.sites.includes("hpsf") && v.programPriceCents !== null,
  )!;
  bag = { id: row.id, priceCents: row.priceCents, programPriceCents: row.programPriceCents! };
  await stockEverywhere(bag.id);
}, 60_000);
afterAll(() => database.close());

describe("staff checkout: what the order carries", () => {
  it("clinic delivery: ZK01, the member's sold-to, the clinic's ship-to and address, ship_to_work — each key once; program prices; attestation time; weight", async () => {
    const m = await staffMember(services, { role: "TECH", clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const clinic = (await services.clinics.current(m.customerId))!.clinic;
    const cartId = await staffCart(m.customerId, 1);
    // Crafted values on the cart (as an old client or a write below the API would leave them) are replaced.
    await services.cart.updateAttributes(cartId, "hpsf", [
      { key: "SHIP_TO", value: "EVIL-SHIP" },
      { key: "SOLD_TO", value: "EVIL-SOLD" },
      { key: "shipping_location", value: "ship_to_home" },
      { key: "is_attestation_checked", value: "false" },
      { key: "gift_note", value: "kept" },
    ]);
    const r = await placeOrder(deps, order(m.customerId, cartId, { shippingAddress: { ...home, address1: "999 Not The Clinic Rd" } }));
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    const o = r.order;
    expect(attr(o, "SALES_ORG")).toEqual(["USHD"]);
    expect(attr(o, "SALES_ORD_TYPE")).toEqual(["ZK01"]);
    expect(attr(o, "SOLD_TO")).toEqual([clinic.soldTo]);
    expect(attr(o, "SHIP_TO")).toEqual([clinic.shipTo]);
    expect(attr(o, "shipping_location")).toEqual(["ship_to_work"]);
    expect(attr(o, "is_clinic_address")).toEqual(["true"]);
    expect(attr(o, "ship_to_work_address")).toEqual(["true"]);
    expect(attr(o, "ship_to_home_address")).toEqual(["false"]);
    expect(attr(o, "is_attestation_checked")).toEqual(["true"]);
    expect(attr(o, "gift_note")).toEqual(["kept"]);
    expect(new Set(o.attributes.map((a) => a.key)).size).toBe(o.attributes.length);
    expect(o.shippingAddress).toMatchObject({ firstName: "Sam", address1: clinic.address.address1, city: clinic.address.city, zip: clinic.address.zip });
    expect(o.lineItems[0].unitPrice.amount).toBe((bag.programPriceCents / 100).toFixed(2));
    expect(o.programDiscount.amount).toBe(((bag.priceCents - bag.programPriceCents) / 100).toFixed(2));
    expect(o.attestedAt).not.toBeNull();
    const [line] = await linesOf(database.db, o.id);
    expect(line.weightLb).toBe(30);
    const mail = (await services.mail.latest({ to: "staff@clinic.test", limit: 20 })).find((x) => x.subject.includes(o.number))!;
    expect(mail.text).toContain(`Sold-to: ${clinic.soldTo} · Ship-to: ${clinic.shipTo}`);
    expect(mail.text).toContain("Delivery: to your clinic");
  });

  it("home delivery when chosen: ship_to_home, the home address, SHIP_TO the saved address's id (SPEC §5: one saved copy)", async () => {
    const m = await staffMember(services, { role: "DVM", clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    expect(await services.staff.choosePreferredAddress(m.customerId, "home")).toEqual({ ok: true });
    for (let i = 0; i < 2; i++) {
      const r = await services.checkout.placeOrder(order(m.customerId, await staffCart(m.customerId, 1)), null);
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      const saved = (await services.identity.customer(m.customerId))!.addresses;
      expect(saved).toHaveLength(1);
      expect(attr(r.order, "SHIP_TO")).toEqual([saved[0].id]);
      expect(attr(r.order, "shipping_location")).toEqual(["ship_to_home"]);
      expect(r.order.shippingAddress).toMatchObject({ address1: "12 Elm St", zip: "80011" });
    }
  });

  it("a home-delivery-only clinic means home, whatever the preference says; clinic cannot be chosen", async () => {
    const m = await staffMember(services, { role: "STAFF", clinic: CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID });
    expect(await services.staff.choosePreferredAddress(m.customerId, "clinic")).toMatchObject({ ok: false, field: "preferredAddress" });
    await services.identity.setMetafields(m.customerId, [{ namespace: "profeeding", key: "preferred_address", value: "clinic" }]);
    const standing = await services.staff.standing(m.customerId, NOW);
    expect(standing).toMatchObject({ ok: true, preferredAddress: "home", location: "ship_to_home" });
    const r = await services.checkout.placeOrder(order(m.customerId, await staffCart(m.customerId, 1)), null);
    expect(r.ok && attr(r.order, "shipping_location")).toEqual(["ship_to_home"]);
  });
});

describe("staff checkout: who may buy", () => {
  it("the attestation is required; nothing is written without it", async () => {
    const m = await staffMember(services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const cartId = await staffCart(m.customerId, 1);
    const r = await placeOrder(deps, order(m.customerId, cartId, { isAttestationChecked: false }));
    expect(r).toMatchObject({ ok: false, code: "ATTESTATION_REQUIRED", field: "isAttestationChecked" });
    expect(await orderCount(m.customerId)).toBe(0);
  });

  it("a guest and a member without an active membership are refused", async () => {
    const cartId = await staffCart((await staffMember(services, { registered: false })).customerId, 1);
    expect(await placeOrder(deps, order(null as unknown as string, cartId, { customerId: null }))).toMatchObject({ ok: false });
    const unregistered = await staffMember(services, { registered: false });
    expect(await placeOrder(deps, order(unregistered.customerId, await staffCart(unregistered.customerId, 1)))).toMatchObject({
      ok: false,
      code: "NOT_REGISTERED",
    });
    // Registered identity data but no membership in the directory (the clinic ended it): not registered.
    const stale = await staffMember(services, { registered: true });
    expect(await placeOrder(deps, order(stale.customerId, await staffCart(stale.customerId, 1)))).toMatchObject({ ok: false, code: "NOT_REGISTERED" });
  });

  it("a registered member outside the program's groups (a student) buys at shop prices, within the monthly allowance", async () => {
    const student = await staffMember(services, { role: "STUDENT", clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const standing = await services.staff.standing(student.customerId, NOW);
    expect(standing).toMatchObject({ ok: true, programPricing: false });
    const placed = await placeOrder(deps, order(student.customerId, await staffCart(student.customerId, 1)));
    expect(placed, JSON.stringify(placed)).toMatchObject({ ok: true });
    if (!placed.ok) return;
    const row = await storedOrder(database.db, placed.order.id);
    const [line] = await linesOf(database.db, placed.order.id);
    // Shop prices, no program discount; still a staff order (attested, its order type and sold-to).
    expect({ unit: line.unitPriceCents, subtotal: row.subtotalCents, programDiscount: row.programDiscountCents }).toEqual({
      unit: bag.priceCents,
      subtotal: bag.priceCents,
      programDiscount: 0,
    });
    expect(attr(placed.order, "SALES_ORD_TYPE")).toEqual(["ZK01"]);
    expect(row.attestedAt).not.toBeNull();
    // The allowance holds for them as for everyone: 30 lb bought, 90 lb more is over.
    const over = await placeOrder(deps, order(student.customerId, await staffCart(student.customerId, 3)));
    expect(over).toMatchObject({ ok: false, code: "QUOTA_EXCEEDED", field: "lineItems" });
    expect(await orderCount(student.customerId)).toBe(1);
  });

  it("a guest cart on the staff site: sign-in required", async () => {
    const r = await services.cart.createCart("hpsf", {}, [{ merchandiseId: String(bag.id), quantity: 1 }]);
    if (!r.ok) throw new Error(r.message);
    expect(await placeOrder(deps, order("", r.cart.id, { customerId: null }))).toMatchObject({ ok: false, code: "STAFF_SIGN_IN_REQUIRED" });
  });
});

describe("staff checkout: the monthly allowance", () => {
  it("orders add up within the month; one over is refused naming the pounds over; a cancelled order frees its pounds", async () => {
    const m = await staffMember(services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const first = await placeOrder(deps, order(m.customerId, await staffCart(m.customerId, 2)));
    expect(first.ok).toBe(true);
    expect((await services.staff.standing(m.customerId, NOW)) as { quota: unknown }).toMatchObject({ quota: { usedLb: 60, remainingLb: 30, reached: false } });
    const over = await placeOrder(deps, order(m.customerId, await staffCart(m.customerId, 2)));
    expect(over).toMatchObject({ ok: false, code: "QUOTA_EXCEEDED", field: "lineItems" });
    expect(!over.ok && over.message).toContain("30 lb over your monthly allowance");
    expect(await orderCount(m.customerId)).toBe(1);
    // Cancelled: its 60 lb no longer count.
    if (!first.ok) return;
    const cancelled = await advanceOrder({ db: database.db, services, config }, { orderRef: first.order.number, to: "cancelled" });
    expect(cancelled.ok, JSON.stringify(cancelled)).toBe(true);
    expect((await services.staff.standing(m.customerId, NOW)) as { quota: unknown }).toMatchObject({ quota: { usedLb: 0 } });
    expect((await placeOrder(deps, order(m.customerId, await staffCart(m.customerId, 3)))).ok).toBe(true);
  });

  it("the allowance follows the account group (STAFF_QUOTA_GROUPS)", async () => {
    const m = await staffMember(services, { role: "FACULTY", clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    expect(await services.staff.standing(m.customerId, NOW)).toMatchObject({ ok: true, quota: { allowanceLb: 200 } });
    expect((await placeOrder(deps, order(m.customerId, await staffCart(m.customerId, 6)))).ok).toBe(true);
  });

  it("8 checkouts of one member at once, 30 lb each, 90 lb allowed → exactly 3 orders", async () => {
    const m = await staffMember(services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const carts = await Promise.all(Array.from({ length: 8 }, () => staffCart(m.customerId, 1)));
    const results = await Promise.all(carts.map((id) => placeOrder(deps, order(m.customerId, id))));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "QUOTA_EXCEEDED")).toBe(true);
    expect((await services.staff.standing(m.customerId, NOW)) as { quota: unknown }).toMatchObject({ quota: { usedLb: 90, reached: true } });
  }, 60_000);

  it("an Autoship renewal counts against the month, and one that would pass it is held until the 1st with a mail", async () => {
    const m = await staffMember(services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const first = await services.checkout.placeOrder(order(m.customerId, await staffCart(m.customerId, 2, "autoship-4w"), { email: m.email }), null);
    expect(first.ok, JSON.stringify(first)).toBe(true);
    const [sub] = await subscriptionsOf(database.db, m.customerId);
    expect(sub.site).toBe("hpsf");
    // Due now: 60 lb used + 60 lb renewal > 90 lb.
    const today = NOW.toISOString().slice(0, 10);
    await changeSubscriptions(database.db, [sub.id], { nextOrderDate: today });
    const renewal = await renewSubscription({ db: database.db, services, config }, sub.id, { now: NOW, trigger: "schedule" });
    expect(renewal).toMatchObject({ ok: false, reason: "QUOTA_EXCEEDED" });
    const held = await storedSubscription(database.db, sub.id);
    expect(held.hold).toBe("quota_reached");
    const firstOfNext = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() + 1, 1));
    expect(held.retryAt?.toISOString()).toBe(firstOfNext.toISOString());
    const mails = await services.mail.latest({ to: m.email, limit: 20 });
    expect(mails.filter((x) => x.subject.includes("waits for next month's allowance"))).toHaveLength(1);
    // Run again the same day: still held, told once.
    await renewSubscription({ db: database.db, services, config }, sub.id, { now: NOW, trigger: "schedule" });
    expect((await services.mail.latest({ to: m.email, limit: 20 })).filter((x) => x.subject.includes("waits for next month's allowance"))).toHaveLength(1);
    // On the 1st, with the new month's allowance, it renews at program prices.
    const renewed = await renewSubscription({ db: database.db, services, config }, sub.id, { now: firstOfNext, trigger: "schedule" });
    expect(renewed, JSON.stringify(renewed)).toMatchObject({ ok: true });
  });

  it("a renewal whose member left the clinic is held and the member told", async () => {
    const m = await staffMember(services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const first = await services.checkout.placeOrder(order(m.customerId, await staffCart(m.customerId, 1, "autoship-4w"), { email: m.email }), null);
    expect(first.ok).toBe(true);
    const [sub] = await subscriptionsOf(database.db, m.customerId);
    await changeSubscriptions(database.db, [sub.id], { nextOrderDate: NOW.toISOString().slice(0, 10) });
    await services.membership.leave(m.customerId);
    const renewal = await renewSubscription({ db: database.db, services, config }, sub.id, { now: NOW, trigger: "schedule" });
    expect(renewal).toMatchObject({ ok: false, reason: "NOT_ELIGIBLE" });
    expect((await storedSubscription(database.db, sub.id)).hold).toBe("not_eligible");
    expect((await services.mail.latest({ to: m.email, limit: 20 })).some((x) => x.subject.includes("is on hold"))).toBe(true);
    expect(await orderCount(m.customerId)).toBe(1);
  });
});
