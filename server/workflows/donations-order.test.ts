import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { warehouseForZip } from "../modules/catalog";
import {
  PAWS_RESCUE_LEAGUE_ID,
  SEED_DONATION_STORE_ID,
  SEED_EXCLUSION_SEGMENT_ID,
  SEED_LOYALTY_SEGMENT_ID,
  SEED_PORTFOLIO_IDS,
  buildSeedStore,
} from "../modules/donations";
import { seededVariants } from "../testing/catalog";
import {
  changeDonationStore,
  donationChoiceOf,
  ledgerOf,
  rewriteLedgerAmount,
  setSegmentActive,
  setStoreSegmentsActive,
  storedTracking,
} from "../testing/donations";
import { confirmationsOf } from "../testing/mail";
import { linesOf, storedOrder } from "../testing/orders";
import { paymentOf } from "../testing/payments";
import { setStock } from "../testing/stock";
import { createServices } from "../wiring";
import { checkoutTotals } from "../../rules/checkout/totals";
import { DONATION_SEGMENT_NAMESPACE } from "../../rules/donations/provider";
import { advanceOrder } from "./advance-order";
import { placeOrder, type PlaceOrderInput } from "./place-order";
import { refundOrderPart } from "./refund-order";
import { createDonationLedger } from "../modules/donations";
import type { Logger } from "../log";

// Donations at order time (README "Donations") on PGlite and, with `npm run test:pg`, on a real
// PostgreSQL — where concurrent placements and refunds really race for the order's row lock.

let database: Database;
let services: ReturnType<typeof createServices>;
const config = parseConfig({});
const deps = () => ({ db: database.db, services, config });
const ZIP = "80011";
let warehouse: string;
/** Two shop products (their first variants) and their handles (the donation cmsIds). */
let a: { id: number; handle: string };
let b: { id: number; handle: string };

const addr = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: ZIP,
  countryCode: "US",
  phone: null,
};
const input = (cartId: string, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  site: "d2c",
  cartId,
  customerId: null,
  email: `giver-${randomUUID()}@example.test`,
  shippingAddress: addr,
  shippingMethod: "standard",
  payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
  idempotencyKey: `don-${randomUUID()}`,
  ...over,
});

async function newCart(lines: { id: number; quantity: number }[], codes: string[] = []) {
  const r = await services.cart.createCart(
    "d2c",
    {},
    lines.map((l) => ({ merchandiseId: String(l.id), quantity: l.quantity, sellingPlanId: null })),
  );
  if (!r.ok) throw new Error(r.message);
  if (codes.length) await services.cart.updateDiscountCodes(r.cart.id, "d2c", codes);
  return r.cart.id;
}

/** A tracking record of a browser session, its cause set, attached to the cart as the API would. */
async function track(cartId: string, causeId: string | null, segmentId: string | null = null, keptSegmentId: string | null = segmentId) {
  const store = (await services.donations.store(SEED_DONATION_STORE_ID))!;
  const hash = createHash("sha256").update(randomUUID()).digest("hex");
  const { trackingId } = await services.donations.startTracking(store, hash, false);
  if (causeId) await services.donations.setCause(store, trackingId, hash, causeId);
  expect(await services.donationLedger.attachTracking(store, trackingId, hash, cartId, segmentId)).toEqual({ ok: true, segmentId: keptSegmentId });
  return trackingId;
}

async function place(cartId: string, over: Partial<PlaceOrderInput> = {}) {
  const r = await placeOrder(deps(), input(cartId, over));
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.order;
}

