import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cartDonationRequest } from "../../../app/features/donations/donation-widget";
import { donationApi, type CartDonationResult } from "../../../app/features/donations/donation-api";
import { CART_COOKIE } from "../../../rules/cart/cookies";
import { DONATION_SEGMENT_NAMESPACE } from "../../../rules/donations/provider";
import { metafieldSchema } from "../../../rules/account/customer-api-input";
import { createApp } from "../../app";
import { parseConfig } from "../../config";
import { createDeps } from "../../context";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createLogger } from "../../log";
import { placeOrder } from "../../workflows/place-order";
import { seededVariants } from "../../testing/catalog";
import { setStock } from "../../testing/stock";
import { warehouseForZip } from "../catalog";
import { donationLedger, donationSegments, donationStores } from "./schema";
import { PAWS_RESCUE_LEAGUE_ID, SEED_DONATION_STORE_ID, SEED_LOYALTY_SEGMENT_ID, SEED_PORTFOLIO_IDS, buildSeedStore } from "./seed-data";

// What the donation widget shows is what the ledger records: for the same cart, the widget's own
// request (app/features/donations: cartDonationRequest and the provider client, through the whole
// HTTP stack, with the browser's cookies) and the ledger rows the order then writes give the same
// total to the same causes — whatever the store's settings, the tab's tracked cause or the segment
// the page claims (server/modules/donations/giving.ts is the one answer both ask).

let database: Database;
let deps: ReturnType<typeof createDeps>;
let app: ReturnType<typeof createApp>;
let a: number;
let b: number;
const ZIP = "80011";
const STORE = SEED_DONATION_STORE_ID;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  deps = createDeps(parseConfig({}), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
  const warehouse = (await warehouseForZip(database.db, ZIP))!.code;
  const rows = await seededVariants(database.db);
  const shop = rows.filter((r) => r.sites.includes("d2c"));
  a = shop[0]!.id;
  b = shop.find((r) => r.productId !== shop[0]!.productId)!.id;
  for (const variantId of [a, b]) await setStock(database.db, { warehouseCode: warehouse, variantId, onHand: 100_000, reserved: 0 });
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  const { id: _id, ...seed } = buildSeedStore();
  await database.db.update(donationStores).set(seed).where(eq(donationStores.id, STORE));
  await database.db.update(donationSegments).set({ isActive: true }).where(eq(donationSegments.storeId, STORE));
});
afterEach(() => vi.unstubAllGlobals());

/** A browser: its cookies, and the widget's provider client's fetch going through the app with them. */
function browser(cookies: string[] = []) {
  const jar = new Map(cookies.map((c) => [c.split("=")[0]!, c.slice(c.indexOf("=") + 1)]));
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("host", "localhost");
    headers.set("origin", "http://localhost");
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await app.request(`http://localhost${url}`, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      jar.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    }
    return res;
  });
  return { jar, api: donationApi(STORE) };
}

