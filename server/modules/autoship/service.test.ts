import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import { placeOrder, type PlaceOrderInput } from "../../workflows/place-order";
import { warehouseForZip } from "../catalog";
import { RATE_LIMITS } from "../identity";
import { createTestProcessor, type PaymentProvider } from "../payments";
import { createPaymentsService } from "../payments";
import { autoshipConsents, subscriptionEvents, subscriptions } from "./schema";
import { AUTOSHIP_TERMS, AUTOSHIP_TERMS_VERSION } from "../../../rules/autoship/terms";
import { createAutoshipService, type AutoshipService } from "./service";
import { seededVariants } from "../../testing/catalog";
import { freeStock } from "../../testing/stock";

// Autoship subscriptions: created once per autoship line of a paid order, then changed
// only by their owner, each change locked, recorded as an event and confirmed by mail.

let database: Database;
let services: ReturnType<typeof createServices>;
let autoship: AutoshipService;
let deps: Parameters<typeof placeOrder>[0];
let warehouse: string;
/** A D2C product with at least two variants, and a variant of another product. */
let variantA: number;
let variantB: number;
let foreignVariant: number;
/** A variant of another recipe of variantA's line (same brand, line, species and kind of food), and one of another line. */
let sameLineRecipe: { id: number; productId: number };
let otherLineVariant: number;
let now = new Date("2026-03-01T15:00:00Z");
const clock = () => now;
const config = parseConfig({});

const addr = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US" as const,
  phone: null,
};
const card = (number = "4242424242424242") => ({ kind: "card" as const, card: { number, expMonth: 12, expYear: 2099, cvc: "123" } });
let n = 0;

async function customer(label: string) {
  const r = await services.identity.register(
    { firstName: label, lastName: "Doe", email: `${label}-${++n}@example.test`, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, email: `${label}-${n}@example.test` };
}

async function cartWith(lines: { variantId: number; quantity: number; plan: string | null }[], _customerId: string | null = null) {
  // An unowned cart: place-order accepts it for whoever checks it out (as after a guest add).
  const r = await services.cart.createCart(
    "d2c",
    {},
    lines.map((l) => ({ merchandiseId: String(l.variantId), quantity: l.quantity, sellingPlanId: l.plan })),
  );
  if (!r.ok) throw new Error(r.message);
  return r.cart.id;
}

const order = (cartId: string, who: { id: string; email: string } | null, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  site: "d2c",
  cartId,
  customerId: who?.id ?? null,
  email: who?.email ?? "guest@example.test",
  shippingAddress: addr,
  shippingMethod: "standard",
  payment: card(),
  idempotencyKey: `as-${++n}-${Math.random()}`,
  ...over,
});

async function subscribe(who: { id: string; email: string }, plan = "autoship-4w", vId = variantA, quantity = 2) {
  const r = await placeOrder(deps, order(await cartWith([{ variantId: vId, quantity, plan }], who.id), who));
  if (!r.ok) throw new Error(r.code);
  const [s] = await database.db.select().from(subscriptions).where(eq(subscriptions.originOrderId, r.order.id));
  return s;
}

/** The mails sent to an address, oldest first. */
const mailsTo = async (to: string) => (await services.mail.latest({ to, limit: 50 })).reverse();

