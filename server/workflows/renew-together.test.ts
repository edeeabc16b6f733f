import { describe, expect, it } from "vitest";
import { autoshipPriceCents } from "../../rules/autoship/offer-and-frequency";
import { SUBSTITUTE_ATTRIBUTE } from "../../rules/autoship/substitute";
import { checkoutTotals } from "../../rules/checkout/totals";
import { EXCLUDED_PRODUCT_TYPE } from "../../rules/catalog/product-types";
import { parseConfig } from "../config";
import { runRenewalPass } from "../jobs/autoship-runner";
import { createRenewalStore } from "../modules/autoship";
import { changeSubscriptions, renewalsOf, subscriptionEventsOf } from "../testing/autoship";
import { seededVariants, setVariantPrice } from "../testing/catalog";
import { linesOf, ordersOf, renewalOrdersOf } from "../testing/orders";
import { capturedRenewalChargeKeys } from "../testing/payments";
import { renewalSuite } from "../testing/renewal-suite";
import { address } from "../testing/renewals";
import { RENEWAL_LEASE_MS } from "./renew-subscription";

// One box per day (renew-together.ts): a customer's Autoships due the same day to the same address
// renew as one order — each line at its own Autoship price, one shipping charge — and a line that
// cannot be had leaves the box without holding the others. Racing worker processes:
// server/jobs/autoship-runner.pg.test.ts.

const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "100000", PUBLIC_URL: "https://shop.example" });
const t = renewalSuite(config);
const pass = (iso: string) => runRenewalPass(t.deps, { now: new Date(iso) });

/** Two Autoships of one customer with one card, of the two kit items; `over` changes the second. */
async function twoAutoships(nextOrderDate: string, over: Parameters<typeof t.kit.subscription>[0] | object = {}) {
  const who = await t.kit.customer();
  const card = await t.kit.card(who.id);
  const mine = { customerId: who.id, email: who.email, paymentMethodId: card };
  const a = await t.kit.subscription({ nextOrderDate, ...mine, variantId: t.kit.first.id, quantity: 2 });
  const b = await t.kit.subscription({ nextOrderDate, ...mine, variantId: t.kit.second.id, quantity: 1, ...over });
  return { who, a, b };
}

const orderIdsOf = async (customerId: string) => (await ordersOf(t.database.db, customerId)).filter((o) => o.status === "paid");

