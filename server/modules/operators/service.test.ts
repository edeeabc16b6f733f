import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { hashPassword } from "../identity";
import { newToken } from "../identity";
import { createRateLimitService, RATE_LIMITS } from "../rate-limit";
import { createOperatorsService, type OperatorsService } from "./service";
import { totpCode } from "../../testing/totp";
import { stepAt } from "./totp";

// Setup links and the second factor against the ways in they must not open: an older link, the
// first owner's link aimed at an existing operator, a flood of made-up links (each a password hash),
// and an open session moving the second factor to another phone.

vi.mock("../identity/password", async (original) => {
  const real = await original<typeof import("../identity/password")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let database: Database;
let now = new Date("2032-02-01T09:00:00Z");
let ops: OperatorsService;
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  database = await openTestDatabase();
  ops = createOperatorsService(database.db, { rateLimit: createRateLimitService(database.db, { clock: () => now }), clock: () => now });
});
afterAll(() => database.close());
beforeEach(() => {
  vi.mocked(hashPassword).mockClear();
  now = new Date(now.getTime() + 20 * 60_000);
});

async function setUp(email: string, role: "owner" | "manager" | "support" = "support") {
  const link = await ops.issueSetupLink({ email, role, createdBy: "test" });
  const done = await ops.completeSetup(link.token, { name: email, password: PASSWORD });
  if (!done.ok) throw new Error(done.message);
  return done;
}

describe("setup links", () => {
  it("the first owner's link: each new one revokes the older; it creates the first operator and then opens nothing", async () => {
    const older = await ops.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    const newer = await ops.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    expect(await ops.setupLink(older.token)).toBeNull();
    expect(await ops.completeSetup(older.token, { name: "Old", password: PASSWORD, email: "old@owner.test" })).toMatchObject({ ok: false, field: "token" });
    expect(await ops.setupLink(newer.token)).toEqual({ email: "", role: "owner" });
    const owner = await ops.completeSetup(newer.token, { name: "Owner", password: PASSWORD, email: "First@Owner.test" });
    expect(owner.ok && owner.operator).toMatchObject({ email: "first@owner.test", role: "owner" });
    // Another start before the owner signed in again: no first-owner link works once an operator exists.
    const late = await ops.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    expect(await ops.setupLink(late.token)).toBeNull();
    expect(await ops.completeSetup(late.token, { name: "Late", password: PASSWORD, email: "late@owner.test" })).toMatchObject({ ok: false });
  });

  it("a first owner's link cannot take over an existing operator: no new password, second factor kept, sessions alive", async () => {
    const victim = await setUp("victim@console.test", "manager");
    const { secret } = (await ops.beginSecondFactor(victim.operator, "Shop")) as { secret: string };
    expect(await ops.confirmSecondFactor(victim.operator, totpCode(secret, stepAt(now)))).toBe(true);
    // An operator exists, so the attacker's (older, still unexpired) first-start link is no use; the
    // same holds for a link issued while there was none, used after.
    const link = await ops.issueSetupLink({ email: "", role: "owner", createdBy: "first start" });
    vi.mocked(hashPassword).mockClear();
    const taken = await ops.completeSetup(link.token, { name: "Mallory", password: "mallory's long password", email: "VICTIM@console.test" });
    expect(taken.ok).toBe(false);
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled();
    expect(await ops.signIn("victim@console.test", "mallory's long password", null)).toMatchObject({ ok: false, code: "INVALID" });
    expect(await ops.hasSecondFactor(victim.operator.id)).toBe(true);
    expect(await ops.resolveSession(victim.sessionToken)).toMatchObject({ email: "victim@console.test", role: "manager" });
  });

  it("a new link for an address revokes the older one for it", async () => {
    const first = await ops.issueSetupLink({ email: "colleague@console.test", role: "support", createdBy: "owner" });
    const other = await ops.issueSetupLink({ email: "someone-else@console.test", role: "support", createdBy: "owner" });
    const second = await ops.issueSetupLink({ email: "Colleague@console.test", role: "manager", createdBy: "owner" });
    expect(await ops.setupLink(first.token)).toBeNull();
    expect(await ops.completeSetup(first.token, { name: "C", password: PASSWORD })).toMatchObject({ ok: false, field: "token" });
    expect(await ops.setupLink(other.token)).toEqual({ email: "someone-else@console.test", role: "support" });
    expect((await ops.completeSetup(second.token, { name: "C", password: PASSWORD })).ok).toBe(true);
  });

  it("a reset link (lost password or phone) ends every session of that operator", async () => {
    const op = await setUp("reset-me@console.test", "support");
    const elsewhere = await ops.signIn("reset-me@console.test", PASSWORD, null);
    if (!elsewhere.ok) throw new Error(elsewhere.message);
    const reset = await ops.issueSetupLink({ email: "reset-me@console.test", role: "support", createdBy: "owner" });
    const done = await ops.completeSetup(reset.token, { name: "Reset", password: "a brand new password" });
    expect(done.ok).toBe(true);
    expect(await ops.resolveSession(op.sessionToken)).toBeNull();
    expect(await ops.resolveSession(elsewhere.sessionToken)).toBeNull();
    expect(done.ok && (await ops.resolveSession(done.sessionToken))).toMatchObject({ email: "reset-me@console.test" });
  });

  it("a made-up or spent link costs no password hash, and tries are limited per link and per IP", async () => {
    for (let i = 0; i < 5; i++)
      expect(await ops.completeSetup(newToken(), { name: "X", password: PASSWORD, email: "x@console.test" }, "10.9.0.1")).toMatchObject({ ok: false });
    const spent = await ops.issueSetupLink({ email: "spent@console.test", role: "support", createdBy: "owner" });
    expect((await ops.completeSetup(spent.token, { name: "S", password: PASSWORD })).ok).toBe(true);
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1);
    expect(await ops.completeSetup(spent.token, { name: "S", password: PASSWORD })).toMatchObject({ ok: false, field: "token" });
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1);
    // The IP's tries: RATE_LIMITS.operator_setup.perIp in the window, then refused before anything else.
    for (let i = 5; i < RATE_LIMITS.operator_setup.perIp; i++) await ops.completeSetup(newToken(), { name: "X", password: PASSWORD }, "10.9.0.1");
    const good = await ops.issueSetupLink({ email: "blocked@console.test", role: "support", createdBy: "owner" });
    expect(await ops.completeSetup(good.token, { name: "B", password: PASSWORD }, "10.9.0.1")).toMatchObject({
      ok: false,
      field: "form",
      message: expect.stringMatching(/Too many attempts/),
    });
    expect((await ops.completeSetup(good.token, { name: "B", password: PASSWORD }, "10.9.0.2")).ok).toBe(true);
  });
});