const sum = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);
/** 5 % of a line as charged, half up. */
const fivePercent = (l: { subtotalCents: number; discountCents: number }) => Math.round(((l.subtotalCents - l.discountCents) * 5) / 100);
const setStore = (set: Parameters<typeof changeDonationStore>[2]) => changeDonationStore(database.db, SEED_DONATION_STORE_ID, set);

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  warehouse = (await warehouseForZip(database.db, ZIP))!.code;
  const rows = await seededVariants(database.db);
  const shop = rows.filter((r) => r.sites.includes("d2c"));
  a = shop[0];
  b = shop.find((r) => r.productId !== a.id && r.handle !== shop[0].handle)!;
  for (const v of [a, b]) await setStock(database.db, { warehouseCode: warehouse, variantId: v.id, onHand: 100_000, reserved: 0 });
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  const { id: _id, ...seed } = buildSeedStore();
  await setStore(seed);
  await setStoreSegmentsActive(database.db, SEED_DONATION_STORE_ID, true);
});

describe("the segment the widget matched, at order time", () => {
  const tenPercent = (l: { subtotalCents: number; discountCents: number }) => Math.round(((l.subtotalCents - l.discountCents) * 10) / 100);

  it("a loyalty member's order (the customer's own record says gold) gives the segment's 10 %, as the widget showed", async () => {
    const registered = await services.identity.register(
      {
        firstName: "Gold",
        lastName: "Member",
        email: `gold-${randomUUID()}@example.test`,
        password: "kibble-gold-77",
        confirmPassword: "kibble-gold-77",
        acceptsMarketing: false,
      },
      "d2c",
    );
    if (!registered.ok) throw new Error("register failed");
    const customerId = (await services.identity.resolveSession(registered.token))!.customerId;
    await services.identity.setMetafields(customerId, [{ namespace: DONATION_SEGMENT_NAMESPACE, key: "loyalty_tier", value: "gold" }]);
    const cartId = await newCart([{ id: a.id, quantity: 3 }]);
    await services.cart.claimCart(cartId, "d2c", customerId);
    await track(cartId, null, SEED_LOYALTY_SEGMENT_ID);
    const order = await place(cartId, { customerId });
    const [line] = await linesOf(database.db, order.id);
    expect((await ledgerOf(database.db, order.id)).map((r) => ({ rule: r.rule, rate: r.rateHundredths, cents: r.amountCents, funded: r.fundedBy }))).toEqual([
      { rule: "percentage", rate: 1000, cents: tenPercent(line), funded: "store" },
    ]);
  });

  it("a guest whose browser names the loyalty segment gets the store's 5 %: a segment that changes the amount is proven from a customer's record, never the page", async () => {
    const cartId = await newCart([{ id: a.id, quantity: 3 }]);
    await track(cartId, null, SEED_LOYALTY_SEGMENT_ID);
    const order = await place(cartId);
    const [line] = await linesOf(database.db, order.id);
    expect((await ledgerOf(database.db, order.id)).map((r) => ({ rate: r.rateHundredths, cents: r.amountCents }))).toEqual([
      { rate: 500, cents: fivePercent(line) },
    ]);
  });

  it("an exclusion segment's order gives nothing of the store's; the shopper's own add-on still goes", async () => {
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    await track(cartId, null, SEED_EXCLUSION_SEGMENT_ID);
    await services.donationLedger.setAddon(cartId, SEED_DONATION_STORE_ID, { kind: "add-on", cents: 300 });
    const order = await place(cartId);
    expect((await ledgerOf(database.db, order.id)).map((r) => ({ rule: r.rule, cents: r.amountCents, funded: r.fundedBy }))).toEqual([
      { rule: "add-on", cents: 300, funded: "customer" },
    ]);
  });

  it("an unknown segment, or one switched off, is not kept: the store's 5 %", async () => {
    const unknown = await newCart([{ id: a.id, quantity: 1 }]);
    await track(unknown, null, randomUUID(), null);
    await setSegmentActive(database.db, SEED_LOYALTY_SEGMENT_ID, false);
    const off = await newCart([{ id: a.id, quantity: 1 }]);
    await track(off, null, SEED_LOYALTY_SEGMENT_ID, null);
    for (const cartId of [unknown, off]) {
      const order = await place(cartId);
      const [line] = await linesOf(database.db, order.id);
      expect((await ledgerOf(database.db, order.id)).map((r) => ({ rate: r.rateHundredths, cents: r.amountCents }))).toEqual([
        { rate: 500, cents: fivePercent(line) },
      ]);
    }
  });

  it("a segment switched off between the cart and the order counts for nothing", async () => {
    const cartId = await newCart([{ id: a.id, quantity: 2 }]);
    await track(cartId, null, SEED_LOYALTY_SEGMENT_ID);
    expect((await donationChoiceOf(database.db, cartId))!.segmentId).toBe(SEED_LOYALTY_SEGMENT_ID);
    await setSegmentActive(database.db, SEED_LOYALTY_SEGMENT_ID, false);
    const order = await place(cartId);
    const [line] = await linesOf(database.db, order.id);
    expect((await ledgerOf(database.db, order.id)).map((r) => ({ rate: r.rateHundredths, cents: r.amountCents }))).toEqual([
      { rate: 500, cents: fivePercent(line) },
    ]);
  });
});

