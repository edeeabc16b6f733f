import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../../server/config";
import { openPostgres, type Database } from "../../../server/db/client";
import { seedIfEmpty } from "../../../server/db/seed";
import { warehouseForZip } from "../../../server/modules/catalog";
import { createServices } from "../../../server/wiring";
import type { RenewalPassResult } from "../../../server/jobs/autoship-runner";
import { cancelEverySubscription, changeSubscriptions, renewalsOf, subscriptionEventsOf } from "../../../server/testing/autoship";
import { cartLinesOf, giveCart, storedCart } from "../../../server/testing/cart";
import { seededVariants } from "../../../server/testing/catalog";
import { orderUnderKey, ordersOfCarts, renewalOrders } from "../../../server/testing/orders";
import { capturedRenewalChargeKeys, chargesUnder } from "../../../server/testing/payments";
import { renewalKit, type RenewalKit } from "../../../server/testing/renewals";
import { freeStock, stockOf } from "../../../server/testing/stock";

// Concurrency on PostgreSQL the way a fleet runs (ARCHITECTURE §6): N production server processes
// (`server/main.ts`, NODE_ENV=production) on their own ports, every one connected through PgBouncer
// in TRANSACTION pooling mode, the requests spread over them. Set up by scripts/test-hostile.ts
// (HOSTILE_PG_URL = the cluster, HOSTILE_PGBOUNCER_URL = PgBouncer in front of it); skipped without.
// The fixtures and the checks read the database directly; everything under test goes through
// PgBouncer.

const directServer = process.env.HOSTILE_PG_URL;
const pooledServer = process.env.HOSTILE_PGBOUNCER_URL;
const root = path.resolve(import.meta.dirname, "../../..");
const SERVERS = Number(process.env.HOSTILE_SERVERS ?? 3);
const ZIP = "80011";
const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900" });

let dbName: string;
let database: Database;
let services: ReturnType<typeof createServices>;
let pooledDbUrl: string;
let warehouse: string;
let variantIds: number[] = [];
const servers: { proc: ChildProcess; port: number; out: string[] }[] = [];
const sessionSecret = randomBytes(32).toString("hex");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbUrl = (server: string, name: string) => {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: directServer });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<(typeof servers)[number]> {
  const port = await freePort();
  // node with tsx's loader (not the tsx launcher): a SIGKILL reaches the server itself.
  const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: pooledDbUrl,
      SESSION_SECRET: sessionSecret,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Renewals are driven by the test's own workers, never by a server's timer.
      AUTOSHIP_SCHEDULER: "off",
      // Behind a (pretend) proxy: each test request names its own client address (one entry, so
      // left-most and right-most agree), so the card-testing limit per IP does not pool them all.
      TRUST_PROXY: "true",
      FREE_SHIPPING_THRESHOLD_CENTS: "4900",
    },
  });
  const out: string[] = [];
  proc.stdout!.on("data", (d: Buffer) => out.push(d.toString()));
  proc.stderr!.on("data", (d: Buffer) => out.push(d.toString()));
  const server = { proc, port, out };
  servers.push(server);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server on ${port} exited ${proc.exitCode}:\n${out.join("")}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await sleep(300);
  }
  throw new Error(`server on ${port} did not answer /api/health within 120 s (migrations through PgBouncer?):\n${out.join("")}`);
}

let clientN = 0;
const clientIp = () => `10.${(++clientN >> 16) & 255}.${(clientN >> 8) & 255}.${clientN & 255}`;

/** A request to server i (round robin over the fleet). */
async function call(i: number, urlPath: string, init: { json?: unknown; cookie?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const port = servers[i % servers.length]!.port;
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers: {
      // Node's fetch sends its own Host (the address it dials); the Origin must match that.
      origin: `http://127.0.0.1:${port}`,
      "content-type": "application/json",
      "x-forwarded-for": clientIp(),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 300) };
  }
  return { status: res.status, body };
}