const eventsOf = async (id: string) =>
  (await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id)).orderBy(subscriptionEvents.id)).map((e) => e.kind);

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  deps = { db: database.db, services, config, clock };
  autoship = createAutoshipService({
    db: database.db,
    config,
    catalog: services.catalog,
    pets: services.pets,
    identity: services.identity,
    payments: services.payments,
    mail: services.mail,
    rateLimit: services.rateLimit,
    clock,
  });
  warehouse = (await warehouseForZip(database.db, "80011"))!.code;
  // By product, each product's variants in the order they are listed (the seed numbers them so).
  const rows = (await seededVariants(database.db)).sort((a, b) => a.productId - b.productId);
  const d2c = rows.filter((r) => r.sites.includes("d2c"));
  const multi = d2c.find((r) => d2c.filter((x) => x.productId === r.productId).length >= 2)!;
  [variantA, variantB] = d2c.filter((x) => x.productId === multi.productId).map((x) => x.id);
  foreignVariant = d2c.find((x) => x.productId !== multi.productId)!.id;
  const family = await services.catalog.productFamilies([multi.productId]);
  const line = new Set(family.filter((p) => p.family === family.find((f) => f.id === multi.productId)!.family).map((p) => p.id));
  sameLineRecipe = d2c.find((x) => line.has(x.productId) && x.productId !== multi.productId && x.published)!;
  otherLineVariant = d2c.find((x) => !line.has(x.productId))!.id;
  for (const v of [variantA, variantB, foreignVariant]) await freeStock(database.db, warehouse, v, 500);
}, 60_000);
afterAll(() => database.close());

describe("creation at checkout", () => {
  it("one subscription per autoship line: dates from the clock, the order's address, a saved card, a created event, the proof of consent", async () => {
    const pat = await customer("pat");
    const cartId = await cartWith(
      [
        { variantId: variantA, quantity: 2, plan: "autoship-4w" },
        { variantId: foreignVariant, quantity: 1, plan: "autoship-2w" },
        { variantId: variantB, quantity: 1, plan: null },
      ],
      pat.id,
    );
    const req = order(cartId, pat);
    const [a, b] = await Promise.all([placeOrder(deps, req), placeOrder(deps, req)]);
    const c = await placeOrder(deps, req);
    expect(a.ok && b.ok && c.ok).toBe(true);
    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.customerId, pat.id)).orderBy(subscriptions.frequencyWeeks);
    expect(rows).toHaveLength(2);
    const [twoWeeks, fourWeeks] = rows;
    expect(fourWeeks).toMatchObject({
      variantId: variantA,
      quantity: 2,
      frequencyWeeks: 4,
      status: "active",
      startDate: "2026-03-01",
      nextOrderDate: "2026-03-29",
      email: pat.email,
      site: "d2c",
    });
    expect(twoWeeks).toMatchObject({ variantId: foreignVariant, quantity: 1, frequencyWeeks: 2, nextOrderDate: "2026-03-15" });
    expect(fourWeeks.shippingAddress).toMatchObject({ address1: "1 Main St", zip: "80011" });
    expect(fourWeeks.contractId).toMatch(/^AS-\d{6,}$/);
    // The card was saved once and both subscriptions (and the charge) use it.
    const methods = await services.payments.listMethods(pat.id);
    expect(methods).toHaveLength(1);
    expect(fourWeeks.paymentMethodId).toBe(methods[0].id);
    expect(twoWeeks.paymentMethodId).toBe(methods[0].id);
    expect(await eventsOf(fourWeeks.id)).toEqual(["created"]);
    // The terms as the checkbox showed them, the order that accepted them, reminded a year later.
    const [consent] = await database.db.select().from(autoshipConsents).where(eq(autoshipConsents.subscriptionId, fourWeeks.id));
    const paid = a.ok ? a.order : null;
    expect(consent).toMatchObject({
      orderNumber: paid?.number,
      email: pat.email,
      termsVersion: AUTOSHIP_TERMS_VERSION,
      termsText: AUTOSHIP_TERMS,
      frequencyWeeks: 4,
      acceptedAt: new Date("2026-03-01T15:00:00Z"),
      nextReminderAt: new Date("2027-03-01T15:00:00Z"),
    });
    expect(consent.unitPriceCents).toBeGreaterThan(0);
  });

  it("a saved method pays and is kept on the subscription; a declined card leaves no card and no subscription", async () => {
    const sam = await customer("sam");
    const saved = await services.payments.saveCard(sam.id, card().card);
    if (!saved.ok) throw new Error("save failed");
    const s = await (async () => {
      const r = await placeOrder(
        deps,
        order(await cartWith([{ variantId: variantA, quantity: 1, plan: "autoship-1w" }], sam.id), sam, {
          payment: { kind: "saved", paymentMethodId: saved.method.id },
        }),
      );
      if (!r.ok) throw new Error(r.code);
      return (await database.db.select().from(subscriptions).where(eq(subscriptions.originOrderId, r.order.id)))[0];
    })();
    expect(s.paymentMethodId).toBe(saved.method.id);
    expect(await services.payments.listMethods(sam.id)).toHaveLength(1);

    const declined = await placeOrder(
      deps,
      order(await cartWith([{ variantId: variantA, quantity: 1, plan: "autoship-1w" }], sam.id), sam, { payment: card("4000000000000002") }),
    );
    expect(declined).toMatchObject({ ok: false, code: "PAYMENT_DECLINED" });
    expect(await services.payments.listMethods(sam.id)).toHaveLength(1);
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.customerId, sam.id))).toHaveLength(1);

    const invalid = await placeOrder(
      deps,
      order(await cartWith([{ variantId: variantA, quantity: 1, plan: "autoship-1w" }], sam.id), sam, { payment: card("4242424242424241") }),
    );
    expect(invalid).toMatchObject({ ok: false, code: "PAYMENT_DECLINED", field: "payment.card.number" });
  });

  it("a guest cannot check out an autoship line; a renewal order creates no subscription", async () => {
    const guest = await placeOrder(deps, order(await cartWith([{ variantId: variantA, quantity: 1, plan: "autoship-4w" }]), null));
    expect(guest).toMatchObject({ ok: false, code: "AUTOSHIP_REQUIRES_ACCOUNT", field: "customerId" });
    const guestPlain = await placeOrder(deps, order(await cartWith([{ variantId: variantA, quantity: 1, plan: null }]), null));
    expect(guestPlain.ok).toBe(true);

    const rae = await customer("rae");
    const first = await subscribe(rae);
    const saved = (await services.payments.listMethods(rae.id))[0];
    const renewal = await placeOrder(
      deps,
      order(await cartWith([{ variantId: variantA, quantity: 2, plan: "autoship-4w" }], rae.id), rae, {
        renewalOfSubscriptionId: first.id,
        payment: { kind: "saved", paymentMethodId: saved.id },
      }),
    );
    expect(renewal.ok).toBe(true);
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.customerId, rae.id))).toHaveLength(1);
  });
});