describe("placing an order writes the donation ledger", () => {
  it("one row per line for the store's default cause, 5 % of the line as charged; the mail and the order say what was given", async () => {
    const cartId = await newCart([
      { id: a.id, quantity: 2 },
      { id: b.id, quantity: 1 },
    ]);
    const order = await place(cartId);
    const lines = await linesOf(database.db, order.id);
    const rows = await ledgerOf(database.db, order.id);
    expect(
      rows.map((r) => ({
        line: r.orderLineId,
        cause: r.causeId,
        rule: r.rule,
        cents: r.amountCents,
        funded: r.fundedBy,
        rate: r.rateHundredths,
        m: r.multiplierHundredths,
      })),
    ).toEqual(lines.map((l) => ({ line: l.id, cause: PAWS_RESCUE_LEAGUE_ID, rule: "percentage", cents: fivePercent(l), funded: "store", rate: 500, m: 100 })));
    const given = await services.donationLedger.givenForOrder(order.id);
    expect(given).toEqual([{ causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "Paws Rescue League", cents: sum(rows), customerCents: 0, reversedCents: 0 }]);
    const [mail] = await confirmationsOf(database.db, order.number);
    expect(mail.text).toContain(`$${(sum(rows) / 100).toFixed(2)} to Paws Rescue League with this order`);
    // Immutable: the trigger refuses an update.
    await expect(rewriteLedgerAmount(database.db, rows[0].id, 1)).rejects.toThrow();
  });

  it("uses each line's share of the cart discount as the order recorded it", async () => {
    const cartId = await newCart(
      [
        { id: a.id, quantity: 3 },
        { id: b.id, quantity: 2 },
      ],
      ["WELCOME10"],
    );
    const order = await place(cartId);
    const lines = await linesOf(database.db, order.id);
    expect(lines.every((l) => l.discountCents > 0)).toBe(true);
    expect((await ledgerOf(database.db, order.id)).map((r) => r.amountCents)).toEqual(lines.map(fivePercent));
  });

  it("the tracked cause's multiplier (the store's override), and the confirmation data of SPEC §7 on the tracking", async () => {
    await setStore({ causeMultipliers: { "00-1000002": 200 } });
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    const trackingId = await track(cartId, "00-1000002");
    const order = await place(cartId);
    const [line] = await linesOf(database.db, order.id);
    const rows = await ledgerOf(database.db, order.id);
    expect(rows).toMatchObject([{ causeId: "00-1000002", amountCents: 2 * fivePercent(line), multiplierHundredths: 200 }]);
    expect(order.donationTrackingId).toBe(trackingId);
    expect(order.attributes).toContainEqual({ key: "donation_tracking_id", value: trackingId });
    const t = await storedTracking(database.db, trackingId);
    expect(t.status).toBe("confirmed");
    const total = (2 * fivePercent(line)) / 100;
    expect(t.confirmationData!.totalDonationAmount).toBe(total.toFixed(2));
    expect(JSON.parse(t.confirmationData!.causes)).toEqual([{ causeId: "00-1000002", causeName: expect.any(String), amount: total.toFixed(2) }]);
  });

  it("a portfolio gives to its charities in equal shares, the odd cent to the first", async () => {
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    await track(cartId, SEED_PORTFOLIO_IDS[0]);
    const order = await place(cartId);
    const [line] = await linesOf(database.db, order.id);
    const rows = await ledgerOf(database.db, order.id);
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.orderLineId))).toEqual(new Set([line.id]));
    expect(sum(rows)).toBe(fivePercent(line));
    expect(Math.max(...rows.map((r) => r.amountCents)) - Math.min(...rows.map((r) => r.amountCents))).toBeLessThanOrEqual(1);
  });

  it("an excluded product gives nothing; a flat rule gives per unit", async () => {
    await setStore({ excludedCmsIds: [b.handle] });
    const order = await place(
      await newCart([
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 1 },
      ]),
    );
    const [lineA] = await linesOf(database.db, order.id);
    expect((await ledgerOf(database.db, order.id)).map((r) => [r.orderLineId, r.amountCents])).toEqual([[lineA.id, fivePercent(lineA)]]);

    await setStore({ excludedCmsIds: [], defaultDonationType: 1, defaultDonationHundredths: 25 });
    const flat = await place(
      await newCart([
        { id: a.id, quantity: 3 },
        { id: b.id, quantity: 1 },
      ]),
    );
    expect((await ledgerOf(database.db, flat.id)).map((r) => [r.rule, r.amountCents, r.rateHundredths])).toEqual([
      ["flat", 75, 25],
      ["flat", 25, 25],
    ]);
  });

  it("the shopper's cleared cause and a store whose shoppers may not choose give to the store's own list", async () => {
    await setStore({ letShoppersChoose: false, defaultCauseIds: ["00-1000002", "00-1000003"] });
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    await track(cartId, null);
    const order = await place(cartId);
    const rows = await ledgerOf(database.db, order.id);
    expect(rows.map((r) => r.causeId)).toEqual(["00-1000002", "00-1000003"]);
    expect(sum(rows)).toBe(fivePercent((await linesOf(database.db, order.id))[0]));
  });

  it("nothing while the online-purchase campaign is off, and nothing on the staff site's config (no store)", async () => {
    await setStore({ activeCampaigns: [4] });
    const off = await place(await newCart([{ id: a.id, quantity: 1 }]));
    expect(await ledgerOf(database.db, off.id)).toEqual([]);
    await setStore({ activeCampaigns: [1] });
    const none = await placeOrder({ ...deps(), config: { ...config, donationStoreId: null } }, input(await newCart([{ id: a.id, quantity: 1 }])));
    expect(none.ok && (await ledgerOf(database.db, none.order.id))).toEqual([]);
  });

  it("a client's own donationTrackingId is ignored: only the tracking attached to the cart counts", async () => {
    const order = await place(await newCart([{ id: a.id, quantity: 1 }]), { donationTrackingId: randomUUID() });
    expect(order.donationTrackingId).toBeNull();
    expect(order.attributes.find((x) => x.key === "donation_tracking_id")).toBeUndefined();
    expect((await ledgerOf(database.db, order.id))[0].causeId).toBe(PAWS_RESCUE_LEAGUE_ID);
  });
});

