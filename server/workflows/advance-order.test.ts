import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { warehouseForZip } from "../modules/catalog";
import { templates } from "../modules/mail";
import { createTestProcessor, type PaymentProvider } from "../modules/payments";
import { cartStatusOf } from "../testing/cart";
import { seededVariants, setProductType } from "../testing/catalog";
import { changeOrder, changeOrderLine, linesOf, ordersByEmail, refundsOf, storedOrder } from "../testing/orders";
import { chargesUnder, paymentOf } from "../testing/payments";
import { freeStock, stockOf } from "../testing/stock";
import { createServices } from "../wiring";
import { advanceOrder, type AdvanceOrderDeps } from "./advance-order";
import { refundOrderPart } from "./refund-order";
import { chargedCents } from "../../rules/checkout/refunds";
import { formatUsd } from "../../rules/shared/money";
import { placeOrder } from "./place-order";
import { EXCLUDED_PRODUCT_TYPE } from "../../rules/catalog/product-types";

// Advance order on PGlite and, with `npm run test:pg`, on a real PostgreSQL —
// where the concurrent calls really race for the order's row lock.

let database: Database;
let services: ReturnType<typeof createServices>;
let deps: AdvanceOrderDeps;
let variantId: number;
let donationVariantId: number;
let warehouse: string;
const ZIP = "80011";
const config = parseConfig({});

/** The built-in test processor, its refunds counted, refused or answered as told. */
function processor(refund: "succeeds" | "refuses" = "succeeds") {
  const base = createTestProcessor();
  const calls = { refunds: 0 };
  const provider: PaymentProvider = {
    ...base,
    async refund(ref, amountCents) {
      calls.refunds++;
      return refund === "succeeds" ? base.refund(ref, amountCents) : { ok: false, reason: "processing_error", message: "Refunds are paused." };
    },
  };
  return { provider, calls };
}
const counting = processor();

let n = 0;
/** A paid order for `quantity` of the test variant (plus donation lines), placed as a shopper would. */
async function paidOrder(quantity = 2, donation = 0, svc = services) {
  const email = `advance-${++n}@example.test`;
  const lines = [{ merchandiseId: String(variantId), quantity, sellingPlanId: null }];
  if (donation) lines.push({ merchandiseId: String(donationVariantId), quantity: donation, sellingPlanId: null });
  const cart = await svc.cart.createCart("d2c", {}, lines);
  if (!cart.ok) throw new Error(cart.message);
  const placed = await placeOrder(
    { db: database.db, services: svc, config },
    {
      site: "d2c",
      cartId: cart.cart.id,
      customerId: null,
      email,
      shippingAddress: {
        firstName: "Pat",
        lastName: "Doe",
        address1: "1 Main St",
        address2: "",
        city: "Aurora",
        provinceCode: "CO",
        zip: ZIP,
        countryCode: "US",
        phone: null,
      },
      shippingMethod: "standard",
      payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
      idempotencyKey: `advance-${n}-${Math.random()}`,
    },
  );
  if (!placed.ok) throw new Error(placed.code);
  return { ...placed.order, cartId: cart.cart.id };
}

const setStock = (vId: number, onHand: number) => freeStock(database.db, warehouse, vId, onHand);
async function stock(vId = variantId) {
  const row = await stockOf(database.db, warehouse, vId);
  return { onHand: row.onHand, reserved: row.reserved };
}
const orderRow = (id: string) => storedOrder(database.db, id);
async function paymentStatus(orderId: string) {
  const o = await orderRow(orderId);
  return (await paymentOf(database.db, o.paymentId!)).status;
}
const mailsTo = (email: string) => services.mail.latest({ to: email, limit: 20 });
/** Everything a step may change: status, tracking, stock, payment, mails. */
async function everything(order: { id: string; email: string }) {
  const o = await orderRow(order.id);
  return {
    status: o.status,
    trackingNumber: o.trackingNumber,
    updatedAt: o.updatedAt,
    stock: await stock(),
    payment: await paymentStatus(order.id),
    mails: (await mailsTo(order.email)).length,
  };
}

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config, undefined, counting.provider);
  deps = { db: database.db, services, config };
  const rows = await seededVariants(database.db);
  const d2c = rows.filter((r) => r.sites.includes("d2c"));
  variantId = d2c[0].id;
  // Another product stands in for a donation: no catalogue product has the stock-exempt type yet.
  const donation = d2c.find((r) => r.productId !== d2c[0].productId)!;
  donationVariantId = donation.id;
  await setProductType(database.db, donation.productId, EXCLUDED_PRODUCT_TYPE);
  warehouse = (await warehouseForZip(database.db, ZIP))!.code;
  await setStock(variantId, 500);
  // It has a stock row all the same: fulfilment must leave it alone, as checkout did.
  await setStock(donationVariantId, 7);
}, 60_000);
afterAll(() => database.close());

