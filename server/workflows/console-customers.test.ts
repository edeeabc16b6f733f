import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as csvLoader } from "../../app/routes/admin.customers.csv";
import { OPERATOR_COOKIE } from "../../rules/console/operator-roles";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { warehouseForZip } from "../modules/catalog";
import { createServices } from "../wiring";
import type { CustomerListQuery } from "../read-models/console-customer-reads";
import { subscriptionsOf } from "../testing/autoship";
import { consentOf } from "../modules/autoship";
import { cartIdsOf, giveCart } from "../testing/cart";
import { seededVariants } from "../testing/catalog";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { setPhone, storedCustomer } from "../testing/identity";
import { erasedCustomersMails } from "../testing/mail";
import { linesOf, ordersOf, storedOrder } from "../testing/orders";
import { setStock } from "../testing/stock";
import { placeOrder, type PlaceOrderInput } from "./place-order";

// The console's customers: the role × action matrix over its writes; the erasure (nothing personal
// left in any table that held it, orders and totals kept, no sign-in, idempotent, racing a
// checkout without half a change); the reset mail through the shop's own workflow; the list's
// search, filters, sort and paging; the CSV export's quoting.

let database: Database;
let services: ReturnType<typeof createServices>;
const config = parseConfig({});
const MISSING = "00000000-0000-4000-8000-00000000dead";
const ZIP = "80011";
let variantId: number;
let n = 0;

const tag = () => `cust${Date.now().toString(36)}${++n}`;
const address = (first = "Robin", street = "12 Secret Lane") => ({
  firstName: first,
  lastName: "Hartley",
  address1: street,
  address2: "Apt 9",
  city: "Aurora",
  provinceCode: "CO",
  zip: ZIP,
  countryCode: "US" as const,
  phone: "303-555-0199",
});

async function customer(email: string, site: "d2c" | "hpsf" = "d2c", first = "Robin", last = "Hartley") {
  const base = { firstName: first, lastName: last, email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: true };
  const reg = await services.identity.register(
    site === "hpsf" ? { ...base, roleCode: "TECH" as const, graduationYear: null, currentSchoolName: null, acceptsProgramTerms: true } : base,
    site,
  );
  if (!reg.ok) throw new Error(reg.message);
  await setPhone(database.db, reg.customerId, "303-555-0199");
  return reg.customerId;
}

/** A cart of the customer's (as the cart module stores a signed-in shopper's). */
async function cartOf(customerId: string, sellingPlanId: string | null = "autoship-4w") {
  const r = await services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity: 1, sellingPlanId }]);
  if (!r.ok) throw new Error(r.message);
  await giveCart(database.db, r.cart.id, customerId);
  return r.cart.id;
}

const checkout = (customerId: string, email: string, cartId: string, shippingAddress = address()): PlaceOrderInput => ({
  site: "d2c",
  cartId,
  customerId,
  email,
  shippingAddress,
  shippingMethod: "standard",
  payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
  idempotencyKey: `erase-${Math.random()}`,
});
const place = (input: PlaceOrderInput) => placeOrder({ db: database.db, services, config }, input);

