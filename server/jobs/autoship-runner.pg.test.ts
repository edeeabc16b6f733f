import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { openPostgres, type Database } from "../db/client";
import { createScratchDatabase } from "../db/test-database";
import { seedIfEmpty } from "../db/seed";
import { RENEWAL_LEASE_MS } from "../workflows/renew-subscription";
import type { RenewalPassResult } from "./autoship-runner";
import { cancelEverySubscription, renewalsOf, storedSubscription, subscriptionEventsOf } from "../testing/autoship";
import { linesOf, orderUnderKey, renewalOrders } from "../testing/orders";
import { capturedRenewalChargeKeys } from "../testing/payments";
import { renewalKit, type RenewalKit } from "../testing/renewals";

// Several worker PROCESSES running the renewal pass at the same time against one PostgreSQL place
// each due order exactly once (two Autoships that share a box: one order with both lines), and a
// worker killed mid-pass (SIGKILL right after its first order is paid, before the renewal is
// recorded) leaves nothing half-done: the next pass completes the work. Runs under `npm run test:pg` (TEST_DATABASE_URL); skipped on PGlite, which
// is a single process's database.

const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, "../..");
const child = path.join(root, "server/jobs/renewal-pass-child.ts");
const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900" });

let databaseUrl: string;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let database: Database;
let kit: RenewalKit;

type Run = { code: number | null; signal: NodeJS.Signals | null; result: RenewalPassResult | null; stderr: string };