describe("advance order", () => {
  it("walks paid → fulfilled → shipped → delivered → refunded with the stock, tracking, mails and payment each step implies", async () => {
    const order = await paidOrder(2, 1);
    const placed = await stock();
    const donationBefore = await stock(donationVariantId);
    expect(order.status).toBe("paid");

    // Fulfilled: the goods leave the warehouse; the donation line held no stock and is not touched.
    const fulfilled = await advanceOrder(deps, { orderRef: order.number, to: "fulfilled" });
    expect(fulfilled).toMatchObject({ ok: true, from: "paid", order: { status: "fulfilled" } });
    expect(await stock()).toEqual({ onHand: placed.onHand - 2, reserved: placed.reserved - 2 });
    expect(await stock(donationVariantId)).toEqual(donationBefore);
    expect(await mailsTo(order.email)).toHaveLength(1); // the confirmation only

    // Shipped, by id this time, with a tracking number shown on the order and in a mail.
    const shipped = await advanceOrder(deps, { orderRef: order.id, to: "shipped", trackingNumber: " 1Z999AA10123456784 " });
    expect(shipped).toMatchObject({ ok: true, from: "fulfilled", order: { status: "shipped", trackingNumber: "1Z999AA10123456784" } });
    const [shippedMail] = await mailsTo(order.email);
    expect(shippedMail.template).toBe("orderShipped");
    expect(shippedMail.subject).toBe(`Your ${config.storeName} order ${order.number} has shipped`);
    expect(shippedMail.text).toContain("Tracking number: 1Z999AA10123456784");
    // What the order page reads: the order details show the tracking number.
    expect((await services.orders.getByIdUnchecked(order.id))?.trackingNumber).toBe("1Z999AA10123456784");

    const delivered = await advanceOrder(deps, { orderRef: order.number.toLowerCase(), to: "delivered" });
    expect(delivered).toMatchObject({ ok: true, from: "shipped", order: { status: "delivered", trackingNumber: "1Z999AA10123456784" } });
    expect(await mailsTo(order.email)).toHaveLength(2);

    // Refunded after delivery: the money goes back, the stock does not (returns are not handled).
    const refundsBefore = counting.calls.refunds;
    const refunded = await advanceOrder(deps, { orderRef: order.number, to: "refunded" });
    expect(refunded).toMatchObject({ ok: true, from: "delivered", order: { status: "refunded" } });
    expect(counting.calls.refunds).toBe(refundsBefore + 1);
    expect(await paymentStatus(order.id)).toBe("refunded");
    expect(await stock()).toEqual({ onHand: placed.onHand - 2, reserved: placed.reserved - 2 });
    const [refundMail] = await mailsTo(order.email);
    expect(refundMail.template).toBe("orderRefunded");
    expect(refundMail.text).toContain(`The $${order.totalPrice.amount} you paid is being returned`);
  });

  it("shipping without a tracking number mails without one", async () => {
    const order = await paidOrder(1);
    expect((await advanceOrder(deps, { orderRef: order.number, to: "fulfilled" })).ok).toBe(true);
    const shipped = await advanceOrder(deps, { orderRef: order.number, to: "shipped" });
    expect(shipped).toMatchObject({ ok: true, order: { trackingNumber: null } });
    const [mail] = await mailsTo(order.email);
    expect(mail.template).toBe("orderShipped");
    expect(mail.text).not.toContain("Tracking");
  });

  it("cancelling a paid order releases the reservation, refunds the payment and mails the customer", async () => {
    const before = await stock();
    const order = await paidOrder(3, 1);
    expect(await stock()).toEqual({ onHand: before.onHand, reserved: before.reserved + 3 });
    const donationBefore = await stock(donationVariantId);
    const r = await advanceOrder(deps, { orderRef: order.number, to: "cancelled" });
    expect(r).toMatchObject({ ok: true, from: "paid", order: { status: "cancelled" } });
    expect(await stock()).toEqual(before);
    expect(await stock(donationVariantId)).toEqual(donationBefore);
    expect(await paymentStatus(order.id)).toBe("refunded");
    const [mail] = await mailsTo(order.email);
    expect(mail.template).toBe("orderCancelled");
    expect(mail.text).toContain("is being returned to your card");
  });

  it("refunding a paid order (not yet fulfilled) releases the reservation too", async () => {
    const before = await stock();
    const order = await paidOrder(2);
    const r = await advanceOrder(deps, { orderRef: order.id, to: "refunded" });
    expect(r).toMatchObject({ ok: true, from: "paid", order: { status: "refunded" } });
    expect(await stock()).toEqual(before);
    expect(await paymentStatus(order.id)).toBe("refunded");
    expect((await mailsTo(order.email))[0].template).toBe("orderRefunded");
  });

  it("cancelling an order left placed (its payment never completed) releases the stock, refunds nothing and closes its cart", async () => {
    // A processor that fails after authorizing leaves the order placed: the same state as a crash mid-payment.
    const crashing: PaymentProvider = {
      ...createTestProcessor(),
      async capture() {
        throw new Error("processor unreachable");
      },
    };
    const crashServices = createServices(database.db, config, undefined, crashing);
    const before = await stock();
    await expect(paidOrder(2, 0, crashServices)).rejects.toThrow("processor unreachable");
    const [order] = await ordersByEmail(database.db, `advance-${n}@example.test`);
    expect(order.status).toBe("placed");
    expect(await stock()).toEqual({ onHand: before.onHand, reserved: before.reserved + 2 });
    const refundsBefore = counting.calls.refunds;

    const r = await advanceOrder(deps, { orderRef: order.number, to: "cancelled" });
    expect(r).toMatchObject({ ok: true, from: "placed", order: { status: "cancelled" } });
    expect(await stock()).toEqual(before);
    expect(counting.calls.refunds).toBe(refundsBefore);
    expect(await cartStatusOf(database.db, order.cartId)).toBe("checked_out");
    const [mail] = await mailsTo(order.email);
    expect(mail.template).toBe("orderCancelled");
    expect(mail.text).toContain("Your card was not charged.");

    // The shopper retrying that checkout (same key) is told it was cancelled, and nothing is charged.
    const retry = await placeOrder(
      { db: database.db, services, config },
      {
        site: "d2c",
        cartId: order.cartId,
        customerId: null,
        email: order.email,
        shippingAddress: order.shippingAddress,
        shippingMethod: "standard",
        payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
        idempotencyKey: order.idempotencyKey,
      },
    );
    expect(retry).toMatchObject({ ok: false, code: "ORDER_CANCELLED" });
    expect(await chargesUnder(database.db, [`order:${order.idempotencyKey}`])).toHaveLength(0);
  });

  it("refuses a step the lifecycle does not allow, and changes nothing", async () => {
    const order = await paidOrder(1);
    const before = await everything(order);
    for (const to of ["shipped", "delivered"] as const) {
      expect(await advanceOrder(deps, { orderRef: order.number, to })).toEqual({
        ok: false,
        code: "INVALID_TRANSITION",
        status: "paid",
        message: `An order that is paid cannot become ${to}.`,
      });
    }
    expect(await everything(order)).toEqual(before);

    // Once cancelled, nothing moves it again — not even a second cancel (no second refund).
    expect((await advanceOrder(deps, { orderRef: order.number, to: "cancelled" })).ok).toBe(true);
    const cancelled = await everything(order);
    const refunds = counting.calls.refunds;
    for (const to of ["fulfilled", "cancelled", "refunded"] as const)
      expect(await advanceOrder(deps, { orderRef: order.number, to })).toMatchObject({ ok: false, code: "INVALID_TRANSITION", status: "cancelled" });
    expect(await everything(order)).toEqual(cancelled);
    expect(counting.calls.refunds).toBe(refunds);
  });

  it("refuses an unknown order and a tracking number that does not go with the step", async () => {
    expect(await advanceOrder(deps, { orderRef: "KC-999999", to: "fulfilled" })).toMatchObject({ ok: false, code: "ORDER_NOT_FOUND" });
    expect(await advanceOrder(deps, { orderRef: "00000000-0000-4000-8000-000000000000", to: "fulfilled" })).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    const order = await paidOrder(1);
    await advanceOrder(deps, { orderRef: order.number, to: "fulfilled" });
    const before = await everything(order);
    expect(await advanceOrder(deps, { orderRef: order.number, to: "delivered", trackingNumber: "1Z999" })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await advanceOrder(deps, { orderRef: order.number, to: "shipped", trackingNumber: "1Z".repeat(40) })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect(await advanceOrder(deps, { orderRef: order.number, to: "shipped", trackingNumber: "1Z\n999" })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await everything(order)).toEqual(before);
  });

  it("two concurrent fulfils take the stock once; a cancel racing a refund refunds once", async () => {
    const order = await paidOrder(2);
    const before = await stock();
    const results = await Promise.all([
      advanceOrder(deps, { orderRef: order.number, to: "fulfilled" }),
      advanceOrder(deps, { orderRef: order.id, to: "fulfilled" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, code: "INVALID_TRANSITION", status: "fulfilled", message: "An order that is fulfilled cannot become fulfilled." },
    ]);
    expect(await stock()).toEqual({ onHand: before.onHand - 2, reserved: before.reserved - 2 });

    const other = await paidOrder(1);
    const refunds = counting.calls.refunds;
    const raced = await Promise.all([
      advanceOrder(deps, { orderRef: other.number, to: "cancelled" }),
      advanceOrder(deps, { orderRef: other.number, to: "refunded" }),
    ]);
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    expect(raced.find((r) => !r.ok)).toMatchObject({ code: "INVALID_TRANSITION" });
    expect(counting.calls.refunds).toBe(refunds + 1);
    expect(await paymentStatus(other.id)).toBe("refunded");
  });

  it("a refund the processor refuses leaves the order, its stock and its payment as they were", async () => {
    const refusing = processor("refuses");
    const refusingDeps = { db: database.db, services: createServices(database.db, config, undefined, refusing.provider), config };
    const paid = await paidOrder(2);
    const before = await everything(paid);
    for (const to of ["cancelled", "refunded"] as const) {
      expect(await advanceOrder(refusingDeps, { orderRef: paid.number, to })).toEqual({
        ok: false,
        code: "REFUND_FAILED",
        status: "paid",
        message: "The refund was refused: Refunds are paused.",
      });
    }
    expect(refusing.calls.refunds).toBe(2);
    expect(await everything(paid)).toEqual(before);

    // After shipping too: still shipped, tracking kept, payment captured, no mail.
    await advanceOrder(deps, { orderRef: paid.number, to: "fulfilled" });
    await advanceOrder(deps, { orderRef: paid.number, to: "shipped", trackingNumber: "1Z999" });
    const shipped = await everything(paid);
    expect(await advanceOrder(refusingDeps, { orderRef: paid.number, to: "refunded" })).toMatchObject({ ok: false, code: "REFUND_FAILED", status: "shipped" });
    expect(await everything(paid)).toEqual(shipped);
    expect(shipped).toMatchObject({ status: "shipped", trackingNumber: "1Z999", payment: "captured" });
  });

  it("an order that lost its payment record is not marked refunded", async () => {
    const order = await paidOrder(1);
    await changeOrder(database.db, order.id, { paymentId: null });
    const before = await orderRow(order.id);
    const stockBefore = await stock();
    expect(await advanceOrder(deps, { orderRef: order.number, to: "refunded" })).toEqual({
      ok: false,
      code: "REFUND_FAILED",
      status: "paid",
      message: "The refund was refused: This order has no payment to refund.",
    });
    expect(await orderRow(order.id)).toEqual(before);
    expect(await stock()).toEqual(stockBefore);
  });

  it("the shipped mail escapes what it shows in HTML", () => {
    const mail = templates.orderShipped({ storeName: "Kibble & Co", number: "KC-1", trackingNumber: "<b>1Z</b>" });
    expect(mail.html).toContain("Tracking number: &lt;b&gt;1Z&lt;/b&gt;");
    expect(mail.html).toContain("— Kibble &amp; Co");
    expect(mail.html).not.toContain("<b>1Z");
  });
});

describe("refund part of an order", () => {
  const part = (orderRef: string, lines: { lineId: string; quantity: number }[], more: Partial<Parameters<typeof refundOrderPart>[1]> = {}) =>
    refundOrderPart(deps, { orderRef, lines, otherCents: 0, restock: false, reason: "Returned by the customer", actor: "operator:ops@example.test", ...more });
  const lineOf = async (orderId: string) => (await linesOf(database.db, orderId))[0];
  const refundRows = (orderId: string) => refundsOf(database.db, orderId);
  const refundedOnPayment = async (orderId: string) => {
    const o = await orderRow(orderId);
    return (await paymentOf(database.db, o.paymentId!)).refundedCents;
  };

  it("before fulfilment: a unit's money back, its reservation released, fulfilment ships only the units kept; the customer is mailed", async () => {
    const order = await paidOrder(3);
    const line = await lineOf(order.id);
    const placed = await stock();
    const oneUnit = Math.floor(chargedCents(line) / 3);

    const r = await part(order.number, [{ lineId: line.id, quantity: 1 }]);
    expect(r).toMatchObject({ ok: true, refundedCents: oneUnit, whole: false, restocked: false, order: { status: "paid" } });
    expect(await stock()).toEqual({ onHand: placed.onHand, reserved: placed.reserved - 1 });
    expect(await refundedOnPayment(order.id)).toBe(oneUnit);
    expect(await paymentStatus(order.id)).toBe("captured");
    expect(await lineOf(order.id)).toMatchObject({ refundedQuantity: 1, refundedCents: oneUnit });
    expect(await refundRows(order.id)).toMatchObject([
      {
        amountCents: oneUnit,
        otherCents: 0,
        restocked: false,
        reason: "Returned by the customer",
        actor: "operator:ops@example.test",
        lines: [{ lineId: line.id, quantity: 1, amountCents: oneUnit }],
      },
    ]);
    const [mail] = await mailsTo(order.email);
    expect(mail).toMatchObject({
      template: "orderPartlyRefunded",
      subject: `A refund of ${formatUsd(oneUnit)} on your ${config.storeName} order ${order.number}`,
    });
    expect(mail.text).toContain(`Refunded: 1 × ${line.productTitle} — ${line.title}`);
    // What the customer's order page reads.
    const view = await services.orders.getByIdUnchecked(order.id);
    expect(view).toMatchObject({ totalRefunded: { amount: (oneUnit / 100).toFixed(2) }, lineItems: [{ refundedQuantity: 1 }] });

    expect(await advanceOrder(deps, { orderRef: order.number, to: "fulfilled" })).toMatchObject({ ok: true });
    expect(await stock()).toEqual({ onHand: placed.onHand - 2, reserved: placed.reserved - 3 });
  });

  it("after shipping: restocking is the operator's call; a full refund afterwards returns only what is left, and the refunds add up to the total", async () => {
    const order = await paidOrder(3);
    const line = await lineOf(order.id);
    await advanceOrder(deps, { orderRef: order.number, to: "fulfilled" });
    await advanceOrder(deps, { orderRef: order.number, to: "shipped" });
    const shipped = await stock();

    expect(await part(order.number, [{ lineId: line.id, quantity: 1 }], { restock: true })).toMatchObject({
      ok: true,
      restocked: true,
      order: { status: "shipped" },
    });
    expect(await stock()).toEqual({ onHand: shipped.onHand + 1, reserved: shipped.reserved });
    expect(await part(order.number, [{ lineId: line.id, quantity: 1 }], { reason: "Damaged in transit" })).toMatchObject({ ok: true, restocked: false });
    expect(await stock()).toEqual({ onHand: shipped.onHand + 1, reserved: shipped.reserved });

    const o = await orderRow(order.id);
    const left = o.totalCents - o.refundedCents;
    const whole = await advanceOrder(deps, { orderRef: order.number, to: "refunded", actor: "operator:boss@example.test" });
    expect(whole).toMatchObject({ ok: true, order: { status: "refunded" } });
    const [mail] = await mailsTo(order.email);
    expect(mail.template).toBe("orderRefunded");
    expect(mail.text).toContain(`The ${formatUsd(left)} you paid is being returned`);
    const rows = await refundRows(order.id);
    expect(rows.map((r) => r.reason)).toEqual(["Returned by the customer", "Damaged in transit", "Order refunded in full"]);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(o.totalCents);
    expect(rows[2]).toMatchObject({ actor: "operator:boss@example.test", otherCents: o.shippingCents, lines: [{ quantity: 1 }] });
    expect(await refundedOnPayment(order.id)).toBe(o.totalCents);
    expect(await paymentStatus(order.id)).toBe("refunded");
    expect(await lineOf(order.id)).toMatchObject({ refundedQuantity: 3, refundedCents: chargedCents(line) });
  });

  it("a partial refund that returns all that is left makes the order refunded; then nothing more can be refunded", async () => {
    const order = await paidOrder(2);
    const line = await lineOf(order.id);
    const o = await orderRow(order.id);
    const r = await part(order.number, [{ lineId: line.id, quantity: 2 }], { otherCents: o.shippingCents });
    expect(r).toMatchObject({ ok: true, whole: true, refundedCents: o.totalCents, order: { status: "refunded" } });
    expect(await paymentStatus(order.id)).toBe("refunded");
    expect(await part(order.number, [], { otherCents: 1 })).toMatchObject({ ok: false, code: "INVALID_TRANSITION", status: "refunded" });
  });

  it("refuses bad input, an order that cannot be refunded, and more money than is left, writing nothing", async () => {
    const order = await paidOrder(2);
    const line = await lineOf(order.id);
    const before = await everything(order);
    expect(await part(order.number, [{ lineId: line.id, quantity: 1 }], { reason: "  " })).toMatchObject({ ok: false, code: "INVALID_INPUT", field: "reason" });
    expect(await part(order.number, [{ lineId: line.id, quantity: 3 }])).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      field: "lines.0.quantity",
      message: `At most 2 of ${line.sku} can be refunded.`,
    });
    expect(await part(order.number, [], { otherCents: 10_000_000 })).toMatchObject({ ok: false, code: "INVALID_INPUT", field: "otherCents" });
    expect(await part("KC-1", [{ lineId: line.id, quantity: 1 }])).toMatchObject({ ok: false, code: "ORDER_NOT_FOUND" });
    expect(await everything(order)).toEqual(before);
    expect(await refundRows(order.id)).toEqual([]);
    await advanceOrder(deps, { orderRef: order.number, to: "cancelled" });
    expect(await part(order.number, [{ lineId: line.id, quantity: 1 }])).toMatchObject({ ok: false, code: "INVALID_TRANSITION", status: "cancelled" });
  });

  it("a refund the processor refuses changes nothing", async () => {
    const refusing = processor("refuses");
    const refusingDeps = { db: database.db, services: createServices(database.db, config, undefined, refusing.provider), config };
    const order = await paidOrder(2);
    const line = await lineOf(order.id);
    const before = await everything(order);
    const r = await refundOrderPart(refusingDeps, {
      orderRef: order.number,
      lines: [{ lineId: line.id, quantity: 1 }],
      otherCents: 0,
      restock: false,
      reason: "Goodwill",
      actor: "shell",
    });
    expect(r).toMatchObject({ ok: false, code: "REFUND_FAILED", status: "paid" });
    expect(await everything(order)).toEqual(before);
    expect(await lineOf(order.id)).toMatchObject({ refundedQuantity: 0, refundedCents: 0 });
    expect(await refundRows(order.id)).toEqual([]);
  });

  it("many refunds at once never return a unit or a cent twice", async () => {
    const order = await paidOrder(3);
    const line = await lineOf(order.id);
    const placed = await stock();
    const results = await Promise.all(Array.from({ length: 6 }, () => part(order.number, [{ lineId: line.id, quantity: 1 }])));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => r.code === "INVALID_INPUT")).toBe(true);
    expect(await lineOf(order.id)).toMatchObject({ refundedQuantity: 3, refundedCents: chargedCents(line) });
    expect(await refundedOnPayment(order.id)).toBe(chargedCents(line));
    expect(await stock()).toEqual({ onHand: placed.onHand, reserved: placed.reserved - 3 });
  });

  it("refunded units no longer count against a staff member's monthly pounds", async () => {
    const order = await paidOrder(4);
    const line = await lineOf(order.id);
    const member = "00000000-0000-4000-8000-0000000000aa";
    await changeOrder(database.db, order.id, { site: "hpsf", customerId: member });
    await changeOrderLine(database.db, line.id, { weightLb: 40 });
    const month = [new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000)] as const;
    expect(await services.orders.quotaUsedLb(member, ...month)).toBe(40);
    await part(order.number, [{ lineId: line.id, quantity: 1 }]);
    expect(await services.orders.quotaUsedLb(member, ...month)).toBe(30);
  });
});

describe("the console's order list", () => {
  it("sorts on the server by the column asked for, either way, a page at a time", async () => {
    for (const q of [1, 4, 2, 3, 1, 5, 2]) await paidOrder(q);
    const { sku } = (await seededVariants(database.db)).find((v) => v.id === variantId)!;
    const list = (key: "total" | "placed", dir: "asc" | "desc", page = 1) => services.orders.consoleList({ q: sku, sort: { key, dir }, page, pageSize: 5 });
    const totals = async (dir: "asc" | "desc") => [...(await list("total", dir)).rows, ...(await list("total", dir, 2)).rows].map((r) => r.totalCents);
    const up = await totals("asc");
    expect(up.length).toBeGreaterThan(5);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = await totals("desc");
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const oldest = (await list("placed", "asc")).rows.map((r) => r.createdAt.getTime());
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
  });
});