describe("setup links under concurrency", () => {
  it("one link used twice at once creates one operator; links issued at once leave one working", async () => {
    const link = await ops.issueSetupLink({ email: "race@console.test", role: "support", createdBy: "owner" });
    const raced = await Promise.all([
      ops.completeSetup(link.token, { name: "A", password: PASSWORD }),
      ops.completeSetup(link.token, { name: "B", password: "another long password" }),
    ]);
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    const links = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map(() => ops.issueSetupLink({ email: "race-2@console.test", role: "support", createdBy: "owner" })),
    );
    const live = await Promise.all(links.map((l) => ops.setupLink(l.token)));
    expect(live.filter(Boolean)).toHaveLength(1);
  });
});

describe("second factor", () => {
  it("replacing a confirmed second factor takes a current code; an open session alone cannot swap the secret", async () => {
    const op = await setUp("phone@console.test", "manager");
    const first = await ops.beginSecondFactor(op.operator, "Shop");
    if (!first.ok) throw new Error(first.message);
    expect(await ops.confirmSecondFactor(op.operator, totpCode(first.secret, stepAt(now)))).toBe(true);

    // Someone at the open session asks for a new secret without the phone: refused, nothing pending.
    expect(await ops.beginSecondFactor(op.operator, "Shop")).toMatchObject({ ok: false, code: "CODE_REQUIRED" });
    expect(await ops.beginSecondFactor(op.operator, "Shop", "000000")).toMatchObject({ ok: false, code: "CODE_REQUIRED" });
    // A code of a secret they made up before (the old flow: begin, then confirm) confirms nothing.
    expect(await ops.confirmSecondFactor(op.operator, "123456")).toBe(false);

    // The owner of the phone: the current code, then the new app's code, in the same 30 seconds.
    now = new Date(now.getTime() + 60_000);
    const replaced = await ops.beginSecondFactor(op.operator, "Shop", totpCode(first.secret, stepAt(now)));
    if (!replaced.ok) throw new Error(replaced.message);
    expect(replaced.secret).not.toBe(first.secret);
    expect(await ops.confirmSecondFactor(op.operator, totpCode(replaced.secret, stepAt(now)))).toBe(true);
    const signed = await ops.signIn("phone@console.test", PASSWORD, null);
    if (!signed.ok) throw new Error(signed.message);
    now = new Date(now.getTime() + 30_000);
    expect(await ops.completeSecondFactor(signed.sessionToken, totpCode(first.secret, stepAt(now)), null)).toMatchObject({ ok: false, code: "INVALID" });
    expect(await ops.completeSecondFactor(signed.sessionToken, totpCode(replaced.secret, stepAt(now)), null)).toMatchObject({ ok: true });
  });
});