describe("SPEC §8 donation errors on the server are logged where they happen; the order goes on", () => {
  const logger = () => {
    const lines: string[] = [];
    return { lines, log: { error: (_o: unknown, msg: string) => void lines.push(msg), warn() {}, info() {}, debug() {} } as unknown as Logger };
  };

  it("the tracking's confirmation data cannot be set: the order is paid with its ledger rows, the tracking stays open, logged", async () => {
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    const trackingId = await track(cartId, null);
    const { lines, log } = logger();
    await database.db.execute(sql`alter table donation_tracking add constraint test_no_confirm check (status <> 'confirmed') not valid`);
    try {
      const r = await placeOrder({ ...deps(), log }, input(cartId));
      if (!r.ok) throw new Error(r.message);
      expect((await storedOrder(database.db, r.order.id)).status).toBe("paid");
      expect((await ledgerOf(database.db, r.order.id)).length).toBeGreaterThan(0);
      const t = await storedTracking(database.db, trackingId);
      expect(t.status).toBe("open");
      expect(lines).toContain("Error setting confirmation data for post purchase confirmation");
    } finally {
      await database.db.execute(sql`alter table donation_tracking drop constraint test_no_confirm`);
    }
  });

  it("an order's donation breakdown cannot be read: logged, and the page or mail shows no donation lines", async () => {
    const order = await place(await newCart([{ id: a.id, quantity: 1 }]));
    const { lines, log } = logger();
    const ledger = createDonationLedger(database.db, { log });
    expect((await ledger.breakdownForOrder(order.id)).length).toBe(1);
    await database.db.execute(sql`alter table donation_ledger rename to donation_ledger_away`);
    try {
      expect(await ledger.breakdownForOrder(order.id)).toEqual([]);
    } finally {
      await database.db.execute(sql`alter table donation_ledger_away rename to donation_ledger`);
    }
    expect(lines).toEqual(["Error retrieving donation breakdown"]);
  });
});

