import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { may, PERMISSIONS, type OperatorRole } from "../../rules/operator-roles";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { seedIfEmpty } from "../db/seed";
import { openTestDatabase } from "../db/test-database";
import { createOperatorsService } from "../modules/operators/service";
import { createRateLimitService } from "../modules/rate-limit/service";
import { createServices } from "../services";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";

// The operator console's rules: the role × action matrix (every role against every console write,
// the refused ones audited), setup links used once, sessions that end, sign-in limits, and an audit
// log the database itself keeps append-only.

let database: Database;
let services: ReturnType<typeof createServices>;
const MISSING = "00000000-0000-4000-8000-00000000dead";

const operator = (role: OperatorRole) => operatorOf(services, role);

beforeAll(async () => {
  database = await openTestDatabase();
  await seedIfEmpty(database);
  services = createServices(database.db, parseConfig({}));
}, 60_000);
afterAll(() => database.close());

describe("roles", () => {
  it("owner has everything; manager all but operators; support no refunds; content only the dashboard; fulfilment fulfils", () => {
    expect(PERMISSIONS.every((p) => may("owner", p))).toBe(true);
    expect(PERMISSIONS.filter((p) => !may("manager", p))).toEqual(["operators.manage"]);
    expect(may("support", "orders.refund")).toBe(false);
    expect(may("support", "orders.cancel")).toBe(true);
    expect(may("support", "customers.erase")).toBe(false);
    expect(may("support", "catalog.manage")).toBe(false);
    expect(PERMISSIONS.filter((p) => may("content", p))).toEqual(["dashboard.view", "content.edit"]);
    expect(PERMISSIONS.filter((p) => may("fulfilment", p))).toEqual(["dashboard.view", "orders.view", "orders.fulfil"]);
  });
});

describe("the role × action matrix: every console write, every role", () => {
  // Each write aimed at nothing real: an allowed call reaches its workflow (and answers "not found"
  // or similar), a refused one answers FORBIDDEN and leaves a "denied" audit entry.
  const writes: ConsoleWrite[] = [
    { name: "order.fulfilled", permission: "orders.fulfil", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "fulfilled" }) },
    { name: "order.shipped", permission: "orders.fulfil", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "shipped", trackingNumber: "1Z" }) },
    { name: "order.delivered", permission: "orders.fulfil", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "delivered" }) },
    { name: "order.cancelled", permission: "orders.cancel", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "cancelled" }) },
    { name: "order.refunded", permission: "orders.refund", run: (op) => services.operatorConsole.advanceOrder(op, { orderId: MISSING, to: "refunded" }) },
    { name: "clinic_membership.approve", permission: "clinics.members", run: (op) => services.operatorConsole.decideMembership(op, { membershipId: MISSING, decision: "approve" }) },
    { name: "clinic_membership.end", permission: "clinics.members", run: (op) => services.operatorConsole.decideMembership(op, { membershipId: MISSING, decision: "end" }) },
    { name: "operator.invite", permission: "operators.manage", run: (op) => services.operatorConsole.inviteOperator(op, { email: "new@console.test", role: "support" }) },
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
    expect(await services.operators.completeSetup(link.token, { name: "Twice", password: "another long password" })).toMatchObject({ ok: false, field: "token" });
    expect(await services.operators.setupLink(link.token)).toBeNull();
    expect(await services.operators.signIn("once@console.test", "wrong password here", null)).toMatchObject({ ok: false, code: "INVALID" });
    const signed = await services.operators.signIn(" ONCE@console.test ", "correct horse battery", null);
    expect(signed.ok && signed.operator.role).toBe("support");
  });

  it("the first owner's link names no e-mail: it is chosen at setup", async () => {
    const link = await services.operators.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    expect(await services.operators.completeSetup(link.token, { name: "Owner", password: "correct horse battery" })).toMatchObject({ ok: false });
    const link2 = await services.operators.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    const done = await services.operators.completeSetup(link2.token, { name: "Owner", password: "correct horse battery", email: "First@Owner.test" });
    expect(done.ok && done.operator).toMatchObject({ email: "first@owner.test", role: "owner" });
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
