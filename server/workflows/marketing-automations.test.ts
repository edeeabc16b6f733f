import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_AUTOMATION_SETTINGS } from "../../rules/marketing/automations";
import { buildSeedCatalog } from "../modules/catalog";
import { abandonedCarts, markCheckedOut } from "../modules/cart";
import { eraseSubscriber } from "../modules/marketing";
import { emptyCart, giveCart } from "../testing/cart";
import { testDeps } from "../testing/deps";
import { aStoredCustomer } from "../testing/identity";
import { renewalKit } from "../testing/renewals";
import { setStock, setStockEverywhere } from "../testing/stock";
import { parseConfig } from "../config";
import { runMarketingAutomations } from "./marketing-automations";

// The automatic mails' pass against a seeded database (PGlite; PostgreSQL under `npm run test:pg`):
// back-in-stock once per request and only to a confirmed address at a warehouse serving its ZIP;
// abandoned-cart reminders at 1 h and 24 h, once per cart and step, stopped by an order, an
// emptied cart or an unsubscribe; two passes at once send one mail. Time moves by the test clock
// (TEST_CLOCK), the way the browser journeys move it.

const t = testDeps({ seed: true, env: { TEST_CLOCK: "on", PUBLIC_URL: "https://shop.example" } });
const ZIP = "80011";
const HOUR = 60;
let n = 0;
const address = (label: string) => `${label}${++n}.${Date.now().toString(36)}@example.test`;

const services = () => t.deps.services;
const pass = () => runMarketingAutomations({ db: t.database.db, services: services() });
const moveClock = (minutes: number) => services().testClock!.setOffset(minutes * 60_000);
const mailsTo = async (to: string) => (await services().mail.latest({ to, limit: 50 })).reverse();
const subjectsTo = async (to: string) => (await mailsTo(to)).map((m) => m.subject);