describe("one box per day", () => {
  it("two Autoships due the same day to the same address: one order with both lines, one shipping charge, both advanced", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    await t.kit.setAvailable(t.kit.second.id, 50);
    const { who, a, b } = await twoAutoships("2031-05-06");
    expect(await pass("2031-05-06T08:00:00Z")).toMatchObject({ renewed: 2, errors: 0 });

    const [order, ...more] = await orderIdsOf(who.id);
    expect(more).toHaveLength(0);
    expect(order.idempotencyKey).toBe(`renewal:${[a.id, b.id].sort()[0]}:2031-05-06`);
    const lines = await linesOf(t.database.db, order.id);
    expect(lines.map((l) => [l.variantId, l.quantity, l.unitPriceCents]).sort()).toEqual(
      [
        [t.kit.first.id, 2, autoshipPriceCents(t.kit.first.priceCents)],
        [t.kit.second.id, 1, autoshipPriceCents(t.kit.second.priceCents)],
      ].sort(),
    );
    const subtotalCents = 2 * autoshipPriceCents(t.kit.first.priceCents) + autoshipPriceCents(t.kit.second.priceCents);
    const one = checkoutTotals({
      subtotalCents,
      discountCents: 0,
      method: "standard",
      state: "CO",
      freeShippingThresholdCents: 100000,
      freeShippingQualifyingCents: subtotalCents,
    });
    expect(one.shippingCents).toBeGreaterThan(0);
    expect(order).toMatchObject({ subtotalCents, shippingCents: one.shippingCents, totalCents: one.totalCents });
    expect(await capturedRenewalChargeKeys(t.database.db, "2031-05-06")).toEqual([`order:${order.idempotencyKey}`]);

    // One cycle recorded per member, on the one order; each advanced and told its history.
    const recorded = await renewalsOf(t.database.db, [a.id, b.id]);
    expect(recorded.map((r) => [r.status, r.orderId, r.cycleDate])).toEqual([
      ["placed", order.id, "2031-05-06"],
      ["placed", order.id, "2031-05-06"],
    ]);
    for (const s of [a, b]) expect(await t.kit.reload(s.id)).toMatchObject({ nextOrderDate: "2031-06-03", renewalClaimedUntil: null });
    expect((await subscriptionEventsOf(t.database.db, [a.id, b.id])).filter((e) => e.kind === "renewed")).toHaveLength(2);

    // The console's count of combined deliveries; another pass the same day finds nothing to do.
    expect(await createRenewalStore(t.database.db).combinedDeliveries(new Date("2031-05-01T00:00:00Z"))).toBeGreaterThanOrEqual(1);
    expect(await createRenewalStore(t.database.db).combinedDeliveries(new Date("2031-05-07T00:00:00Z"))).toBe(0);
    expect(await pass("2031-05-06T12:00:00Z")).toMatchObject({ renewed: 0 });
  });

  it("another address or another day: two orders", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    await t.kit.setAvailable(t.kit.second.id, 50);
    const elsewhere = await twoAutoships("2031-07-01", { shippingAddress: address({ address1: "9 Elm St" }) });
    const later = await twoAutoships("2031-07-01", { nextOrderDate: "2031-07-02" });
    expect(await pass("2031-07-01T08:00:00Z")).toMatchObject({ renewed: 3 });
    expect(await pass("2031-07-02T08:00:00Z")).toMatchObject({ renewed: 1 });
    for (const { who, a, b } of [elsewhere, later]) {
      expect(await orderIdsOf(who.id)).toHaveLength(2);
      expect(await renewalOrdersOf(t.database.db, a.id)).toHaveLength(1);
      expect(await renewalOrdersOf(t.database.db, b.id)).toHaveLength(1);
    }
  });

  it("one line out of stock: the box ships without it and that Autoship is held as today", async () => {
    await t.kit.setAvailable(t.kit.first.id, 0);
    await t.kit.setAvailable(t.kit.second.id, 50);
    const { who, a, b } = await twoAutoships("2031-08-05");
    expect(await pass("2031-08-05T08:00:00Z")).toMatchObject({ renewed: 1, heldOutOfStock: 1, errors: 0 });
    const [order, ...more] = await orderIdsOf(who.id);
    expect(more).toHaveLength(0);
    expect((await linesOf(t.database.db, order.id)).map((l) => l.variantId)).toEqual([t.kit.second.id]);
    expect(await t.kit.reload(b.id)).toMatchObject({ nextOrderDate: "2031-09-02" });
    expect(await t.kit.reload(a.id)).toMatchObject({ nextOrderDate: "2031-08-05", hold: "out_of_stock" });
    expect((await t.kit.services.mail.latest({ to: who.email, limit: 10 })).map((m) => m.template)).toContain("autoship.heldOutOfStock");
  });

  it("a line's item out of stock: its chosen substitute takes its place in the same box", async () => {
    const third = (await seededVariants(t.database.db)).find(
      (v) =>
        v.sites.includes("d2c") &&
        v.productType !== EXCLUDED_PRODUCT_TYPE &&
        v.published &&
        ![t.kit.first.productId, t.kit.second.productId].includes(v.productId),
    )!;
    await t.kit.setAvailable(t.kit.first.id, 0);
    await t.kit.setAvailable(t.kit.second.id, 50);
    await t.kit.setAvailable(third.id, 50);
    const { who, a } = await twoAutoships("2031-10-07");
    await changeSubscriptions(t.database.db, [a.id], { substituteVariantId: third.id });
    expect(await pass("2031-10-07T08:00:00Z")).toMatchObject({ renewed: 2, errors: 0 });
    const [order, ...more] = await orderIdsOf(who.id);
    expect(more).toHaveLength(0);
    const lines = await linesOf(t.database.db, order.id);
    expect(lines.map((l) => l.variantId).sort()).toEqual([third.id, t.kit.second.id].sort());
    expect(lines.find((l) => l.variantId === third.id)!.attributes.map((x) => x.key)).toContain(SUBSTITUTE_ATTRIBUTE);
    expect((await subscriptionEventsOf(t.database.db, [a.id])).map((e) => e.kind)).toContain("substituted");
  });

  it("a line held by its price guard stays out of the box; the other ships", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    await t.kit.setAvailable(t.kit.second.id, 50);
    const { who, a, b } = await twoAutoships("2031-12-02");
    expect(await pass("2031-12-02T08:00:00Z")).toMatchObject({ renewed: 2 });
    await setVariantPrice(t.database.db, t.kit.first.id, Math.round(t.kit.first.priceCents * 1.5));
    try {
      expect(await pass("2031-12-30T08:00:00Z")).toMatchObject({ renewed: 1, errors: 0 });
    } finally {
      await setVariantPrice(t.database.db, t.kit.first.id, t.kit.first.priceCents);
    }
    expect(await orderIdsOf(who.id)).toHaveLength(2);
    // The first box held both; the second only the Autoship whose price did not rise.
    expect((await renewalsOf(t.database.db, [a.id])).map((r) => [r.cycleDate, r.status])).toEqual([["2031-12-02", "placed"]]);
    expect(await t.kit.reload(a.id)).toMatchObject({ nextOrderDate: "2031-12-30", hold: "price_rise" });
    expect(await t.kit.reload(b.id)).toMatchObject({ nextOrderDate: "2032-01-27", hold: null });
  });

  it("a crash after the box is paid: the next pass records it for both members, charged once", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    await t.kit.setAvailable(t.kit.second.id, 50);
    const { who, a, b } = await twoAutoships("2031-11-04");
    const crashing = {
      ...t.deps,
      afterOrderPaid: () => {
        throw new Error("crash");
      },
    };
    const now = Date.parse("2031-11-04T08:00:00Z");
    expect(await runRenewalPass(crashing, { now: new Date(now) })).toMatchObject({ renewed: 0, errors: 2 });
    expect(await renewalsOf(t.database.db, [a.id, b.id])).toEqual([]);
    expect(await runRenewalPass(t.deps, { now: new Date(now + RENEWAL_LEASE_MS + 60_000) })).toMatchObject({ renewed: 2, errors: 0 });
    expect(await orderIdsOf(who.id)).toHaveLength(1);
    expect(await capturedRenewalChargeKeys(t.database.db, "2031-11-04")).toHaveLength(1);
    expect((await renewalsOf(t.database.db, [a.id, b.id])).map((r) => r.status)).toEqual(["placed", "placed"]);
  });
});
