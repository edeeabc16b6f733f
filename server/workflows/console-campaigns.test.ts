import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { operatorOf, roleMatrix, type ConsoleWrite } from "../testing/console";
import { createServices, type Services } from "../wiring";

// The console's campaign writes: every role against every write (owner, manager and marketing may;
// a refusal is audited and answered FORBIDDEN), a form read by field, each move audited with the
// state before and after, the test mail to the operator's own address only.

let database: Database;
let services: Services;
const MISSING = "00000000-0000-4000-8000-000000000000";
const FORM = { name: "Spring", subject: "Spring is here", preheader: "", body: "Hello\n\nbutton: Shop | /products", site: "d2c", topic: "offers" };

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({}));
}, 60_000);
afterAll(() => database.close());

describe("the role × action matrix of campaign writes", () => {
  const c = () => services.consoleCampaigns;
  const writes: ConsoleWrite[] = [
    { name: "campaign.create", permission: "marketing.campaigns", run: (op) => c().create(op, FORM) },
    { name: "campaign.update", permission: "marketing.campaigns", run: (op) => c().update(op, MISSING, FORM) },
    { name: "campaign.schedule", permission: "marketing.campaigns", run: (op) => c().schedule(op, MISSING, "") },
    { name: "campaign.pause", permission: "marketing.campaigns", run: (op) => c().pause(op, MISSING) },
    { name: "campaign.resume", permission: "marketing.campaigns", run: (op) => c().resume(op, MISSING) },
    { name: "campaign.cancel", permission: "marketing.campaigns", run: (op) => c().cancel(op, MISSING) },
    { name: "campaign.test_send", permission: "marketing.campaigns", run: (op) => c().testSend(op, MISSING) },
  ];
  roleMatrix(() => services, writes);
});

describe("campaign writes", () => {
  it("reads the form by field, audits each move, and test-sends to the operator only", async () => {
    const op = await operatorOf(services, "marketing");
    const c = services.consoleCampaigns;
    expect(await c.create(op, { ...FORM, subject: "", lastOrder: "older" })).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { subject: "Write a subject", lastOrderDays: "Enter the last order's age in days" },
    });
    const made = await c.create(op, FORM);
    if (!made.ok) throw new Error(made.message);
    expect(await c.update(op, made.id, { ...FORM, subject: "Spring, updated" })).toMatchObject({ ok: true });
    expect(await c.schedule(op, made.id, "2020-01-01T00:00")).toMatchObject({
      ok: false,
      code: "INVALID",
      errors: { scheduleAt: "Choose a time from now on" },
    });

    expect(await c.testSend(op, made.id)).toEqual({ ok: true });
    const [test] = await services.mail.latest({ to: op.email });
    expect(test.subject).toBe("[Test] Spring, updated");

    expect(await c.schedule(op, made.id, "")).toMatchObject({ ok: true, from: "draft", to: "scheduled" });
    expect(await c.pause(op, made.id)).toMatchObject({ ok: true, to: "paused" });
    expect(await c.cancel(op, made.id)).toMatchObject({ ok: true, to: "cancelled" });
    expect(await c.resume(op, made.id)).toMatchObject({ ok: false, code: "NOT_ALLOWED" });

    const log = await services.operators.auditEntries({ targetType: "campaign", targetId: made.id, limit: 20 });
    expect(log.map((e) => [e.action, e.outcome]).reverse()).toEqual([
      ["campaign.create", "ok"],
      ["campaign.update", "ok"],
      ["campaign.test_send", "ok"],
      ["campaign.schedule", "ok"],
      ["campaign.pause", "ok"],
      ["campaign.cancel", "ok"],
      ["campaign.resume", "failed"],
    ]);
    expect(log.find((e) => e.action === "campaign.pause")).toMatchObject({ before: { state: "scheduled" }, after: { state: "paused" } });
  });
});