/** The address confirmed by its own confirmation link (the list's double opt-in). */
async function confirm(email: string) {
  const confirmation = (await mailsTo(email)).find((m) => m.subject.startsWith("Confirm"))!;
  const token = new URL(/https:\/\/shop\.example\/email\/confirm\?token=\S+/.exec(confirmation.text)![0]).searchParams.get("token");
  expect(await services().marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
}

async function subscribed(email: string) {
  await services().marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
  await confirm(email);
}

async function unsubscribe(email: string) {
  const welcome = (await mailsTo(email)).find((m) => m.subject.startsWith("Welcome"))!;
  const token = new URL(/<(.+)>/.exec(welcome.headers!["List-Unsubscribe"]!)![1]).searchParams.get("token");
  expect(await services().marketing.unsubscribe(token, { ip: null, via: "one_click" })).toEqual({ ok: true });
}

beforeEach(() => moveClock(0));

describe("back in stock", () => {
  const catalog = buildSeedCatalog();
  const wanted = catalog.products.filter((p) => p.sites.includes("d2c") && p.productType !== "Donation").flatMap((p) => p.variants);
  let serving: string;
  let other: string;
  let variantIds: number[];
  let next = 0;

  beforeEach(async () => {
    serving = (await services().catalog.warehouseForZip(ZIP))!.code;
    other = catalog.warehouses.find((w) => w.code !== serving)!.code;
    variantIds ??= await idsOf(wanted.map((v) => v.sku));
  });

  async function idsOf(skus: string[]) {
    const ids: number[] = [];
    for (const sku of skus.slice(0, 20)) ids.push((await services().catalog.variantBySku(sku))!.id);
    return ids;
  }

  /** A variant of its own for each test, out of stock everywhere. */
  async function soldOut() {
    const id = variantIds[next++];
    await setStockEverywhere(t.database.db, id, { onHand: 0, reserved: 0 });
    return id;
  }

  const ask = (email: string, variantId: number, customerId: string | null = null) =>
    services().marketing.automations.requestBackInStock({ site: "d2c", email, variantId, zip: ZIP, customerId }, { ip: "203.0.113.40" });

  it("a guest's request waits for the confirmation, then for stock at the warehouse serving its ZIP; one mail, then spent", async () => {
    const email = address("guest");
    const variantId = await soldOut();
    expect(await ask(email, variantId)).toEqual({ ok: true, confirmed: false });
    // Asked twice: still one request (the unique key), one confirmation mail.
    expect(await ask(email.toUpperCase(), variantId)).toEqual({ ok: true, confirmed: false });
    expect(await services().marketing.automations.backInStockRequestsOf(email)).toHaveLength(1);
    expect(await subjectsTo(email)).toEqual(["Confirm your subscription to Kibble & Co. emails"]);

    // Back, but the address is not confirmed yet: nothing.
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 3, reserved: 0 });
    await pass();
    expect(await subjectsTo(email)).toHaveLength(1);

    await confirm(email);
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 0, reserved: 0 });
    // Stock elsewhere does not reach this ZIP; stock all reserved is not stock.
    await setStock(t.database.db, { warehouseCode: other, variantId, onHand: 9, reserved: 0 });
    await pass();
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 2, reserved: 2 });
    await pass();
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith("Back in stock"))).toEqual([]);

    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 5, reserved: 2 });
    await pass();
    await pass();
    const back = (await mailsTo(email)).filter((m) => m.subject.startsWith("Back in stock"));
    expect(back).toHaveLength(1);
    // Marketing: RFC 8058 headers, the visible unsubscribe and preference links, the postal address.
    expect(back[0].headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(back[0].headers!["List-Unsubscribe"]).toMatch(/^<https:\/\/shop\.example\/api\/marketing\/unsubscribe\?token=/);
    expect(back[0].text).toContain("Unsubscribe: https://shop.example/api/marketing/unsubscribe?token=");
    expect(back[0].text).toContain("Choose topics or pause: https://shop.example/email/preferences?token=");
    expect(back[0].text).toContain("1550 Wewatta Street");
    expect(back[0].text).toContain(`for delivery to ${ZIP}`);
    expect((await services().marketing.automations.backInStockRequestsOf(email))[0].notifiedAt).not.toBeNull();

    // Asked again once spent: armed again, and mailed again when it comes back next time.
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 0, reserved: 0 });
    expect(await ask(email, variantId)).toEqual({ ok: true, confirmed: true });
    await pass();
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith("Back in stock"))).toHaveLength(1);
  });

  it("a confirmed customer asks in one click; an unsubscribe before the stock returns stops the mail", async () => {
    const email = address("customer");
    await subscribed(email);
    const customerId = await aStoredCustomer(t.database.db, email);
    const variantId = await soldOut();
    expect(await ask(email, variantId, customerId)).toEqual({ ok: true, confirmed: true });
    await unsubscribe(email);
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 4, reserved: 0 });
    await pass();
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith("Back in stock"))).toEqual([]);
  });

  it("an erasure takes the address's requests and sent records with its subscriber rows", async () => {
    const email = address("erased");
    await subscribed(email);
    const customerId = await aStoredCustomer(t.database.db, email);
    await ask(email, await soldOut(), customerId);
    expect(await services().marketing.automations.backInStockRequestsOf(email)).toHaveLength(1);
    await t.database.db.transaction((tx) => eraseSubscriber(tx as never, customerId, email));
    expect(await services().marketing.automations.backInStockRequestsOf(email)).toEqual([]);
    expect(await services().marketing.byAddress(email)).toEqual([]);
  });

  it("switched off in the console: no mail until switched on again", async () => {
    const email = address("off");
    await subscribed(email);
    const variantId = await soldOut();
    await ask(email, variantId);
    await services().marketing.automations.saveSettings({ ...DEFAULT_AUTOMATION_SETTINGS, backInStock: { enabled: false } }, "owner@example.test");
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 4, reserved: 0 });
    expect(await pass()).toMatchObject({ backInStock: 0 });
    await services().marketing.automations.saveSettings(DEFAULT_AUTOMATION_SETTINGS, "owner@example.test");
    expect(await pass()).toMatchObject({ backInStock: 1 });
  });

  it("the waiting requests are read a page at a time, each page after the last request of the one before", async () => {
    const emails = [address("page1"), address("page2")];
    for (const email of emails) {
      await subscribed(email);
      await ask(email, await soldOut());
    }
    const all = (await services().marketing.automations.waitingBackInStock(500)).map((r) => r.id);
    const [first] = await services().marketing.automations.waitingBackInStock(1);
    const rest = await services().marketing.automations.waitingBackInStock(500, first);
    expect([first.id, ...rest.map((r) => r.id)]).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(2);
  });

  it("two passes at once send one mail per request", async () => {
    const email = address("race");
    await subscribed(email);
    const variantId = await soldOut();
    await ask(email, variantId);
    await setStock(t.database.db, { warehouseCode: serving, variantId, onHand: 4, reserved: 0 });
    const results = await Promise.all([pass(), pass(), pass()]);
    expect(results.reduce((sum, r) => sum + r.backInStock, 0)).toBe(1);
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith("Back in stock"))).toHaveLength(1);
  });
});

