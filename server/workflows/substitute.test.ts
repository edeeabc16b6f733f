import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoshipPriceCents } from "../../rules/autoship/offer-and-frequency";
import { SUBSTITUTE_ATTRIBUTE } from "../../rules/autoship/substitute";
import { MAX_AUTOSHIP_QUANTITY } from "../../rules/cart/quantity-input";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { renewalKit, type RenewalKit } from "../testing/renewals";
import { SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID } from "../modules/clinics";
import { servingWarehouse } from "../modules/catalog";
import { subscriptionEventsOf } from "../testing/autoship";
import { seededVariants } from "../testing/catalog";
import { linesOf, renewalOrdersOf } from "../testing/orders";
import { staffMember } from "../testing/staff";
import { setStock } from "../testing/stock";
import { renewSubscription } from "./renew-subscription";

// The chosen substitute on renewal day (PGlite, and PostgreSQL under `npm run test:pg`): shipped
// when the usual item is out of stock at the address's warehouse, instead of the hold; the order
// line says what it replaced and why; and it passes the same checks as any order — stock, the
// Autoship line cap, program prices and the staff member's monthly allowance.

const ALLOWANCE_LB = 90;
const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900", PUBLIC_URL: "https://shop.example", STAFF_QUOTA_LB: String(ALLOWANCE_LB) });
let database: Database;
let kit: RenewalKit;
const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);

const renew = (id: string) => renewSubscription({ db: database.db, services: kit.services, config }, id, { now: NOW, trigger: "schedule" });
const ordersOf = (id: string) => renewalOrdersOf(database.db, id);
const linesOfOrder = (orderId: string) => linesOf(database.db, orderId);
const eventsOf = async (id: string) => (await subscriptionEventsOf(database.db, [id])).map((e) => e.kind);

/** Sets a variant's stock in every warehouse. */
async function stockEverywhere(variantId: number, onHand: number) {
  for (const zip of ["62701", "80011", "78701"]) {
    const w = (await servingWarehouse(database.db, zip))!;
    await setStock(database.db, { warehouseCode: w.code, variantId, onHand, reserved: 0 });
  }
}

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  kit = await renewalKit(database, config);
}, 60_000);
afterAll(() => database.close());

describe("chosen substitute on the shop", () => {
  it("ships the substitute when the usual item is out of stock, and the order says what it replaced and why", async () => {
    await stockEverywhere(kit.first.id, 0);
    await stockEverywhere(kit.second.id, 50);
    const sub = await kit.subscription({ nextOrderDate: TODAY, quantity: 2, substituteVariantId: kit.second.id });
    const r = await renew(sub.id);
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true, code: "RENEWED" });
    const [order] = await ordersOf(sub.id);
    const [line] = await linesOfOrder(order.id);
    expect(line).toMatchObject({ variantId: kit.second.id, quantity: 2, unitPriceCents: autoshipPriceCents(kit.second.priceCents) });
    const note = line.attributes.find((a) => a.key === SUBSTITUTE_ATTRIBUTE)?.value;
    expect(note).toMatch(/out of stock at your warehouse on the renewal day$/);
    // The order view (My Orders, the confirmation page) shows it.
    const view = await kit.services.orders.getForCustomer(sub.customerId, order.id);
    expect(view!.lineItems[0].substitutedFor).toBe(note);
    const after = await kit.reload(sub.id);
    expect(after.hold).toBeNull();
    expect(after.nextOrderDate > TODAY).toBe(true);
    // The subscription keeps its usual item for the next time.
    expect(after.variantId).toBe(kit.first.id);
    expect(await eventsOf(sub.id)).toEqual(expect.arrayContaining(["renewed", "substituted"]));
  });

  it("holds as before when the substitute is out of stock too, and ships the usual item when it is in stock", async () => {
    await stockEverywhere(kit.first.id, 0);
    await stockEverywhere(kit.second.id, 0);
    const both = await kit.subscription({ nextOrderDate: TODAY, substituteVariantId: kit.second.id });
    expect(await renew(both.id)).toMatchObject({ ok: false, code: "OUT_OF_STOCK" });
    expect(await ordersOf(both.id)).toHaveLength(0);
    expect((await kit.reload(both.id)).hold).toBe("out_of_stock");

    await stockEverywhere(kit.first.id, 50);
    await stockEverywhere(kit.second.id, 50);
    const usual = await kit.subscription({ nextOrderDate: TODAY, substituteVariantId: kit.second.id });
    expect(await renew(usual.id)).toMatchObject({ ok: true });
    const [line] = await linesOfOrder((await ordersOf(usual.id))[0].id);
    expect(line.variantId).toBe(kit.first.id);
    expect(line.attributes.some((a) => a.key === SUBSTITUTE_ATTRIBUTE)).toBe(false);
  });

  it("keeps the Autoship line cap: a substitute line is never above it", async () => {
    await stockEverywhere(kit.first.id, 0);
    await stockEverywhere(kit.second.id, 50);
    const sub = await kit.subscription({ nextOrderDate: TODAY, quantity: MAX_AUTOSHIP_QUANTITY + 2, substituteVariantId: kit.second.id });
    expect(await renew(sub.id)).toMatchObject({ ok: true });
    const [line] = await linesOfOrder((await ordersOf(sub.id))[0].id);
    expect(line.variantId).toBe(kit.second.id);
    expect(line.quantity).toBe(MAX_AUTOSHIP_QUANTITY);
  });
});

describe("chosen substitute on the staff site", () => {
  let small: { id: number; productId: number };
  let bag: { id: number; productId: number; programPriceCents: number };

  beforeAll(async () => {
    const hpsf = (await seededVariants(database.db)).filter((v) => v.sites.includes("hpsf") && v.programPriceCents !== null && v.weightUnit === "lbs");
    const b = hpsf.find((v) => v.weight === 30)!;
    bag = { id: b.id, productId: b.productId, programPriceCents: b.programPriceCents! };
    const s = hpsf.find((v) => v.weight < 10 && v.id !== bag.id)!;
    small = { id: s.id, productId: s.productId };
    await stockEverywhere(small.id, 0);
    await stockEverywhere(bag.id, 500);
  });

  /** A registered member's Autoship of the small bag (out of stock) with the 30 lb bag as substitute, due today. */
  async function staffSubscription(quantity: number) {
    const m = await staffMember(kit.services, { clinic: SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID });
    const sub = await kit.subscription({
      site: "hpsf",
      customerId: m.customerId,
      email: m.email,
      productId: small.productId,
      variantId: small.id,
      quantity,
      nextOrderDate: TODAY,
      substituteVariantId: bag.id,
    });
    return { m, sub };
  }

  it("charges the substitute at the program price", async () => {
    const { sub } = await staffSubscription(1);
    const r = await renew(sub.id);
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    const [line] = await linesOfOrder((await ordersOf(sub.id))[0].id);
    expect(line).toMatchObject({ variantId: bag.id, unitPriceCents: bag.programPriceCents });
  });

  it("counts the substitute's pounds against the monthly allowance: over it, the renewal waits for next month", async () => {
    // 4 × 30 lb = 120 lb > 90 lb.
    const { sub } = await staffSubscription(4);
    expect(await renew(sub.id)).toMatchObject({ ok: false, reason: "QUOTA_EXCEEDED" });
    expect(await ordersOf(sub.id)).toHaveLength(0);
    expect((await kit.reload(sub.id)).hold).toBe("quota_reached");
  });
});