let n = 0;
async function signedIn() {
  const r = await deps.services.identity.register(
    {
      firstName: "Gold",
      lastName: "Member",
      email: `donor-${++n}-${randomUUID()}@example.test`,
      password: "kibble-parity-7",
      confirmPassword: "kibble-parity-7",
      acceptsMarketing: false,
    },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  const session = await deps.services.identity.resolveSession(r.token);
  return { id: session!.customerId, cookie: `sessionToken=${r.token}` };
}

/**
 * One shopper's journey: a cart (with codes), the widget's tab (tracking, a cause chosen, the
 * segment the page matched), the widget's answer for the cart, then the order; the widget's answer
 * and the order's store-funded ledger rows, each as cents per cause.
 */
async function widgetThenOrder(p: { customer?: { id: string; cookie: string }; codes?: string[]; causeId?: string; segmentId?: string | null }) {
  const created = await deps.services.cart.createCart("d2c", {}, [
    { merchandiseId: String(a), quantity: 2, sellingPlanId: null },
    { merchandiseId: String(b), quantity: 1, sellingPlanId: null },
  ]);
  if (!created.ok) throw new Error(created.message);
  const cartId = created.cart.id;
  const customerId = p.customer?.id ?? null;
  if (customerId) await deps.services.cart.claimCart(cartId, "d2c", customerId);
  if (p.codes?.length) await deps.services.cart.updateDiscountCodes(cartId, "d2c", p.codes);
  const cart = (await deps.services.cart.shopper(customerId).getCart(cartId, "d2c"))!;

  const { api } = browser([`${CART_COOKIE}=${cartId}`, ...(p.customer ? [p.customer.cookie] : [])]);
  const { trackingId } = await api.startTracking();
  if (p.causeId) await api.setCause(trackingId, p.causeId, "");
  await api.attachCart(trackingId, p.segmentId ?? null);
  const request = cartDonationRequest(cart);
  if (request.place !== "cart") throw new Error("not a cart request");
  const shown: CartDonationResult = await api.cartDonation({
    lines: request.lines,
    cartDiscountCents: request.cartDiscountCents,
    causeId: p.causeId ?? null,
    segmentId: p.segmentId ?? null,
  });

  const placed = await placeOrder(
    { db: database.db, services: deps.services, config: deps.config },
    {
      site: "d2c",
      cartId,
      customerId,
      email: `order-${randomUUID()}@example.test`,
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
      idempotencyKey: `parity-${randomUUID()}`,
    },
  );
  if (!placed.ok) throw new Error(`${placed.code}: ${placed.message}`);
  const rows = await database.db.select().from(donationLedger).where(eq(donationLedger.orderId, placed.order.id)).orderBy(asc(donationLedger.id));
  const recorded: Record<string, number> = {};
  for (const r of rows.filter((r) => r.fundedBy === "store")) recorded[r.causeId] = (recorded[r.causeId] ?? 0) + r.amountCents;
  const widget: Record<string, number> = {};
  for (const d of shown.donationRecipients) if (d.amountCents > 0) widget[d.causeId] = (widget[d.causeId] ?? 0) + d.amountCents;
  return { shown, widget, recorded, rates: [...new Set(rows.map((r) => r.rateHundredths))] };
}

describe("what the widget shows is what the ledger records", () => {
  it("the store's default cause, with a discount code shared over the lines", async () => {
    const r = await widgetThenOrder({ codes: ["WELCOME10"] });
    expect(r.shown.totalDonationAmountCents).toBeGreaterThan(0);
    expect(r.shown.cause).toEqual({ causeId: PAWS_RESCUE_LEAGUE_ID, causeName: "Paws Rescue League" });
    expect(r.recorded).toEqual(r.widget);
  });

  it("a cause the shopper chose (a portfolio: its charities, its multiplier)", async () => {
    const r = await widgetThenOrder({ causeId: SEED_PORTFOLIO_IDS[1] });
    expect(Object.keys(r.widget).length).toBeGreaterThan(1);
    expect(r.recorded).toEqual(r.widget);
  });

  it("shoppers may not choose: the store's list of causes, whatever cause the tab tracks (an sgcause link)", async () => {
    await database.db
      .update(donationStores)
      .set({ letShoppersChoose: false, defaultCauseIds: ["00-1000002", "00-1000003"] })
      .where(eq(donationStores.id, STORE));
    const r = await widgetThenOrder({ causeId: "00-1000005" });
    expect(Object.keys(r.widget).sort()).toEqual(["00-1000002", "00-1000003"]);
    expect(r.shown.cause).toBeNull();
    expect(r.recorded).toEqual(r.widget);
  });

  it("the online-purchase campaign off (the add-on alone runs): the widget shows nothing of the store's, and the order records none", async () => {
    await database.db
      .update(donationStores)
      .set({ activeCampaigns: [4] })
      .where(eq(donationStores.id, STORE));
    const r = await widgetThenOrder({});
    expect(r.shown).toMatchObject({ totalDonationAmountCents: 0, showWidget: true });
    expect(r.recorded).toEqual({});
    expect(r.widget).toEqual({});
  });

  it("a guest claiming the loyalty segment (the page names it): the store's 5 %, shown and recorded", async () => {
    const r = await widgetThenOrder({ segmentId: SEED_LOYALTY_SEGMENT_ID });
    expect(r.rates).toEqual([500]);
    expect(r.recorded).toEqual(r.widget);
  });

  it("a signed-in customer claiming it without the record: 5 %; with the record on their own account: the segment's 10 %", async () => {
    const claims = await signedIn();
    const without = await widgetThenOrder({ customer: claims, segmentId: SEED_LOYALTY_SEGMENT_ID });
    expect(without.rates).toEqual([500]);
    expect(without.recorded).toEqual(without.widget);

    const member = await signedIn();
    await deps.services.identity.setMetafields(member.id, [{ namespace: DONATION_SEGMENT_NAMESPACE, key: "loyalty_tier", value: "gold" }]);
    const gold = await widgetThenOrder({ customer: member, segmentId: SEED_LOYALTY_SEGMENT_ID });
    expect(gold.rates).toEqual([1000]);
    expect(gold.recorded).toEqual(gold.widget);
    expect(gold.shown.totalDonationAmountCents).toBeGreaterThan(without.shown.totalDonationAmountCents);
  });

  it("the customer cannot write that record: the customer API refuses the namespace", () => {
    expect(metafieldSchema.safeParse({ namespace: DONATION_SEGMENT_NAMESPACE, key: "loyalty_tier", value: "gold" }).success).toBe(false);
    expect(metafieldSchema.safeParse({ namespace: "custom", key: "loyalty_tier", value: "gold" }).success).toBe(true);
  });
});