describe("cancellations and refunds reverse the ledger with new rows", () => {
  it("a cancel reverses every row; a full refund too", async () => {
    for (const to of ["cancelled", "refunded"] as const) {
      const order = await place(
        await newCart([
          { id: a.id, quantity: 2 },
          { id: b.id, quantity: 1 },
        ]),
      );
      const given = await ledgerOf(database.db, order.id);
      const r = await advanceOrder(deps(), { orderRef: order.number, to });
      expect(r.ok).toBe(true);
      const rows = await ledgerOf(database.db, order.id);
      const reversals = rows.filter((x) => x.reversesId !== null);
      expect(reversals.map((x) => [x.reversesId, x.amountCents, x.rule])).toEqual(given.map((g) => [g.id, -g.amountCents, "reversal"]));
      expect(rows.slice(0, given.length)).toEqual(given);
      expect(sum(rows)).toBe(0);
      // Nothing given any more; the order's pages say what was taken back.
      expect(await services.donationLedger.givenForOrder(order.id)).toEqual([
        { causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "Paws Rescue League", cents: 0, customerCents: 0, reversedCents: sum(given) },
      ]);
    }
  });

  it("partial refunds of 1 unit at a time reverse the line's share cumulatively, summing exactly to minus its donation", async () => {
    // 3 units: a donation that does not divide by 3 shows the rounding.
    let order;
    let row;
    for (const rate of [500, 700, 300, 1100, 1300, 1700]) {
      await setStore({ defaultDonationHundredths: rate });
      order = await place(
        await newCart([
          { id: a.id, quantity: 3 },
          { id: b.id, quantity: 1 },
        ]),
      );
      [row] = await ledgerOf(database.db, order.id);
      if (row.amountCents % 3 !== 0) break;
    }
    if (!order || !row || row.amountCents % 3 === 0) throw new Error("no rate gave a donation that 3 does not divide");
    const [line] = await linesOf(database.db, order.id);
    const steps: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await refundOrderPart(deps(), {
        orderRef: order.number,
        lines: [{ lineId: line.id, quantity: 1 }],
        otherCents: 0,
        restock: false,
        reason: "Damaged",
        actor: "test",
      });
      expect(r.ok).toBe(true);
      const rows = (await ledgerOf(database.db, order.id)).filter((x) => x.reversesId === row.id);
      steps.push(sum(rows));
    }
    expect(steps[2]).toBe(-row.amountCents);
    expect(steps[0]).toBe(-Math.floor(row.amountCents / 3));
    // The other line's row is untouched until it is refunded.
    const other = (await ledgerOf(database.db, order.id)).filter((x) => x.reversesId === null && x.id !== row.id);
    expect(other.length).toBeGreaterThan(0);
    expect((await ledgerOf(database.db, order.id)).filter((x) => other.some((o) => o.id === x.reversesId))).toEqual([]);
  });

  it("a refund of money only (shipping) reverses nothing; one that returns all the payment has left reverses the rest", async () => {
    const order = await place(await newCart([{ id: a.id, quantity: 2 }]));
    const given = sum(await ledgerOf(database.db, order.id));
    const r = await refundOrderPart(deps(), { orderRef: order.number, lines: [], otherCents: 100, restock: false, reason: "Late", actor: "test" });
    expect(r.ok).toBe(true);
    expect(sum(await ledgerOf(database.db, order.id))).toBe(given);
    const row = await storedOrder(database.db, order.id);
    const rest = await refundOrderPart(deps(), {
      orderRef: order.number,
      lines: [],
      otherCents: row.totalCents - row.refundedCents,
      restock: false,
      reason: "Goodwill",
      actor: "test",
    });
    expect(rest.ok && rest.whole).toBe(true);
    expect(sum(await ledgerOf(database.db, order.id))).toBe(0);
  });
});

