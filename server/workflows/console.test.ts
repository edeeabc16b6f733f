import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { may, PERMISSIONS, type OperatorRole } from "../../rules/console/operator-roles";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createOperatorsService } from "../modules/operators";
import { createRateLimitService } from "../modules/rate-limit";
import { createServices } from "../wiring";
import { lowStock } from "../read-models/dashboard";
import { stepAt } from "../modules/operators";
import { totpCode } from "../testing/totp";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";

// The operator console's rules: the role × action matrix (every role against every console write,
// the refused ones audited), setup links used once, sessions that end, sign-in limits, and an audit
// log the database itself keeps append-only.

let database: Database;
let services: ReturnType<typeof createServices>;
const MISSING = "00000000-0000-4000-8000-00000000dead";

const operator = (role: OperatorRole) => operatorOf(services, role);

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({}));
}, 60_000);
afterAll(() => database.close());

describe("roles", () => {
  it("owner has everything; manager all but operators; support no refunds; content only the dashboard; fulfilment fulfils; marketing the list and campaigns", () => {
    expect(PERMISSIONS.every((p) => may("owner", p))).toBe(true);
    expect(PERMISSIONS.filter((p) => !may("manager", p))).toEqual(["operators.manage"]);
    expect(may("support", "orders.refund")).toBe(false);
    expect(may("support", "orders.cancel")).toBe(true);
    expect(may("support", "customers.erase")).toBe(false);
    expect(may("support", "catalog.manage")).toBe(false);
    expect(PERMISSIONS.filter((p) => may("content", p))).toEqual(["dashboard.view", "content.edit"]);
    expect(PERMISSIONS.filter((p) => may("fulfilment", p))).toEqual(["dashboard.view", "orders.view", "orders.fulfil"]);
    expect(PERMISSIONS.filter((p) => may("marketing", p))).toEqual(["dashboard.view", "marketing.manage", "marketing.campaigns"]);
    expect(["owner", "manager", "marketing"].every((r) => may(r as "owner", "marketing.campaigns"))).toBe(true);
    expect(["support", "content", "fulfilment"].some((r) => may(r as "owner", "marketing.campaigns"))).toBe(false);
  });
});

describe("the role × action matrix: every console write, every role", () => {
  // Each write aimed at nothing real: an allowed call reaches its workflow (and answers "not found"
  // or similar), a refused one answers FORBIDDEN and leaves a "denied" audit entry.
  const writes: ConsoleWrite[] = [
    { name: "order.fulfilled", permission: "orders.fulfil", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "fulfilled" }) },
    {
      name: "order.shipped",
      permission: "orders.fulfil",
      run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "shipped", trackingNumber: "1Z" }),
    },
    { name: "order.delivered", permission: "orders.fulfil", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "delivered" }) },
    { name: "order.cancelled", permission: "orders.cancel", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "cancelled" }) },
    { name: "order.refunded", permission: "orders.refund", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "refunded" }) },
    {
      name: "order.partial_refund",
      permission: "orders.refund",
      run: (op) => services.operatorConsole.refundOrderPart(op, { orderId: MISSING, lines: [], otherCents: 100, restock: false, reason: "Goodwill" }),
    },
    {
      name: "clinic_membership.approve",
      permission: "clinics.members",
      run: (op) => services.operatorConsole.decideMembership(op, { membershipId: MISSING, decision: "approve" }),
    },
    {
      name: "clinic_membership.end",
      permission: "clinics.members",
      run: (op) => services.operatorConsole.decideMembership(op, { membershipId: MISSING, decision: "end" }),
    },
    {
      name: "operator.invite",
      permission: "operators.manage",
      run: (op) => services.operatorConsole.inviteOperator(op, { email: "new@console.test", role: "support" }),
    },
    { name: "operator.deactivate", permission: "operators.manage", run: (op) => services.operatorConsole.deactivateOperator(op, MISSING) },
  ];
  roleMatrix(() => services, writes);
});

describe("an order moved from the console", () => {
  it("goes through the advance-order workflow; a failure is audited with its reason", async () => {
    const op = await operator("fulfilment");
    const r = await services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "fulfilled" });
    expect(r).toMatchObject({ ok: false, code: "ORDER_NOT_FOUND" });
    const [entry] = await services.operators.auditEntries({ operatorEmail: op.email });
    expect(entry).toMatchObject({ action: "order.fulfilled", outcome: "failed", targetId: MISSING, after: { error: "ORDER_NOT_FOUND" } });
  });
});