describe("My Subscriptions", () => {
  it("lists the customer's own with product, price after 5%, payment method and history; someone else's is not found", async () => {
    const ana = await customer("ana");
    const bo = await customer("bo");
    const s = await subscribe(ana, "autoship-3w", variantA, 3);
    const list = await autoship.list(ana.id);
    expect(list).toHaveLength(1);
    const [v] = list;
    expect(v).toMatchObject({ id: s.id, quantity: 3, frequencyWeeks: 3, frequencyLabel: "Every 3 weeks", status: "active", nextOrderDate: "2026-03-22" });
    expect(v.autoshipUnitPriceCents).toBe(Math.round(v.unitPriceCents * 0.95));
    expect(v.totalCents).toBe(v.autoshipUnitPriceCents * 3);
    expect(v.paymentMethod).toMatchObject({ brand: "visa", last4: "4242" });
    expect(v.image.url).toMatch(/^\/_img\/packshots\/.+\.webp\?w=320$/);
    expect(v.variantChoices.map((c) => c.id)).toEqual(expect.arrayContaining([variantA, variantB]));
    expect(v.history.map((h) => h.kind)).toEqual(["created"]);

    expect(await autoship.list(bo.id)).toEqual([]);
    expect(await autoship.get(bo.id, s.id)).toBeNull();
    expect(await autoship.get(ana.id, "not-a-uuid")).toBeNull();
    const theft = await autoship.act({ customerId: bo.id }, s.id, { intent: "pause" });
    expect(theft).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((await autoship.get(ana.id, s.id))!.status).toBe("active");
    expect(await autoship.summary(ana.id)).toEqual({ active: 1, total: 1, nextOrderDate: "2026-03-22" });
    expect(autoship.dateBounds()).toEqual({ min: "2026-03-02", max: "2026-05-30" });
  });

  it("each change takes effect, is recorded as an event and confirmed by mail", async () => {
    const kim = await customer("kim");
    const s = await subscribe(kim, "autoship-4w", variantA, 1);
    const mailsBefore = (await mailsTo(kim.email)).length;
    const act = (input: Parameters<AutoshipService["act"]>[2]) => autoship.act({ customerId: kim.id, origin: "http://shop.test" }, s.id, input);

    expect(await act({ intent: "change_frequency", frequencyWeeks: 6 })).toMatchObject({ ok: true, subscription: { frequencyWeeks: 6 } });
    expect(await act({ intent: "change_quantity", quantity: 5 })).toMatchObject({ ok: true, subscription: { quantity: 5 } });
    expect(await act({ intent: "change_quantity", quantity: 6 })).toMatchObject({ ok: false, field: "quantity" });
    expect(await act({ intent: "skip" })).toMatchObject({ ok: true, subscription: { nextOrderDate: "2026-05-10" } });
    expect(await act({ intent: "change_date", nextOrderDate: "2026-03-01" })).toMatchObject({ ok: false, code: "INVALID", field: "nextOrderDate" });
    expect(await act({ intent: "change_date", nextOrderDate: "2026-05-31" })).toMatchObject({ ok: false, field: "nextOrderDate" });
    expect(await act({ intent: "change_date", nextOrderDate: "2026-03-10" })).toMatchObject({ ok: true, subscription: { nextOrderDate: "2026-03-10" } });
    expect(await act({ intent: "swap_variant", variantId: otherLineVariant })).toMatchObject({ ok: false, field: "variantId" });
    // Another recipe of the line ("switching food" in the cancellation flow) is offered, and taken with its product.
    expect((await autoship.get(kim.id, s.id))!.otherRecipes.map((r) => r.id)).toContain(sameLineRecipe.id);
    expect(await act({ intent: "swap_variant", variantId: sameLineRecipe.id })).toMatchObject({
      ok: true,
      subscription: { variantId: sameLineRecipe.id, productId: sameLineRecipe.productId },
    });
    expect(await act({ intent: "swap_variant", variantId: variantB })).toMatchObject({ ok: true, subscription: { variantId: variantB } });

    expect(await act({ intent: "pause" })).toMatchObject({ ok: true, subscription: { status: "paused" } });
    expect(await act({ intent: "skip" })).toMatchObject({ ok: false, code: "NOT_ALLOWED", field: "intent" });
    now = new Date("2026-04-01T09:00:00Z");
    // Paused past its date: resuming plans the next order for tomorrow.
    expect(await act({ intent: "resume" })).toMatchObject({ ok: true, subscription: { status: "active", nextOrderDate: "2026-04-02" } });
    expect(await act({ intent: "cancel", reason: "too_much_food" })).toMatchObject({
      ok: true,
      subscription: { status: "cancelled", cancelReason: "too_much_food", cancelReasonLabel: "I have too much food" },
    });
    expect(await act({ intent: "change_quantity", quantity: 2 })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(await act({ intent: "reactivate", nextOrderDate: "2026-04-01" })).toMatchObject({ ok: false, field: "nextOrderDate" });
    expect(await act({ intent: "reactivate", nextOrderDate: "2026-04-15" })).toMatchObject({
      ok: true,
      subscription: { status: "active", cancelReason: null, nextOrderDate: "2026-04-15" },
    });
    now = new Date("2026-03-01T15:00:00Z");

    expect(await eventsOf(s.id)).toEqual([
      "created",
      "frequency_changed",
      "quantity_changed",
      "skipped",
      "date_changed",
      "variant_swapped",
      "variant_swapped",
      "paused",
      "resumed",
      "cancelled",
      "reactivated",
    ]);
    const [cancelEvent] = await database.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, s.id), eq(subscriptionEvents.kind, "cancelled")));
    expect(cancelEvent.detail).toMatchObject({ reason: "too_much_food" });
    const mails = await mailsTo(kim.email);
    const confirmations = mails.slice(mailsBefore);
    expect(confirmations).toHaveLength(10);
    expect(confirmations.every((m) => m.template === "autoship.change" && m.subject.startsWith(`Your Autoship ${s.contractId}:`))).toBe(true);
    expect(confirmations[2].subject).toContain("The next order was skipped");
    expect(confirmations[0].text).toContain("http://shop.test/account/autoships");
  });

  it("address: one of the customer's own or a new served one; payment: own saved method or a new card", async () => {
    const lee = await customer("lee");
    const other = await customer("other");
    const s = await subscribe(lee);
    const act = (input: Parameters<AutoshipService["act"]>[2]) => autoship.act({ customerId: lee.id }, s.id, input);
    const own = (await services.identity.createAddress(lee.id, { ...addr, address1: "9 Elm St", phone: null }))!;
    const theirs = (await services.identity.createAddress(other.id, { ...addr, address1: "5 Oak St", phone: null }))!;

    expect(await act({ intent: "change_address", addressId: theirs })).toMatchObject({ ok: false, field: "addressId" });
    expect(await act({ intent: "change_address", addressId: own })).toMatchObject({ ok: true, subscription: { shippingAddress: { address1: "9 Elm St" } } });
    expect(await act({ intent: "change_address", address: { ...addr, address1: "2 Far Rd", zip: "00001" } })).toMatchObject({ ok: false, field: "zip" });
    expect(await act({ intent: "change_address", address: { ...addr, address1: "2 Near Rd" } })).toMatchObject({
      ok: true,
      subscription: { shippingAddress: { address1: "2 Near Rd" } },
    });

    const othersCard = await services.payments.saveCard(other.id, card().card);
    if (!othersCard.ok) throw new Error("save failed");
    expect(await act({ intent: "change_payment", paymentMethodId: othersCard.method.id })).toMatchObject({ ok: false, field: "paymentMethodId" });
    expect(await act({ intent: "change_payment", card: { number: "4242424242424241", expMonth: 12, expYear: 2099, cvc: "123" } })).toMatchObject({
      ok: false,
      field: "cardNumber",
    });
    const changed = await act({ intent: "change_payment", card: { number: "5555555555554444", expMonth: 12, expYear: 2099, cvc: "123" } });
    expect(changed).toMatchObject({ ok: true, subscription: { paymentMethod: { brand: "mastercard", last4: "4444" } } });
    const methods = await services.payments.listMethods(lee.id);
    expect(methods).toHaveLength(2);
    const first = methods.find((m) => m.last4 === "4242")!;
    // A renewal held for a declined card is retried afresh with the new card.
    await database.db.update(subscriptions).set({ hold: "payment_failed", failedAttempts: 2, retryAt: new Date() }).where(eq(subscriptions.id, s.id));
    expect(await act({ intent: "change_payment", paymentMethodId: first.id })).toMatchObject({
      ok: true,
      subscription: { hold: null, paymentMethod: { last4: "4242" } },
    });
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, s.id));
    expect(row).toMatchObject({ hold: null, failedAttempts: 0, retryAt: null });
  });

  it("concurrent skips are serialised by the row lock: two skips move the date two frequencies", async () => {
    const joe = await customer("joe");
    const s = await subscribe(joe, "autoship-2w");
    const [a, b] = await Promise.all([
      autoship.act({ customerId: joe.id }, s.id, { intent: "skip" }),
      autoship.act({ customerId: joe.id }, s.id, { intent: "skip" }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect((await autoship.get(joe.id, s.id))!.nextOrderDate).toBe("2026-04-12");
  });

  it("no change while the renewal engine holds the subscription's lease (its order is being placed)", async () => {
    const kim = await customer("kim");
    const s = await subscribe(kim, "autoship-2w");
    await database.db
      .update(subscriptions)
      .set({ renewalClaimedUntil: new Date(now.getTime() + 60_000) })
      .where(eq(subscriptions.id, s.id));
    expect(await autoship.act({ customerId: kim.id }, s.id, { intent: "skip" })).toMatchObject({ ok: false, field: "intent" });
    await database.db
      .update(subscriptions)
      .set({ renewalClaimedUntil: new Date(now.getTime() - 1) })
      .where(eq(subscriptions.id, s.id));
    expect(await autoship.act({ customerId: kim.id }, s.id, { intent: "skip" })).toMatchObject({ ok: true });
  });
});

describe("ship now", () => {
  it("places the renewal order at once through the renewal workflow; refused when paused; someone else's is not found", async () => {
    const ida = await customer("ida");
    const eve = await customer("eve");
    const s = await subscribe(ida, "autoship-4w", variantA, 1);
    expect(await services.autoship.act({ customerId: eve.id }, s.id, { intent: "ship_now" })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const shipped = await services.autoship.act({ customerId: ida.id }, s.id, { intent: "ship_now" });
    expect(shipped).toMatchObject({ ok: true, message: expect.stringMatching(/^Order KC-\d+ was placed/), orderNumber: expect.stringMatching(/^KC-\d+$/) });
    const orders = await services.orders.listForCustomer(ida.id, { quantity: 10 });
    expect(orders!.nodes).toHaveLength(2);
    expect(await eventsOf(s.id)).toContain("renewed");
    // Still one subscription: a renewal order starts none.
    expect(await services.autoship.list(ida.id)).toHaveLength(1);
    await services.autoship.act({ customerId: ida.id }, s.id, { intent: "pause" });
    expect(await services.autoship.act({ customerId: ida.id }, s.id, { intent: "ship_now" })).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
  });
});

describe("card-testing limit on a subscription's new card", () => {
  /** The test processor, counting the cards it is asked to tokenize. */
  function countingProcessor() {
    const inner = createTestProcessor();
    const counter = { tokenized: 0 };
    const provider: PaymentProvider = { ...inner, name: inner.name, tokenize: (c) => (counter.tokenized++, inner.tokenize(c)) };
    return { provider, counter };
  }
  const newCard = (i: number) => ({
    intent: "change_payment" as const,
    card: { number: "4242424242424242", expMonth: 1 + (i % 12), expYear: 2099, cvc: "123" },
  });

  function limitedAutoship() {
    const { provider, counter } = countingProcessor();
    const service = createAutoshipService({
      db: database.db,
      config,
      catalog: services.catalog,
      pets: services.pets,
      identity: services.identity,
      payments: createPaymentsService(database.db, provider),
      mail: services.mail,
      rateLimit: services.rateLimit,
      clock,
    });
    return { service, counter };
  }

  it("the checkout's limits apply: 10 new cards per customer and 30 per client IP an hour", () => {
    expect(RATE_LIMITS.card_payment).toEqual({ windowMs: 3_600_000, perKey: 10, perIp: 30 });
  });

  it("the 11th new card of a customer is refused and not tokenized; saved cards and other customers go on", async () => {
    const { service, counter } = limitedAutoship();
    const uma = await customer("uma");
    const s = await subscribe(uma);
    const act = (input: Parameters<AutoshipService["act"]>[2], ip = "198.51.100.11") => service.act({ customerId: uma.id, clientIp: ip }, s.id, input);
    for (let i = 0; i < 10; i++)
      expect(await act(newCard(i))).toMatchObject({ ok: true, subscription: { paymentMethod: { last4: "4242", expMonth: 1 + (i % 12) } } });
    expect(counter.tokenized).toBe(10);
    const methodsBefore = await services.payments.listMethods(uma.id);
    expect(methodsBefore).toHaveLength(11);

    const refused = await act(newCard(10));
    expect(refused).toEqual({ ok: false, code: "RATE_LIMITED", field: "cardNumber", message: expect.stringMatching(/^Too many attempts/) });
    // Another IP does not help: the customer's own count is full.
    expect(await act(newCard(11), "198.51.100.12")).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect(counter.tokenized).toBe(10);
    expect(await services.payments.listMethods(uma.id)).toHaveLength(11);
    // Still the 10th new card (expiry month 10).
    expect((await autoship.get(uma.id, s.id))!.paymentMethod).toMatchObject({ last4: "4242", expMonth: 10 });
    expect(await eventsOf(s.id)).toEqual(["created", ...Array<string>(10).fill("payment_method_changed")]);

    // A saved card is no new card: not counted, still allowed.
    expect(await act({ intent: "change_payment", paymentMethodId: methodsBefore[5].id })).toMatchObject({
      ok: true,
      subscription: { paymentMethod: { id: methodsBefore[5].id } },
    });
    // Another customer from another IP is not affected.
    const vic = await customer("vic");
    const other = await subscribe(vic);
    expect(await service.act({ customerId: vic.id, clientIp: "198.51.100.13" }, other.id, newCard(0))).toMatchObject({ ok: true });
  });

  it("the 31st new card from one client IP an hour is refused and not tokenized, whichever customer gives it", async () => {
    const { service, counter } = limitedAutoship();
    const ip = "203.0.113.31";
    const who = [await customer("wes"), await customer("xia"), await customer("yan"), await customer("zed")];
    const subs = [];
    for (const c of who) subs.push(await subscribe(c));
    // Invalid numbers count too: they are tried before the processor answers.
    const bad = { intent: "change_payment" as const, card: { number: "4242424242424241", expMonth: 12, expYear: 2099, cvc: "123" } };
    for (let c = 0; c < 3; c++)
      for (let i = 0; i < 10; i++)
        expect(await service.act({ customerId: who[c].id, clientIp: ip }, subs[c].id, i % 2 ? bad : newCard(i))).toMatchObject({ ok: i % 2 === 0 });
    expect(counter.tokenized).toBe(30);

    const refused = await service.act({ customerId: who[3].id, clientIp: ip }, subs[3].id, newCard(0));
    expect(refused).toEqual({ ok: false, code: "RATE_LIMITED", field: "cardNumber", message: expect.stringMatching(/^Too many attempts/) });
    expect(counter.tokenized).toBe(30);
    expect(await services.payments.listMethods(who[3].id)).toHaveLength(1);
    // The same customer from another IP is within both limits.
    expect(await service.act({ customerId: who[3].id, clientIp: "203.0.113.32" }, subs[3].id, newCard(1))).toMatchObject({ ok: true });
    expect(counter.tokenized).toBe(31);
  });

  it("a subscription that cannot change its card is refused before counting or tokenizing", async () => {
    const { service, counter } = limitedAutoship();
    const ari = await customer("ari");
    const s = await subscribe(ari);
    await service.act({ customerId: ari.id }, s.id, { intent: "cancel", reason: "other" });
    for (let i = 0; i < 12; i++)
      expect(await service.act({ customerId: ari.id, clientIp: "198.51.100.40" }, s.id, newCard(i))).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(counter.tokenized).toBe(0);
    await service.act({ customerId: ari.id }, s.id, { intent: "reactivate" });
    expect(await service.act({ customerId: ari.id, clientIp: "198.51.100.40" }, s.id, newCard(0))).toMatchObject({ ok: true });
  });
});