describe("add-on and round-up", () => {
  it("an add-on is charged on its own: no tax, shipping or discount on it; recorded as customer-funded; reversed with the order", async () => {
    const plain = await newCart([{ id: a.id, quantity: 1 }], ["WELCOME10"]);
    const withAddon = await newCart([{ id: a.id, quantity: 1 }], ["WELCOME10"]);
    await services.donationLedger.setAddon(withAddon, SEED_DONATION_STORE_ID, { kind: "add-on", cents: 300 });
    const base = await place(plain);
    const order = await place(withAddon);
    const o = await storedOrder(database.db, order.id);
    const b0 = await storedOrder(database.db, base.id);
    expect(o.donationAddonCents).toBe(300);
    expect({ tax: o.taxCents, ship: o.shippingCents, disc: o.discountCents, sub: o.subtotalCents }).toEqual({
      tax: b0.taxCents,
      ship: b0.shippingCents,
      disc: b0.discountCents,
      sub: b0.subtotalCents,
    });
    expect(o.totalCents).toBe(b0.totalCents + 300);
    const charged = await paymentOf(database.db, o.paymentId!);
    expect(charged.amountCents).toBe(o.totalCents);
    expect(order.donationAddon.amount).toBe("3.00");
    const rows = await ledgerOf(database.db, order.id);
    expect(rows.filter((r) => r.fundedBy === "customer").map((r) => [r.orderLineId, r.rule, r.amountCents, r.causeId])).toEqual([
      [order.id, "add-on", 300, PAWS_RESCUE_LEAGUE_ID],
    ]);
    const given = await services.donationLedger.givenForOrder(order.id);
    expect(given[0].customerCents).toBe(300);
    await advanceOrder(deps(), { orderRef: order.number, to: "cancelled" });
    expect(sum(await ledgerOf(database.db, order.id))).toBe(0);
  });

  it("round-up takes the checkout total to the next whole dollar; switched off, the choice is charged nothing", async () => {
    await setStore({ activeCampaigns: [1, 3] });
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    await services.donationLedger.setAddon(cartId, SEED_DONATION_STORE_ID, { kind: "round-up" });
    const order = await place(cartId);
    const o = await storedOrder(database.db, order.id);
    const without = checkoutTotals({
      subtotalCents: o.subtotalCents,
      discountCents: o.discountCents,
      method: "standard",
      state: "CO",
      freeShippingThresholdCents: config.freeShippingThresholdCents,
      freeShippingQualifyingCents: o.subtotalCents - o.discountCents,
    });
    expect(o.taxCents).toBe(without.taxCents);
    expect(o.totalCents % 100 === 0 || o.donationAddonCents === 0).toBe(true);
    expect(o.totalCents).toBe(without.totalCents + o.donationAddonCents);
    if (o.donationAddonCents)
      expect((await ledgerOf(database.db, order.id)).find((r) => r.fundedBy === "customer")).toMatchObject({
        rule: "round-up",
        amountCents: o.donationAddonCents,
      });

    await setStore({ activeCampaigns: [1] });
    const off = await newCart([{ id: a.id, quantity: 1 }]);
    await services.donationLedger.setAddon(off, SEED_DONATION_STORE_ID, { kind: "add-on", cents: 500 });
    const plain = await place(off);
    expect(plain.donationAddon.amount).toBe("0.00");
    expect((await ledgerOf(database.db, plain.id)).filter((r) => r.fundedBy === "customer")).toEqual([]);
  });

  it("the checkout's totals include the add-on the cart chose (what the payment step shows and sends back)", async () => {
    const cartId = await newCart([{ id: a.id, quantity: 1 }]);
    const before = await services.checkout.quote({ site: "d2c", cartId, customerId: null, zip: ZIP, method: "standard" });
    await services.donationLedger.setAddon(cartId, SEED_DONATION_STORE_ID, { kind: "add-on", cents: 500 });
    const after = await services.checkout.quote({ site: "d2c", cartId, customerId: null, zip: ZIP, method: "standard" });
    expect(before.ok && after.ok && after.totals.totalCents - before.totals.totalCents).toBe(500);
    expect(after.ok && after.totals.donationAddonCents).toBe(500);
    // The total the customer saw is the one charged.
    const order = await place(cartId, { expectedTotalCents: after.ok ? after.totals.totalCents : 0 });
    expect(order.totalPrice.amount).toBe(after.ok ? (after.totals.totalCents / 100).toFixed(2) : "");
  });
});

