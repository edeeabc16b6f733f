import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { runRenewalPass } from "../jobs/autoship-runner";
import { subscriptionEventsOf } from "../testing/autoship";
import { operatorOf } from "../testing/console";
import { renewalOrdersOf } from "../testing/orders";
import { renewalSuite } from "../testing/renewal-suite";

// The cancellation flow's save offers end to end on the database: the offer recorded with the
// cancel it did not prevent, an accepted offer beside the change it made, the discount's private
// code on exactly one renewal, and the console's setting and report.

const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900", PUBLIC_URL: "https://shop.example" });
const t = renewalSuite(config);

const events = async (id: string) => (await subscriptionEventsOf(t.database.db, [id])).map((e) => ({ kind: e.kind, detail: e.detail }));
const view = async (customerId: string, id: string) => (await t.kit.services.autoship.get(customerId, id))!;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("save offers", () => {
  it("shows one offer per reason; a cancel records the offer it declined; an accepted offer is recorded beside its change", async () => {
    const sub = await t.kit.subscription({ nextOrderDate: future(10), frequencyWeeks: 4 });
    const offers = (await view(sub.customerId, sub.id)).saveOffers!;
    expect(offers).toMatchObject({
      too_much_food: { kind: "frequency", weeks: 5 },
      too_expensive: { kind: "discount", percent: 15 },
      order_when_needed: { kind: "skip_or_delay" },
      pet_passed_away: { kind: "none" },
    });

    // Too much food: the longer frequency taken from the offer's form counts as staying.
    const ctx = { customerId: sub.customerId, saveReason: "too_much_food" as const };
    expect(await t.kit.services.autoship.act(ctx, sub.id, { intent: "change_frequency", frequencyWeeks: 5 })).toMatchObject({ ok: true });
    // A change that is not the offer (another frequency) is no answer to it.
    expect(await t.kit.services.autoship.act(ctx, sub.id, { intent: "change_frequency", frequencyWeeks: 8 })).toMatchObject({ ok: true });
    expect((await events(sub.id)).filter((e) => e.kind === "save_offer_accepted")).toEqual([
      { kind: "save_offer_accepted", detail: { reason: "too_much_food", offer: { kind: "frequency", weeks: 5 } } },
    ]);

    const cancelled = await t.kit.services.autoship.act({ customerId: sub.customerId }, sub.id, { intent: "cancel", reason: "too_expensive" });
    expect(cancelled).toMatchObject({ ok: true, message: "The subscription was cancelled." });
    expect((await events(sub.id)).find((e) => e.kind === "cancelled")?.detail).toMatchObject({
      reason: "too_expensive",
      offer: { kind: "discount", percent: 15 },
    });
    expect((await view(sub.customerId, sub.id)).saveOffers).toBeNull();

    const { report } = await t.kit.services.consoleSubscriptions.saveOffers(30);
    expect(report).toEqual(
      expect.arrayContaining([
        { reason: "too_much_food", offer: "frequency", stayed: 1, left: 0 },
        { reason: "too_expensive", offer: "discount", stayed: 0, left: 1 },
      ]),
    );
  });

  it("a pet that died: no offer, a kind message", async () => {
    const sub = await t.kit.subscription({ nextOrderDate: future(10) });
    const r = await t.kit.services.autoship.act({ customerId: sub.customerId }, sub.id, { intent: "cancel", reason: "pet_passed_away" });
    expect(r).toMatchObject({ ok: true, message: expect.stringContaining("sorry for your loss") });
    expect((await events(sub.id)).find((e) => e.kind === "cancelled")?.detail).toMatchObject({ offer: { kind: "none" } });
  });

  it("the discount: accepted once, carried by exactly one renewal as a private code that is then retired, not offered again within the interval", async () => {
    await t.kit.setAvailable(t.kit.first.id, 50);
    const due = future(3);
    const sub = await t.kit.subscription({ nextOrderDate: due, frequencyWeeks: 4 });
    const other = await t.kit.customer();

    expect(await t.kit.services.acceptSaveDiscount(other.id, sub.id, new Date())).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const [a, b] = await Promise.all([
      t.kit.services.acceptSaveDiscount(sub.customerId, sub.id, new Date()),
      t.kit.services.acceptSaveDiscount(sub.customerId, sub.id, new Date()),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const row = await t.kit.reload(sub.id);
    expect(row.saveDiscountPercent).toBe(15);
    expect(row.saveDiscountCode).toMatch(/^STAY15-[A-Z2-9]{12}$/);
    const shown = await view(sub.customerId, sub.id);
    expect(shown.saveDiscountPercent).toBe(15);
    expect(shown.saveOffers?.too_expensive).toEqual({ kind: "none" });

    // The renewal carries the code: 15% off its Autoship subtotal.
    expect(await runRenewalPass(t.deps, { now: new Date(`${due}T12:00:00Z`) })).toMatchObject({ renewed: 1 });
    const [order] = await renewalOrdersOf(t.database.db, sub.id);
    expect(order.discountCodes).toEqual([row.saveDiscountCode]);
    expect(order.discountCents).toBe(Math.round(order.subtotalCents * 0.15));
    // Retired: no other cart can carry it.
    const again = await t.kit.services.cart.createCart("d2c", { email: sub.email }, [
      { merchandiseId: String(t.kit.first.id), quantity: 1, sellingPlanId: "autoship-4w" },
    ]);
    if (!again.ok) throw new Error(again.message);
    const tried = await t.kit.services.cart.updateDiscountCodes(again.cart.id, "d2c", [row.saveDiscountCode!]);
    expect(tried.ok && tried.cart.discountCodes).toEqual([
      expect.objectContaining({ code: row.saveDiscountCode, applicable: false, reason: "This code is not valid." }),
    ]);
    const after = await t.kit.reload(sub.id);
    expect(after).toMatchObject({ saveDiscountCode: null, saveDiscountPercent: null });

    // The next renewal is at the full Autoship price, and the discount is not offered again this year.
    expect(await runRenewalPass(t.deps, { now: new Date(`${after.nextOrderDate}T12:00:00Z`) })).toMatchObject({ renewed: 1 });
    const orders = await renewalOrdersOf(t.database.db, sub.id);
    expect(orders).toHaveLength(2);
    expect(orders.find((o) => o.id !== order.id)).toMatchObject({ discountCents: 0, discountCodes: [] });
    expect((await view(sub.customerId, sub.id)).saveOffers?.too_expensive).toEqual({ kind: "none" });
    expect(await t.kit.services.acceptSaveDiscount(sub.customerId, sub.id, new Date())).toMatchObject({ ok: false, code: "NOT_OFFERED" });
  });

  it("the console sets the discount (owner and manager), refuses bad input, audits, and 0 turns the offer off", async () => {
    const manager = await operatorOf(t.kit.services, "manager");
    const support = await operatorOf(t.kit.services, "support");
    expect(await t.kit.services.consoleSubscriptions.setSaveOffer(support, { percent: "20", intervalMonths: "12" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await t.kit.services.consoleSubscriptions.setSaveOffer(manager, { percent: "75", intervalMonths: "12" })).toMatchObject({
      ok: false,
      errors: { percent: expect.stringContaining("0") },
    });
    expect(await t.kit.services.consoleSubscriptions.setSaveOffer(manager, { percent: "10", intervalMonths: "6" })).toMatchObject({
      ok: false,
      errors: { intervalMonths: expect.stringContaining("12") },
    });
    expect(await t.kit.services.consoleSubscriptions.setSaveOffer(manager, { percent: "x", intervalMonths: "12" })).toMatchObject({ ok: false });

    expect(await t.kit.services.consoleSubscriptions.setSaveOffer(manager, { percent: "0", intervalMonths: "24" })).toMatchObject({ ok: true });
    const sub = await t.kit.subscription({ nextOrderDate: future(10) });
    expect((await view(sub.customerId, sub.id)).saveOffers?.too_expensive).toEqual({ kind: "none" });
    expect(await t.kit.services.acceptSaveDiscount(sub.customerId, sub.id, new Date())).toMatchObject({ ok: false, code: "NOT_OFFERED" });
    const [entry] = await t.kit.services.operators.auditEntries({ operatorEmail: manager.email });
    expect(entry).toMatchObject({ action: "subscription.save_offer_settings", outcome: "ok", after: { percent: 0, intervalMonths: 24 } });

    expect(await t.kit.services.consoleSubscriptions.setSaveOffer(manager, { percent: "15", intervalMonths: "12" })).toMatchObject({ ok: true });
    expect((await view(sub.customerId, sub.id)).saveOffers?.too_expensive).toEqual({ kind: "discount", percent: 15 });
  });
});