const setAvailable = (variantId: number, available: number) => freeStock(database.db, warehouse, variantId, available);
const stock = async (variantId: number) => (await stockOf(database.db, warehouse, variantId))!;
async function guestCart(variantId: number, quantity = 1, sellingPlanId: string | null = null, codes: string[] = []) {
  const r = await services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity, sellingPlanId }]);
  if (!r.ok) throw new Error(r.message);
  if (codes.length) await services.cart.updateDiscountCodes(r.cart.id, "d2c", codes);
  return r.cart.id;
}
async function newCustomer(label: string) {
  const email = `${label}-${randomBytes(3).toString("hex")}@hostile.test`;
  const r = await services.identity.register(
    { firstName: "P", lastName: label, email, password: "kibble-hostile-1", confirmPassword: "kibble-hostile-1", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return { id: r.customerId, token: r.token, email };
}
const address = {
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
const card = { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } };
/** The key a guest's checkout is stored under (the checkout service namespaces it per guest cart). */
const storedKey = (body: { cartId: string; idempotencyKey: string }) => `checkout:guest-cart:${body.cartId}:${body.idempotencyKey}`;
const checkout = (cartId: string, key = `hostile-${randomBytes(6).toString("hex")}`) => ({
  cartId,
  idempotencyKey: key,
  email: "pat@hostile.test",
  shippingAddress: address,
  shippingMethod: "standard",
  payment: card,
});

describe.skipIf(!directServer || !pooledServer)(`${SERVERS} production servers through PgBouncer (transaction pooling)`, () => {
  beforeAll(async () => {
    dbName = `hostile_${randomBytes(5).toString("hex")}`;
    await admin((c) => c.query(`create database ${dbName}`));
    pooledDbUrl = dbUrl(pooledServer!, dbName);
    // Fixtures and checks: a direct connection. Migrated and seeded here first, so that the servers
    // start on a ready database (they migrate again — through PgBouncer — which must be a no-op).
    database = await openPostgres(dbUrl(directServer!, dbName), 5);
    await database.migrate();
    await seedIfEmpty(database);
    services = createServices(database.db, config);
    warehouse = (await warehouseForZip(database.db, ZIP))!.code;
    const rows = await seededVariants(database.db);
    variantIds = rows.filter((r) => r.sites.includes("d2c")).map((r) => r.id);
    for (let i = 0; i < SERVERS; i++) await startServer();
  }, 400_000);

  afterAll(async () => {
    for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGTERM");
    await Promise.all(servers.map((s) => (s.proc.exitCode === null && s.proc.signalCode === null ? new Promise((r) => s.proc.once("exit", r)) : null)));
    await database?.close();
    if (dbName) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => {});
  }, 60_000);

  it("every server is up, talking to PostgreSQL through PgBouncer", async () => {
    for (let i = 0; i < servers.length; i++) expect((await call(i, "/api/health")).body).toMatchObject({ status: "ok", db: "ok" });
  });

  it("no session state is left on pooled connections: start-up (migrations) holds no advisory lock afterwards", async () => {
    // A session-level pg_advisory_lock taken and released through transaction pooling may land on
    // two different server connections: the unlock misses, the lock stays held by a pooled
    // connection, and the next process to migrate waits on it (ARCHITECTURE §6: no session state).
    const held = await admin((c) =>
      c.query("select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = $1", [dbName]),
    );
    expect(held.rows[0].n).toBe(0);
  });

  it("50 parallel adds of one unit to one cart, spread over the servers → one line, exactly capped; 8 adds → exactly 8", async () => {
    const v = variantIds[3]!;
    await setAvailable(v, 1000);
    const created = await call(0, "/api/ecom/v1.0/create-cart", { json: { lineItems: [] } });
    expect(created.status).toBe(200);
    const cartId = (created.body.cart as { id: string }).id;
    const eight = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i, "/api/ecom/v1.0/add-cart-line-items", { json: { cartId, lineItems: [{ merchandiseId: String(v), quantity: 1 }] } }),
      ),
    );
    expect(eight.map((r) => r.status)).toEqual(Array(8).fill(200));
    let lines = await cartLinesOf(database.db, cartId);
    expect(lines.map((l) => l.quantity)).toEqual([8]);

    const fifty = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i, "/api/ecom/v1.0/add-cart-line-items", { json: { cartId, lineItems: [{ merchandiseId: String(v), quantity: 1 }] } }),
      ),
    );
    expect(fifty.filter((r) => r.status >= 500)).toEqual([]);
    lines = await cartLinesOf(database.db, cartId);
    // SPEC §5: an ordinary line is capped at 10; the adds beyond it are reduced, never lost or doubled.
    expect(lines.map((l) => l.quantity)).toEqual([10]);
  }, 120_000);

  it("20 checkouts at once for the last 5 units → exactly 5 orders, reserved never above on hand", async () => {
    const v = variantIds[0]!;
    await setAvailable(v, 5);
    const before = await stock(v);
    const cartIds = await Promise.all(Array.from({ length: 20 }, () => guestCart(v, 1)));
    const results = await Promise.all(cartIds.map((id, i) => call(i, "/api/checkout/place-order", { json: checkout(id) })));
    expect(
      results.filter((r) => r.status >= 500),
      JSON.stringify(results.filter((r) => r.status >= 500)),
    ).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && (r.body.error as { code: string }).code === "out_of_stock")).toBe(true);
    const after = await stock(v);
    expect(after.reserved - before.reserved).toBe(5);
    expect(after.reserved).toBeLessThanOrEqual(after.onHand);
    const placed = await ordersOfCarts(database.db, cartIds);
    expect(placed).toHaveLength(5);
  }, 120_000);

  it("checkouts of one customer racing with AUTO35 (first autoship order only) → the discount is given once per customer", async () => {
    // Six customers, each with three carts checked out at the same moment on different servers: a
    // read-then-write check of "first autoship order" lets two of them through (the race).
    const v = variantIds[1]!;
    await setAvailable(v, 500);
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => newCustomer(`auto35-${i}`)));
    const attempts = await Promise.all(
      customers.flatMap((who) =>
        [0, 1, 2].map(async () => {
          const cartId = await guestCart(v, 1, "autoship-4w", ["AUTO35"]);
          await giveCart(database.db, cartId, who.id);
          return { who, cartId };
        }),
      ),
    );
    const results = await Promise.all(
      attempts.map((a, i) => call(i, "/api/checkout/place-order", { json: checkout(a.cartId), cookie: `sessionToken=${a.who.token}` })),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const twice: string[] = [];
    for (const who of customers) {
      const paid = results
        .filter((r, i) => attempts[i]!.who === who && r.status === 200)
        .map((r) => r.body.order as { discountCodes: string[]; totalDiscounts: { amount: string } });
      const discounted = paid.filter((o) => o.discountCodes.includes("AUTO35") || Number(o.totalDiscounts.amount) > 0);
      if (discounted.length > 1) twice.push(`${who.email}: ${discounted.length} orders with AUTO35`);
    }
    expect(twice, "AUTO35 given on more than one first-autoship order").toEqual([]);
  }, 120_000);

  describe("renewal workers through PgBouncer", () => {
    let kit: RenewalKit;
    const child = path.join(root, "server/jobs/renewal-pass-child.ts");
    const worker = (env: Record<string, string>) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null; result: RenewalPassResult | null; stderr: string }>((resolve, reject) => {
        const p = spawn(process.execPath, ["--import", "tsx", child], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: pooledDbUrl, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let err = "";
        p.stdout.on("data", (d: Buffer) => (out += d.toString()));
        p.stderr.on("data", (d: Buffer) => (err += d.toString()));
        p.once("error", reject);
        p.once("exit", (code, signal) => {
          const line = out.trim().split("\n").pop();
          resolve({ code, signal, result: line ? (JSON.parse(line) as RenewalPassResult) : null, stderr: err });
        });
      });

    it("4 renewal workers at once on 12 due subscriptions → one order per subscription and cycle", async () => {
      kit = await renewalKit(database, config);
      // A pass works on the whole table: the subscriptions earlier tests created are not due here.
      await cancelEverySubscription(database.db);
      await kit.setAvailable(kit.first.id, 500);
      const who = await kit.customer();
      const cardId = await kit.card(who.id);
      const subs = [];
      for (let i = 0; i < 12; i++)
        subs.push(await kit.subscription({ nextOrderDate: "2034-01-10", customerId: who.id, email: who.email, paymentMethodId: cardId, quantity: 1 }));
      const ids = subs.map((s) => s.id);
      const startAt = String(Date.now() + 5_000);
      const runs = await Promise.all([1, 2, 3, 4].map(() => worker({ RENEWAL_NOW: "2034-01-10T08:00:00Z", START_AT: startAt, BATCH_SIZE: "2" })));
      for (const r of runs) expect(r, r.stderr).toMatchObject({ code: 0 });
      expect(runs.reduce((s, r) => s + r.result!.renewed, 0)).toBe(12);
      const paid = await renewalOrders(database.db, "2034-01-10");
      for (const id of ids)
        expect(
          paid.filter((o) => o.key?.includes(id)),
          id,
        ).toHaveLength(1);
      expect(await capturedRenewalChargeKeys(database.db, "2034-01-10")).toHaveLength(12);
      const recorded = await renewalsOf(database.db, ids);
      expect(recorded.filter((r) => r.status === "placed")).toHaveLength(12);
      const events = (await subscriptionEventsOf(database.db, ids)).filter((e) => e.kind === "renewed");
      expect(events).toHaveLength(12);
      await changeSubscriptions(database.db, ids, { status: "cancelled" });
    }, 180_000);
  });

  it("kill -9 of a checkout process between charge and commit → no half order; the retry with the same key completes it, charged once", async () => {
    const v = variantIds[2]!;
    await setAvailable(v, 10);
    const before = await stock(v);
    const cartId = await guestCart(v, 2);
    const body = checkout(cartId);
    const killed = await new Promise<{ signal: NodeJS.Signals | null; out: string }>((resolve, reject) => {
      const p = spawn(process.execPath, ["--import", "tsx", path.join(root, "tests/hostile/pg/place-order-child.ts")], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: pooledDbUrl, PLACE_ORDER: JSON.stringify({ ...body, site: "d2c", customerId: null }) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      p.stdout.on("data", (d: Buffer) => (out += d.toString()));
      p.stderr.on("data", (d: Buffer) => (out += d.toString()));
      p.once("error", reject);
      p.once("exit", (_code, signal) => resolve({ signal, out }));
    });
    expect(killed.signal, killed.out).toBe("SIGKILL");

    // No half order: nothing paid, no captured charge, the cart not checked out.
    const half = await orderUnderKey(database.db, storedKey(body));
    expect(half?.status ?? "none").not.toBe("paid");
    const captured = async () => (await chargesUnder(database.db, [`order:${storedKey(body)}`])).filter((c) => c.status === "captured").length;
    expect(await captured()).toBe(0);
    const cartRow = await storedCart(database.db, cartId);
    expect(cartRow!.status).not.toBe("checked_out");

    // The shopper retries (same key) on a live server: the order completes, charged once, stock reserved once.
    const retry = await call(1, "/api/checkout/place-order", { json: body });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.order).toMatchObject({ status: "paid" });
    expect(await captured()).toBe(1);
    const all = await ordersOfCarts(database.db, [cartId]);
    expect(all).toHaveLength(1);
    expect((await stock(v)).reserved - before.reserved).toBe(2);
    const again = await call(2, "/api/checkout/place-order", { json: body });
    expect(again.body).toMatchObject({ replayed: true });
    expect(await captured()).toBe(1);
  }, 120_000);

  it("kill -9 of a whole server in the middle of 10 checkouts → every retry completes, one order per cart, no double charge", async () => {
    const v = variantIds[4]!;
    await setAvailable(v, 100);
    const before = await stock(v);
    const victim = await startServer();
    const cartIds = await Promise.all(Array.from({ length: 10 }, () => guestCart(v, 1)));
    const bodies = cartIds.map((id) => checkout(id));
    const port = victim.port;
    const inFlight = bodies.map((b) =>
      fetch(`http://127.0.0.1:${port}/api/checkout/place-order`, {
        method: "POST",
        headers: { origin: `http://127.0.0.1:${port}`, "content-type": "application/json", "x-forwarded-for": clientIp() },
        body: JSON.stringify(b),
      }).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await sleep(40);
    victim.proc.kill("SIGKILL");
    servers.splice(servers.indexOf(victim), 1);
    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Every shopper retries with the same key on a surviving server.
    const retries = await Promise.all(bodies.map((b, i) => call(i, "/api/checkout/place-order", { json: b })));
    expect(
      retries.map((r) => r.status),
      JSON.stringify(retries.filter((r) => r.status !== 200)),
    ).toEqual(Array(10).fill(200));
    const placed = await ordersOfCarts(database.db, cartIds);
    expect(placed).toHaveLength(10);
    expect(placed.every((o) => o.status === "paid")).toBe(true);
    const charges = await chargesUnder(
      database.db,
      bodies.map((b) => `order:${storedKey(b)}`),
    );
    expect(charges.filter((c) => c.status === "captured")).toHaveLength(10);
    expect((await stock(v)).reserved - before.reserved).toBe(10);
  }, 180_000);
});