/** One renewal pass in a child process (server/jobs/renewal-pass-child.ts). */
function worker(env: { RENEWAL_NOW: string; START_AT?: number; BATCH_SIZE?: number; CRASH_AFTER_ORDER?: boolean }): Promise<Run> {
  return new Promise((resolve, reject) => {
    // node itself with tsx's loader (not the tsx launcher, which would stand between us and the kill).
    const p = spawn(process.execPath, ["--import", "tsx", child], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        RENEWAL_NOW: env.RENEWAL_NOW,
        START_AT: String(env.START_AT ?? 0),
        BATCH_SIZE: String(env.BATCH_SIZE ?? 2),
        CRASH_AFTER_ORDER: env.CRASH_AFTER_ORDER ? "1" : "0",
      },
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
}

async function dueSubscriptions(n: number, cycleDate: string) {
  const who = await kit.customer();
  const card = await kit.card(who.id);
  const subs = [];
  for (let i = 0; i < n; i++)
    subs.push(await kit.subscription({ nextOrderDate: cycleDate, customerId: who.id, email: who.email, paymentMethodId: card, quantity: 1 + (i % 3) }));
  return subs;
}

/** Per subscription: its renewal orders, captured charges, recorded cycles and "renewed" events. */
async function ledger(ids: string[]) {
  const { db } = database;
  const placed = await renewalOrders(db);
  const charges = await capturedRenewalChargeKeys(db);
  const renewals = await renewalsOf(db, ids);
  const renewed = (await subscriptionEventsOf(db, ids)).filter((e) => e.kind === "renewed");
  const rows = await Promise.all(ids.map((id) => storedSubscription(db, id)));
  const count = (keys: string[], id: string) => keys.filter((k) => k.includes(`renewal:${id}:`)).length;
  return ids.map((id) => ({
    orders: count(
      placed.filter((o) => o.status === "paid").map((o) => o.key),
      id,
    ),
    charges: count(charges, id),
    recorded: renewals.filter((r) => r.subscriptionId === id && r.status === "placed").length,
    events: renewed.filter((e) => e.subscriptionId === id).length,
    nextOrderDate: rows.find((r) => r.id === id)!.nextOrderDate,
    claimed: rows.find((r) => r.id === id)!.renewalClaimedUntil,
  }));
}

describe.skipIf(!serverUrl)("renewal workers against PostgreSQL", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    databaseUrl = scratch.url;
    database = await openPostgres(databaseUrl, 5);
    await database.migrate();
    await seedIfEmpty(database);
    kit = await renewalKit(database, config);
  }, 120_000);
  // Each test starts with no live subscription: a pass works on the whole table.
  afterEach(() => cancelEverySubscription(database.db));
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it("four worker processes at once on 30 due subscriptions place each order exactly once", async () => {
    await kit.setAvailable(kit.first.id, 500);
    const before = await kit.stock(kit.first.id);
    const subs = await dueSubscriptions(30, "2033-01-10");
    const startAt = Date.now() + 6_000;
    const runs = await Promise.all([1, 2, 3, 4].map(() => worker({ RENEWAL_NOW: "2033-01-10T08:00:00Z", START_AT: startAt, BATCH_SIZE: 2 })));
    for (const r of runs) expect(r, r.stderr).toMatchObject({ code: 0 });
    const results = runs.map((r) => r.result!);
    expect(results.reduce((s, r) => s + r.renewed, 0)).toBe(30);
    expect(results.reduce((s, r) => s + r.errors, 0)).toBe(0);
    // They really shared the work.
    expect(results.filter((r) => r.renewed > 0).length).toBeGreaterThanOrEqual(2);

    const rows = await ledger(subs.map((s) => s.id));
    expect(
      rows.every((r) => r.orders === 1 && r.charges === 1 && r.recorded === 1 && r.events === 1 && r.nextOrderDate === "2033-02-07" && r.claimed === null),
    ).toBe(true);
    const quantities = subs.reduce((s, x) => s + x.quantity, 0);
    expect((await kit.stock(kit.first.id)).reserved - before.reserved).toBe(quantities);

    // Passes after that (the operator's script among them) find nothing left to do.
    const again = await worker({ RENEWAL_NOW: "2033-01-10T09:00:00Z" });
    expect(again.result).toMatchObject({ renewed: 0, errors: 0 });
  }, 180_000);

  it("four worker processes at once on two Autoships due the same day to the same address place one order with both lines", async () => {
    await kit.setAvailable(kit.first.id, 500);
    await kit.setAvailable(kit.second.id, 500);
    const who = await kit.customer();
    const card = await kit.card(who.id);
    const mine = { nextOrderDate: "2033-05-09", customerId: who.id, email: who.email, paymentMethodId: card };
    const subs = [await kit.subscription({ ...mine, variantId: kit.first.id, quantity: 2 }), await kit.subscription({ ...mine, variantId: kit.second.id })];
    const ids = subs.map((s) => s.id).sort();
    const startAt = Date.now() + 6_000;
    const runs = await Promise.all([1, 2, 3, 4].map(() => worker({ RENEWAL_NOW: "2033-05-09T08:00:00Z", START_AT: startAt, BATCH_SIZE: 1 })));
    for (const r of runs) expect(r, r.stderr).toMatchObject({ code: 0 });
    expect(runs.reduce((s, r) => s + r.result!.renewed, 0)).toBe(2);
    expect(runs.reduce((s, r) => s + r.result!.errors, 0)).toBe(0);

    const placed = (await renewalOrders(database.db, "2033-05-09")).filter((o) => o.status === "paid");
    expect(placed).toEqual([{ key: `renewal:${ids[0]}:2033-05-09`, status: "paid" }]);
    const order = await orderUnderKey(database.db, placed[0].key);
    expect((await linesOf(database.db, order.id)).map((l) => [l.variantId, l.quantity]).sort()).toEqual(
      [
        [kit.first.id, 2],
        [kit.second.id, 1],
      ].sort(),
    );
    expect(await capturedRenewalChargeKeys(database.db, "2033-05-09")).toHaveLength(1);
    const recorded = await renewalsOf(database.db, ids);
    expect(recorded.map((r) => [r.status, r.orderId])).toEqual([
      ["placed", order.id],
      ["placed", order.id],
    ]);
    for (const id of ids) expect(await storedSubscription(database.db, id)).toMatchObject({ nextOrderDate: "2033-06-06", renewalClaimedUntil: null });
  }, 180_000);

  it("a worker killed right after its first order leaves nothing half-done; the next passes complete the work", async () => {
    await kit.setAvailable(kit.first.id, 500);
    const subs = await dueSubscriptions(10, "2033-03-07");
    const ids = subs.map((s) => s.id);
    const now = Date.parse("2033-03-07T08:00:00Z");

    const killed = await worker({ RENEWAL_NOW: new Date(now).toISOString(), BATCH_SIZE: 2, CRASH_AFTER_ORDER: true });
    expect(killed.signal).toBe("SIGKILL");
    let rows = await ledger(ids);
    // One order was placed and paid; nothing recorded or advanced; the killed worker's batch stays leased.
    expect(rows.filter((r) => r.orders === 1)).toHaveLength(1);
    expect(rows.reduce((s, r) => s + r.recorded + r.events, 0)).toBe(0);
    expect(rows.every((r) => r.nextOrderDate === "2033-03-07")).toBe(true);
    expect(rows.filter((r) => r.claimed !== null)).toHaveLength(2);

    // A pass while the lease runs renews the others and leaves the killed worker's batch alone.
    const during = await worker({ RENEWAL_NOW: new Date(now + 60_000).toISOString() });
    expect(during.result).toMatchObject({ renewed: 8, errors: 0 });
    // Once the lease lapses, the next pass settles the paid order (no second charge) and advances.
    const after = await worker({ RENEWAL_NOW: new Date(now + RENEWAL_LEASE_MS + 60_000).toISOString() });
    expect(after.result).toMatchObject({ renewed: 2, errors: 0 });

    rows = await ledger(ids);
    expect(
      rows.every((r) => r.orders === 1 && r.charges === 1 && r.recorded === 1 && r.events === 1 && r.nextOrderDate === "2033-04-04" && r.claimed === null),
    ).toBe(true);
    expect(await renewalOrders(database.db, "2033-03-07")).toHaveLength(10);
  }, 180_000);
});