describe("operators: setup, sign-in, sessions", () => {
  it("a setup link works once; the operator signs in with the password chosen", async () => {
    const link = await services.operators.issueSetupLink({ email: "Once@Console.test", role: "support", createdBy: "test" });
    expect(await services.operators.setupLink(link.token)).toEqual({ email: "once@console.test", role: "support" });
    const first = await services.operators.completeSetup(link.token, { name: "Once", password: "correct horse battery" });
    expect(first.ok).toBe(true);
    expect(await services.operators.completeSetup(link.token, { name: "Twice", password: "another long password" })).toMatchObject({
      ok: false,
      field: "token",
    });
    expect(await services.operators.setupLink(link.token)).toBeNull();
    expect(await services.operators.signIn("once@console.test", "wrong password here", null)).toMatchObject({ ok: false, code: "INVALID" });
    const signed = await services.operators.signIn(" ONCE@console.test ", "correct horse battery", null);
    expect(signed.ok && signed.operator.role).toBe("support");
  });

  // With no operator, the first owner's link takes the e-mail chosen at setup (server/modules/operators/service.test.ts).
  it("the first owner's link (no e-mail) opens nothing once operators exist", async () => {
    expect(await services.operators.count()).toBeGreaterThan(0);
    const link = await services.operators.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    expect(await services.operators.setupLink(link.token)).toBeNull();
    expect(await services.operators.completeSetup(link.token, { name: "Owner", password: "correct horse battery", email: "First@Owner.test" })).toMatchObject({
      ok: false,
    });
  });

  it("a session ends after 30 minutes idle and after 8 hours whatever; a deactivated operator's at once", async () => {
    let now = new Date("2030-01-01T08:00:00Z");
    const ops = createOperatorsService(database.db, { rateLimit: createRateLimitService(database.db), clock: () => now });
    const link = await ops.issueSetupLink({ email: "clock@console.test", role: "manager", createdBy: "test" });
    const done = await ops.completeSetup(link.token, { name: "Clock", password: "correct horse battery" });
    if (!done.ok) throw new Error(done.message);
    for (let i = 0; i < 16; i++) {
      now = new Date(now.getTime() + 29 * 60_000);
      expect(await ops.resolveSession(done.sessionToken), `after ${(i + 1) * 29} min`).not.toBeNull();
    }
    now = new Date(now.getTime() + 29 * 60_000); // 8 h 13 min after sign-in, never idle for 30 minutes
    expect(await ops.resolveSession(done.sessionToken)).toBeNull();
    const idle = await ops.signIn("clock@console.test", "correct horse battery", null);
    if (!idle.ok) throw new Error(idle.message);
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await ops.resolveSession(idle.sessionToken)).toBeNull();
    const again = await ops.signIn("clock@console.test", "correct horse battery", null);
    if (!again.ok) throw new Error(again.message);
    await ops.deactivate(again.operator.id);
    expect(await ops.resolveSession(again.sessionToken)).toBeNull();
    expect(await ops.signIn("clock@console.test", "correct horse battery", null)).toMatchObject({ ok: false, code: "INVALID" });
  });

  it("sign-in is rate-limited per e-mail", async () => {
    await operator("support");
    let last;
    for (let i = 0; i < 6; i++) last = await services.operators.signIn("nobody-here@console.test", "wrong password", "10.9.9.9");
    expect(last).toMatchObject({ ok: false, code: "RATE_LIMITED" });
  });

  it("the audit log is append-only in the database", async () => {
    await operator("owner");
    await expect(database.db.execute(sql`update audit_log set outcome = 'ok'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await services.operators.auditEntries()).some((e) => e.action === "operator.setup")).toBe(true);
  });
});

describe("the dashboard", () => {
  it("lists published, stock-keeping variants low on stock, fewest free to sell first", async () => {
    type Row = { variant_id: number; warehouse_code: string; product_id: number; sku: string };
    const found = await database.db.execute(
      sql`select i.variant_id, i.warehouse_code, v.product_id, v.sku from inventory i join variants v on v.id = i.variant_id order by i.variant_id limit 1`,
    );
    const [row] = (found as unknown as { rows: Row[] }).rows;
    await database.db.execute(sql`update inventory set on_hand = reserved + 0 where variant_id = ${row.variant_id} and warehouse_code = ${row.warehouse_code}`);
    const all = await lowStock(database.db, 10_000);
    expect(all.rows.find((r) => r.sku === row.sku && r.available === 0)).toMatchObject({ productId: row.product_id });
    const available = all.rows.map((r) => r.available);
    expect(available).toEqual([...available].sort((a, b) => a - b));
    expect(available.every((a) => a <= 10)).toBe(true);
    expect(all.total).toBe(all.rows.length);
    const d = await services.dashboard(new Date());
    expect(d.lowStock).toEqual({ total: all.total, rows: all.rows.slice(0, 8) });
    // Unpublished, it is no longer the shop's concern.
    await database.db.execute(sql`update products set published = false where id = ${row.product_id}`);
    expect((await lowStock(database.db, 10_000)).rows.some((r) => r.sku === row.sku)).toBe(false);
    await database.db.execute(sql`update products set published = true where id = ${row.product_id}`);
  });
});

describe("two-step sign-in (TOTP)", () => {
  it("enrols with a code, then sign-in needs the current code once; a reset link clears it", async () => {
    let now = new Date("2031-03-01T09:00:00Z");
    const ops = createOperatorsService(database.db, { rateLimit: createRateLimitService(database.db), clock: () => now });
    const link = await ops.issueSetupLink({ email: "totp@console.test", role: "manager", createdBy: "test" });
    const done = await ops.completeSetup(link.token, { name: "Tess", password: "correct horse battery" });
    if (!done.ok) throw new Error(done.message);
    const op = done.operator;

    const begun = await ops.beginSecondFactor(op, "Kibble & Co");
    if (!begun.ok) throw new Error(begun.message);
    const { secret, uri } = begun;
    expect(uri).toContain(`secret=${secret}`);
    expect(await ops.hasSecondFactor(op.id)).toBe(false);
    expect(await ops.confirmSecondFactor(op, "000000")).toBe(false);
    expect(await ops.confirmSecondFactor(op, totpCode(secret, stepAt(now)))).toBe(true);
    expect(await ops.hasSecondFactor(op.id)).toBe(true);

    // Step one opens nothing; the code page's session lasts 5 minutes.
    now = new Date(now.getTime() + 60_000);
    const signed = await ops.signIn("totp@console.test", "correct horse battery", null);
    if (!signed.ok) throw new Error(signed.message);
    expect(signed.secondFactor).toBe(true);
    expect(await ops.resolveSession(signed.sessionToken)).toBeNull();
    expect(await ops.pendingSecondFactor(signed.sessionToken)).toMatchObject({ email: "totp@console.test" });
    expect(await ops.completeSecondFactor(signed.sessionToken, "123456", null)).toMatchObject({ ok: false, code: "INVALID" });
    const code = totpCode(secret, stepAt(now));
    expect(await ops.completeSecondFactor(signed.sessionToken, code, null)).toMatchObject({ ok: true });
    expect(await ops.resolveSession(signed.sessionToken)).toMatchObject({ email: "totp@console.test" });
    expect(await ops.pendingSecondFactor(signed.sessionToken)).toBeNull();

    // The same code again (another sign-in in the same 30 s): refused.
    const again = await ops.signIn("totp@console.test", "correct horse battery", null);
    if (!again.ok) throw new Error(again.message);
    expect(await ops.completeSecondFactor(again.sessionToken, code, null)).toMatchObject({ ok: false, code: "INVALID" });
    // Two requests with one fresh code at once: one passes.
    now = new Date(now.getTime() + 30_000);
    const other = await ops.signIn("totp@console.test", "correct horse battery", null);
    if (!other.ok) throw new Error(other.message);
    const fresh = totpCode(secret, stepAt(now));
    const raced = await Promise.all([ops.completeSecondFactor(again.sessionToken, fresh, null), ops.completeSecondFactor(other.sessionToken, fresh, null)]);
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    // A pending sign-in left for more than 5 minutes is gone.
    now = new Date(now.getTime() + 6 * 60_000);
    const late = raced[0].ok ? other : again;
    expect(await ops.completeSecondFactor(late.sessionToken, totpCode(secret, stepAt(now)), null)).toMatchObject({ ok: false, code: "EXPIRED" });

    // Guessing is rate-limited like passwords.
    const guess = await ops.signIn("totp@console.test", "correct horse battery", null);
    if (!guess.ok) throw new Error(guess.message);
    let last;
    for (let i = 0; i < 8; i++) last = await ops.completeSecondFactor(guess.sessionToken, "000000", null);
    expect(last).toMatchObject({ ok: false, code: "RATE_LIMITED" });

    // Turning it off takes a current code; an owner's reset link (lost phone) clears it too.
    now = new Date(now.getTime() + 60_000);
    expect(await ops.removeSecondFactor(op, "000000")).toBe(false);
    expect(await ops.beginSecondFactor(op, "Kibble & Co")).toMatchObject({ ok: false, code: "CODE_REQUIRED" });
    const reset = await ops.issueSetupLink({ email: "totp@console.test", role: "manager", createdBy: "owner" });
    expect((await ops.completeSetup(reset.token, { name: "Tess", password: "another long password" })).ok).toBe(true);
    expect(await ops.hasSecondFactor(op.id)).toBe(false);
    const entries = await ops.auditEntries({ operatorEmail: "totp@console.test" });
    expect(entries.map((e) => e.action)).toContain("operator.second_factor_on");
  });
});