describe("races (real on PostgreSQL)", () => {
  it("concurrent placements of one checkout write the ledger once", async () => {
    const cartId = await newCart([
      { id: a.id, quantity: 2 },
      { id: b.id, quantity: 1 },
    ]);
    await services.donationLedger.setAddon(cartId, SEED_DONATION_STORE_ID, { kind: "add-on", cents: 100 });
    const req = input(cartId);
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(deps(), req)));
    const ok = results.filter((r) => r.ok);
    expect(ok.length).toBeGreaterThan(0);
    const ids = new Set(ok.map((r) => (r.ok ? r.order.id : "")));
    expect(ids.size).toBe(1);
    const rows = await ledgerOf(database.db, [...ids][0]);
    expect(rows).toHaveLength(3);
  }, 60_000);

  it("concurrent partial refunds of one line never over-reverse it", async () => {
    const order = await place(await newCart([{ id: a.id, quantity: 3 }]));
    const [line] = await linesOf(database.db, order.id);
    const [row] = await ledgerOf(database.db, order.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        refundOrderPart(deps(), {
          orderRef: order.number,
          lines: [{ lineId: line.id, quantity: 1 }],
          otherCents: 0,
          restock: false,
          reason: "Race",
          actor: "test",
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const reversals = (await ledgerOf(database.db, order.id)).filter((x) => x.reversesId === row.id);
    expect(reversals).toHaveLength(3);
    expect(sum(reversals)).toBe(-row.amountCents);
    // A cancel afterwards finds nothing left to reverse on that row.
    await advanceOrder(deps(), { orderRef: order.number, to: "cancelled" });
    expect(sum((await ledgerOf(database.db, order.id)).filter((x) => x.reversesId === row.id))).toBe(-row.amountCents);
  }, 60_000);
});
