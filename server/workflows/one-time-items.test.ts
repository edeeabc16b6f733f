import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { runRenewalPass } from "../jobs/autoship-runner";
import { linesOf, renewalOrdersOf } from "../testing/orders";
import { renewalSuite } from "../testing/renewal-suite";

// One-time items on the next Autoship delivery: added and removed by the owner within the
// delivery's limits, ordered with exactly one renewal however many passes race for it, and left for
// the next delivery when they cannot be had.

const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900", PUBLIC_URL: "https://shop.example" });
const t = renewalSuite(config);

const oneTime = () => t.kit.services.autoship.oneTime;
const itemsOf = async (customerId: string, id: string) => (await t.kit.services.autoship.get(customerId, id))!.oneTimeItems;

describe("one-time items on the next delivery", () => {
  it("joins the customer's next delivery, within the delivery's limits; removable; only the owner's", async () => {
    const later = await t.kit.subscription({ nextOrderDate: "2031-10-20", quantity: 2 });
    const next = await t.kit.subscription({ nextOrderDate: "2031-10-10", quantity: 2, customerId: later.customerId, email: later.email });
    // From a product page: no subscription named, the next delivery is meant.
    expect(await oneTime().add(later.customerId, { variantId: t.kit.second.id, quantity: 3 })).toEqual({ ok: true, subscriptionId: next.id });
    expect(await oneTime().add(later.customerId, { variantId: t.kit.second.id, quantity: 2, subscriptionId: next.id })).toMatchObject({ ok: true });
    expect(await itemsOf(later.customerId, next.id)).toMatchObject([{ variantId: t.kit.second.id, quantity: 5 }]);
    // 2 of the Autoship item + 5 + 4 would be 11 items in one delivery.
    expect(await oneTime().add(later.customerId, { variantId: t.kit.first.id, quantity: 4, subscriptionId: next.id })).toMatchObject({
      ok: false,
      code: "INVALID",
      field: "quantity",
      message: "A delivery holds at most 10 items; this one has 7 already.",
    });
    // Someone else's subscription is not found; nor is a customer without an active one.
    const stranger = await t.kit.customer();
    expect(await oneTime().add(stranger.id, { variantId: t.kit.second.id, quantity: 1, subscriptionId: next.id })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    expect(await oneTime().add(stranger.id, { variantId: t.kit.second.id, quantity: 1 })).toMatchObject({
      ok: false,
      message: "You have no active Autoship to add this to.",
    });
    const [item] = await itemsOf(later.customerId, next.id);
    expect(await oneTime().remove(stranger.id, item.id)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await oneTime().remove(later.customerId, item.id)).toMatchObject({ ok: true });
    expect(await itemsOf(later.customerId, next.id)).toEqual([]);
  });

  it("racing adds keep the limit: at most 10 items in the delivery", async () => {
    const sub = await t.kit.subscription({ nextOrderDate: "2031-10-10", quantity: 1 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => oneTime().add(sub.customerId, { variantId: t.kit.second.id, quantity: 3, subscriptionId: sub.id })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await itemsOf(sub.customerId, sub.id)).toMatchObject([{ quantity: 9 }]);
  });

  it("four racing renewal passes order it with exactly one renewal; the next renewal is without it", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    await t.kit.setAvailable(t.kit.second.id, 50);
    const sub = await t.kit.subscription({ nextOrderDate: "2031-11-03", frequencyWeeks: 2 });
    await oneTime().add(sub.customerId, { variantId: t.kit.second.id, quantity: 2, subscriptionId: sub.id });
    const now = new Date("2031-11-03T09:00:00Z");
    await Promise.all(Array.from({ length: 4 }, () => runRenewalPass(t.deps, { now })));
    const orders = await renewalOrdersOf(t.database.db, sub.id);
    expect(orders).toHaveLength(1);
    const lines = await linesOf(t.database.db, orders[0].id);
    expect(lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, plan: l.sellingPlanId !== null }))).toEqual(
      expect.arrayContaining([
        { variantId: t.kit.first.id, quantity: 1, plan: true },
        { variantId: t.kit.second.id, quantity: 2, plan: false },
      ]),
    );
    expect(await itemsOf(sub.customerId, sub.id)).toEqual([]);
    // Once ordered it cannot be removed; the next renewal has the Autoship item alone.
    await runRenewalPass(t.deps, { now: new Date("2031-11-17T09:00:00Z") });
    const second = (await renewalOrdersOf(t.database.db, sub.id)).find((o) => o.id !== orders[0].id)!;
    expect((await linesOf(t.database.db, second.id)).map((l) => l.variantId)).toEqual([t.kit.first.id]);
  });

  it("an item that cannot be had waits for the next delivery; the Autoship item ships", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    await t.kit.setAvailable(t.kit.second.id, 1);
    const sub = await t.kit.subscription({ nextOrderDate: "2031-12-01" });
    await oneTime().add(sub.customerId, { variantId: t.kit.second.id, quantity: 3, subscriptionId: sub.id });
    expect(await runRenewalPass(t.deps, { now: new Date("2031-12-01T09:00:00Z") })).toMatchObject({ renewed: 1 });
    const [order] = await renewalOrdersOf(t.database.db, sub.id);
    expect((await linesOf(t.database.db, order.id)).map((l) => l.variantId)).toEqual([t.kit.first.id]);
    expect(await itemsOf(sub.customerId, sub.id)).toMatchObject([{ variantId: t.kit.second.id, quantity: 3 }]);
  });
});