describe("abandoned cart", () => {
  let variantId: number;

  beforeEach(async () => {
    variantId ??= (await services().catalog.variantBySku(buildSeedCatalog().products.find((p) => p.sites.includes("d2c"))!.variants[0].sku))!.id;
  });

  /** A customer's cart with one line; `subscribe`: the customer is a confirmed subscriber. */
  async function customerWithCart(label: string, opts: { subscribe?: boolean } = {}) {
    const email = address(label);
    if (opts.subscribe !== false) await subscribed(email);
    const customerId = await aStoredCustomer(t.database.db, email);
    const made = await services().cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 2 }]);
    if (!made.ok) throw new Error(made.message);
    await giveCart(t.database.db, made.cart.id, customerId);
    return { email, customerId, cartId: made.cart.id };
  }
  const remindersTo = async (email: string) => (await subjectsTo(email)).filter((s) => /cart/.test(s));

  it("1 hour and 24 hours after the last change: one mail each, never twice", async () => {
    const { email } = await customerWithCart("cart");
    moveClock(HOUR - 2);
    await pass();
    expect(await remindersTo(email)).toEqual([]);
    moveClock(HOUR + 1);
    await pass();
    await pass();
    expect(await remindersTo(email)).toEqual(["You left something in your cart"]);
    const first = (await mailsTo(email)).at(-1)!;
    expect(first.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(first.text).toContain("2 × ");
    expect(first.text).toContain("Open my cart: https://shop.example/cart");
    moveClock(24 * HOUR + 1);
    await pass();
    moveClock(30 * HOUR);
    await pass();
    expect(await remindersTo(email)).toEqual(["You left something in your cart", "Your cart is still waiting"]);
  });

  it("stopped by an order, an emptied cart, an unsubscribe; none for a customer not on the list", async () => {
    const ordered = await customerWithCart("ordered");
    const emptied = await customerWithCart("emptied");
    const leaving = await customerWithCart("leaving");
    const stranger = await customerWithCart("stranger", { subscribe: false });
    await t.database.db.transaction((tx) => markCheckedOut(tx as never, ordered.cartId));
    await emptyCart(t.database.db, emptied.cartId);
    await unsubscribe(leaving.email);
    moveClock(HOUR + 1);
    await pass();
    moveClock(24 * HOUR + 1);
    await pass();
    for (const who of [ordered, emptied, leaving, stranger]) expect(await remindersTo(who.email)).toEqual([]);
  });

  it("the carts are read a page at a time, each page after the last cart of the one before", async () => {
    const a = await customerWithCart("page-a", { subscribe: false });
    const b = await customerWithCart("page-b", { subscribe: false });
    const window = { updatedAfter: new Date(Date.now() - 3_600_000), updatedBefore: new Date(Date.now() + 60_000) };
    const all = (await abandonedCarts(t.database.db, { ...window, limit: 500 })).map((c) => c.cartId);
    expect(all).toEqual(expect.arrayContaining([a.cartId, b.cartId]));
    const [first] = await abandonedCarts(t.database.db, { ...window, limit: 1 });
    const rest = await abandonedCarts(t.database.db, { ...window, limit: 500, from: first });
    expect([first.cartId, ...rest.map((c) => c.cartId)]).toEqual(all);
  });

  it("two passes at once send one mail per cart and step", async () => {
    const { email } = await customerWithCart("racecart");
    moveClock(HOUR + 1);
    await Promise.all([pass(), pass(), pass()]);
    expect(await remindersTo(email)).toEqual(["You left something in your cart"]);
  });
});

describe("Autoship win-back", () => {
  it("N days after a cancellation: one mail per cancellation, none when the pet passed away or the customer is not on the list", async () => {
    // Services of their own over the same database, with a clock of their own moved here.
    const kit = await renewalKit(t.database, parseConfig({ TEST_CLOCK: "on", PUBLIC_URL: "https://shop.example" }));
    const winBack = () => runMarketingAutomations({ db: t.database.db, services: kit.services });
    const cancelled = async (reason: "too_expensive" | "pet_passed_away", onList: boolean) => {
      const sub = await kit.subscription({ nextOrderDate: "2031-10-10" });
      if (onList) {
        await kit.services.marketing.subscribe({ site: "d2c", email: sub.email, source: "footer" }, { ip: null });
        const confirmation = (await kit.services.mail.latest({ to: sub.email })).find((m) => m.subject.startsWith("Confirm"))!;
        const token = new URL(/https:\/\/shop\.example\/email\/confirm\?token=\S+/.exec(confirmation.text)![0]).searchParams.get("token");
        await kit.services.marketing.confirm(token, { ip: null });
      }
      expect(await kit.services.autoship.act({ customerId: sub.customerId }, sub.id, { intent: "cancel", reason })).toMatchObject({ ok: true });
      return sub.email;
    };
    const left = await cancelled("too_expensive", true);
    const grieving = await cancelled("pet_passed_away", true);
    const notOnList = await cancelled("too_expensive", false);
    const winBacks = async (email: string) => (await kit.services.mail.latest({ to: email })).filter((m) => m.subject.startsWith("We miss you"));

    kit.services.testClock!.setOffset(29 * 24 * 3_600_000);
    await winBack();
    expect(await winBacks(left)).toEqual([]);
    kit.services.testClock!.setOffset(30 * 24 * 3_600_000 + 60_000);
    await Promise.all([winBack(), winBack()]);
    await winBack();
    const [mail] = await winBacks(left);
    expect(await winBacks(left)).toHaveLength(1);
    expect(mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await winBacks(grieving)).toEqual([]);
    expect(await winBacks(notOnList)).toEqual([]);
  });
});