/** Rows of a table whose text (every column) mentions any of `needles`. */
async function rowsMentioning(table: string, needles: readonly string[]): Promise<number> {
  const r = (await database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} t where ${sql.join(
      needles.map((x) => sql`t::text ilike ${`%${x}%`}`),
      sql` or `,
    )}`,
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0].n;
}
const PERSONAL_TABLES = [
  "customers",
  "customer_addresses",
  "customer_metafields",
  "sessions",
  "password_resets",
  "orders",
  "subscriptions",
  "autoship_consents",
  "carts",
  "checkout_sessions",
  "payment_methods",
  "mail_outbox",
  "auth_attempts",
  "marketing_subscribers",
];

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, config);
  variantId = (await seededVariants(database.db)).find((v) => v.sites.includes("d2c"))!.id;
  const warehouse = (await warehouseForZip(database.db, ZIP))!.code;
  await setStock(database.db, { warehouseCode: warehouse, variantId, onHand: 10_000, reserved: 0 });
}, 60_000);
afterAll(() => database.close());

describe("the role × action matrix: the customers' console writes", () => {
  const writes: ConsoleWrite[] = [
    {
      name: "customer.password_reset_mail",
      permission: "customers.view",
      run: (op) => services.consoleCustomers.sendPasswordReset(op, { customerId: MISSING, requestUrl: "http://localhost/admin" }),
    },
    {
      name: "customer.erase",
      permission: "customers.erase",
      run: (op) => services.consoleCustomers.erase(op, { customerId: MISSING, confirmEmail: "nobody@example.test" }),
    },
  ];
  roleMatrix(() => services, writes);
});

describe("password-reset mail", () => {
  it("goes out through the shop's forgot-password workflow; the operator and the audit log never see the link", async () => {
    const email = `${tag()}@example.test`;
    const id = await customer(email);
    const op = await operatorOf(services, "support");
    const r = await services.consoleCustomers.sendPasswordReset(op, { customerId: id, requestUrl: "http://localhost/admin/customers/x" });
    expect(r).toEqual({ ok: true });
    const [mail] = await services.mail.latest({ to: email });
    expect(mail).toMatchObject({ template: "passwordReset" });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect(mail.text).toContain("http://localhost/shelter/reset-password?token=");
    const [entry] = await services.operators.auditEntries({ operatorEmail: op.email });
    expect(entry).toMatchObject({ action: "customer.password_reset_mail", outcome: "ok", targetId: id });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(email);
    // The link works: it is the shop's own.
    expect(await services.identity.resetPassword(token, "a brand new password")).toMatchObject({ ok: true, customerId: id });
  });

  it("a staff account's link points at the staff site", async () => {
    const email = `${tag()}@example.test`;
    const id = await customer(email, "hpsf");
    const op = await operatorOf(services, "manager");
    expect(await services.consoleCustomers.sendPasswordReset(op, { customerId: id, requestUrl: "http://localhost:3000/admin/customers/x" })).toEqual({
      ok: true,
    });
    const [mail] = await services.mail.latest({ to: email });
    expect(mail.text).toContain("http://pro.localhost:3000/shelter/reset-password?token=");
  });
});

describe("erasing a customer's personal data", () => {
  it("leaves nothing personal in any table, keeps the orders and their totals, ends sign-in, and a second erasure is harmless", async () => {
    const t = tag();
    const email = `${t}@example.test`;
    const [last, street] = [`Hartley${t}`, `12 Secret${t} Lane`];
    const id = await customer(email, "d2c", "Robin", last);
    await services.identity.createAddress(id, { ...address("Robin", street), lastName: last });
    await services.identity.setMetafields(id, [{ namespace: "custom", key: "pet", value: `${street} dog` }]);
    // With checkout's "Email me" ticked: the marketing list asks the address to confirm.
    const paid = await place({ ...checkout(id, email, await cartOf(id), { ...address("Robin", street), lastName: last }), acceptsEmailMarketing: true });
    if (!paid.ok) throw new Error(paid.message);
    expect(await services.marketing.byAddress(email)).toMatchObject([{ site: "d2c", state: "pending", source: "checkout", customerId: id }]);
    await cartOf(id, null); // an open cart besides
    await services.identity.signIn(email, "not the password", "10.1.2.3"); // a rate-limit row naming the address
    await services.identity.requestPasswordReset(email, null, async () => {});
    const before = await storedOrder(database.db, paid.order.id);
    const linesBefore = await linesOf(database.db, before.id);
    const needles = [email, street, last];
    expect(await rowsMentioning("orders", needles)).toBeGreaterThan(0);
    expect((await subscriptionsOf(database.db, id))[0]?.status).toBe("active");

    const op = await operatorOf(services, "manager");
    // A mistyped confirmation changes nothing.
    expect(await services.consoleCustomers.erase(op, { customerId: id, confirmEmail: "someone@else.test" })).toMatchObject({
      ok: false,
      code: "CONFIRMATION_MISMATCH",
      field: "confirmEmail",
    });
    expect(await rowsMentioning("customers", [email])).toBe(1);

    const r = await services.consoleCustomers.erase(op, { customerId: id, confirmEmail: ` ${email.toUpperCase()} ` });
    expect(r).toMatchObject({
      ok: true,
      counts: { orders: 1, addresses: 1, metafields: 1, paymentMethods: 1, carts: 2, cancelledSubscriptions: 1, marketingSubscribers: 1 },
    });
    for (const table of PERSONAL_TABLES) expect(await rowsMentioning(table, needles), table).toBe(0);

    const account = await storedCustomer(database.db, id);
    expect(account).toMatchObject({ firstName: "Erased", lastName: "", phone: null, acceptsMarketing: false });
    expect(account.email).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
    // The order stays for the books: totals, lines and SKUs as they were; where it went only by ZIP and state.
    const after = await storedOrder(database.db, before.id);
    expect(after).toMatchObject({ number: before.number, status: "paid", totalCents: before.totalCents, taxCents: before.taxCents, email: account.email });
    expect(after.shippingAddress).toMatchObject({ firstName: "Erased", address1: "Erased", zip: ZIP, provinceCode: "CO", phone: null });
    expect(await linesOf(database.db, before.id)).toEqual(linesBefore);
    const [sub] = await subscriptionsOf(database.db, id);
    expect(sub).toMatchObject({ status: "cancelled", cancelReason: "account_erased", paymentMethodId: null });
    // The proof of consent to the Autoship is kept (a legal duty), without the address.
    expect(await consentOf(database.db, sub.id)).toMatchObject({ orderNumber: before.number, email: account.email });
    // No sign-in, no reset, whatever password.
    expect(await services.identity.signIn(email, "kibble123", null)).toMatchObject({ ok: false });
    expect(await services.identity.signIn(account.email, "erased", null)).toMatchObject({ ok: false });
    // The audit entry names ids and counts, not the person.
    const [entry] = await services.operators.auditEntries({ operatorEmail: op.email });
    expect(entry).toMatchObject({ action: "customer.erase", outcome: "ok", targetId: id });
    for (const x of needles) expect(JSON.stringify(entry)).not.toContain(x);

    // Again (confirmed with the placeholder the page now shows): nothing more to do, nothing breaks.
    const again = await services.consoleCustomers.erase(op, { customerId: id, confirmEmail: account.email });
    expect(again).toMatchObject({ ok: true, counts: { orders: 1, addresses: 0, paymentMethods: 0, carts: 0, cancelledSubscriptions: 0, mails: 0 } });
    expect((await storedOrder(database.db, before.id)).totalCents).toBe(before.totalCents);
    expect(await services.consoleCustomers.sendPasswordReset(op, { customerId: id, requestUrl: "http://localhost/admin" })).toMatchObject({
      ok: false,
      code: "ERASED",
    });
  });

  it("racing a checkout of the same customer leaves no half change: no live order, card, cart or subscription from after it", async () => {
    const op = await operatorOf(services, "owner");
    for (let round = 0; round < 4; round++) {
      const t = tag();
      const email = `${t}@example.test`;
      const id = await customer(email, "d2c", "Robin", `Hartley${t}`);
      const cartId = await cartOf(id);
      const [placed, erased] = await Promise.all([
        place(checkout(id, email, cartId, { ...address("Robin", `1 Race${t} Road`), lastName: `Hartley${t}` })),
        services.consoleCustomers.erase(op, { customerId: id, confirmEmail: email }),
      ]);
      expect(erased.ok, `round ${round}`).toBe(true);
      for (const table of PERSONAL_TABLES) expect(await rowsMentioning(table, [email, `Race${t}`, `Hartley${t}`]), `${table}, round ${round}`).toBe(0);
      const rows = await ordersOf(database.db, id);
      const subs = await subscriptionsOf(database.db, id);
      expect(subs.every((s) => s.status === "cancelled")).toBe(true);
      // Either the checkout won (a paid order, anonymised) or the erasure did (no order, or one cancelled unpaid).
      if (placed.ok) expect(rows.map((r) => r.status)).toEqual(["paid"]);
      else expect(rows.every((r) => r.status === "cancelled")).toBe(true);
      expect(await cartIdsOf(database.db, id)).toEqual([]);
    }
  });
});

describe("the customer list", () => {
  it("searches e-mail, name and phone; filters by site, staff membership and Autoship; sorts and pages on the server", async () => {
    const t = tag();
    const a = await customer(`a-${t}@example.test`, "d2c", "Alma");
    const b = await customer(`b-${t}@example.test`, "d2c", "Bea");
    const c = await customer(`c-${t}@example.test`, "hpsf", "Cyd");
    await setPhone(database.db, b, `(720) 555-${String(n).padStart(4, "0")}`);
    const paid = await place(checkout(a, `a-${t}@example.test`, await cartOf(a)));
    if (!paid.ok) throw new Error(paid.message);
    const base: CustomerListQuery = { q: t, site: null, staff: null, autoship: null, sort: "email", dir: "asc", page: 1, pageSize: 2 };
    const list = (over: Partial<CustomerListQuery>) => services.customerReads.list({ ...base, ...over });

    const p1 = await list({});
    expect(p1.total).toBe(3);
    expect(p1.rows.map((r) => r.id)).toEqual([a, b]);
    expect((await list({ page: 2 })).rows.map((r) => r.id)).toEqual([c]);
    expect((await list({ dir: "desc" })).rows.map((r) => r.id)).toEqual([c, b]);
    expect((await list({ sort: "orders", dir: "desc", pageSize: 1 })).rows.map((r) => [r.id, r.orders])).toEqual([[a, 1]]);
    expect((await list({ site: "hpsf" })).rows.map((r) => r.id)).toEqual([c]);
    expect((await list({ autoship: true })).rows.map((r) => r.id)).toEqual([a]);
    expect((await list({ autoship: false, pageSize: 10 })).rows.map((r) => r.id)).toEqual([b, c]);
    expect((await list({ staff: true })).total).toBe(0);
    expect((await list({ q: "Bea Hartley" })).rows.map((r) => r.id)).toEqual([b]);
    expect((await list({ q: `720-555-${String(n).padStart(4, "0")}` })).rows.map((r) => r.id)).toEqual([b]);
    // Digits inside a word are not a phone search.
    expect((await list({ q: `zz720555${String(n).padStart(4, "0")}zz` })).total).toBe(0);
    // A LIKE wildcard in the search is a character, not "anything".
    expect((await list({ q: `%${t}` })).total).toBe(0);
    expect((await list({ page: 5 })).total).toBe(3);
  });

  it("the CSV export has the list's rows, cells quoted and formulas defused, and needs a signed-in operator", async () => {
    const t = tag();
    await customer(`csv-${t}@example.test`, "d2c", '=HYPERLINK("x"),"Jo"');
    const link = await services.operators.issueSetupLink({ email: `csv-${t}@console.test`, role: "support", createdBy: "test" });
    const done = await services.operators.completeSetup(link.token, { name: "csv", password: "correct horse battery" });
    if (!done.ok) throw new Error(done.message);
    const request = new Request(`http://localhost/admin/customers/export.csv?q=${t}`, { headers: { cookie: `${OPERATOR_COOKIE}=${done.sessionToken}` } });
    const res = (await csvLoader({ context: { services, config }, request, params: {} } as unknown as Parameters<typeof csvLoader>[0])) as Response;
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,email,first_name,last_name,phone,site,orders,joined_at_utc");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`csv-${t}@example.test,"'=HYPERLINK(""x""),""Jo""",Hartley,303-555-0199,d2c,0,`);
  });
});

describe("mail outbox after an erasure", () => {
  it("keeps that mails were sent, not to whom or what they said", async () => {
    const email = `${tag()}@example.test`;
    const id = await customer(email);
    await services.identity.requestPasswordReset(email, null, (to) =>
      services.mail.send({ template: "passwordReset", to: to.email, content: { subject: "Reset", text: "Hi Robin", html: "Hi Robin" } }),
    );
    const op = await operatorOf(services, "owner");
    const r = await services.consoleCustomers.erase(op, { customerId: id, confirmEmail: email });
    expect(r).toMatchObject({ ok: true, counts: { mails: 1 } });
    const rows = await erasedCustomersMails(database.db);
    expect(rows.some((m) => m.subject === "Reset" && !m.text.includes("Robin"))).toBe(true);
  });
});
