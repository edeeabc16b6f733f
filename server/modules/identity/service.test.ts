import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createIdentityService, RATE_LIMITS, RESET_VALID_MS, SESSION_IDLE_MS, SIGN_IN_FAILED } from "./service";

// The identity provider against a real database, with an injected clock for expiry. Cheap scrypt
// parameters keep the suite fast; the production parameters are exercised by password.test.ts.

let database: Database;
let now = new Date("2030-01-01T12:00:00Z");
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
let identity: ReturnType<typeof createIdentityService>;

const account = (email: string) => ({
  firstName: "Sam",
  lastName: "Lee",
  email,
  password: "kibble123",
  confirmPassword: "kibble123",
  acceptsMarketing: false,
});

beforeAll(async () => {
  database = await openTestDatabase();
  identity = createIdentityService(database.db, { clock, scrypt: { N: 1024, r: 8, p: 1 } });
});
afterAll(() => database.close());

describe("register and sign in", () => {
  it("registers, signs in with a new session each time, and refuses a second account for the address", async () => {
    const first = await identity.register(account("reg@example.test"), "d2c");
    expect(first.ok).toBe(true);
    const again = await identity.register(account("reg@example.test"), "d2c");
    expect(again).toMatchObject({ ok: false, code: "EMAIL_TAKEN", field: "email" });

    const a = await identity.signIn("reg@example.test", "kibble123", "10.0.0.1");
    const b = await identity.signIn("reg@example.test", "kibble123", "10.0.0.1");
    if (!a.ok || !b.ok || !first.ok) throw new Error("sign-in failed");
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await identity.resolveSession(a.token))?.customerId).toBe(first.customerId);
  });

  it("answers a wrong password and an unknown address with the same words", async () => {
    await identity.register(account("wrong@example.test"), "d2c");
    const wrong = await identity.signIn("wrong@example.test", "not-it-123", "10.0.0.2");
    const unknown = await identity.signIn("nobody@example.test", "not-it-123", "10.0.0.2");
    expect(wrong).toEqual({ ok: false, code: "INVALID_CREDENTIALS", message: SIGN_IN_FAILED });
    expect(unknown).toEqual(wrong);
  });

  it("locks an address out after 5 failures in 15 minutes, even for the right password, then lets it in again", async () => {
    await identity.register(account("lock@example.test"), "d2c");
    for (let i = 0; i < RATE_LIMITS.sign_in.perKey; i++) {
      expect((await identity.signIn("lock@example.test", "bad-pass-1", `10.1.0.${i}`)).ok).toBe(false);
    }
    const locked = await identity.signIn("lock@example.test", "kibble123", "10.1.1.1");
    expect(locked).toEqual({ ok: false, code: "RATE_LIMITED", message: "Too many attempts, try again in 15 minutes." });
    // An unknown address is locked the same way: the answer does not tell which exists.
    for (let i = 0; i < 5; i++) await identity.signIn("ghost@example.test", "bad-pass-1", `10.2.0.${i}`);
    expect((await identity.signIn("ghost@example.test", "bad-pass-1", "10.2.1.1")).ok).toBe(false);
    expect(await identity.signIn("ghost@example.test", "x", "10.2.1.1")).toMatchObject({ code: "RATE_LIMITED" });

    advance(10 * 60_000);
    expect(await identity.signIn("lock@example.test", "kibble123", "10.1.1.1")).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many attempts, try again in 5 minutes.",
    });
    advance(5 * 60_000 + 1);
    expect((await identity.signIn("lock@example.test", "kibble123", "10.1.1.1")).ok).toBe(true);
  });

  it("locks one IP out after 20 failures across addresses", async () => {
    for (let i = 0; i < RATE_LIMITS.sign_in.perIp; i++) await identity.signIn(`spray${i}@example.test`, "bad-pass-1", "10.9.9.9");
    expect(await identity.signIn("reg@example.test", "kibble123", "10.9.9.9")).toMatchObject({ code: "RATE_LIMITED" });
    expect((await identity.signIn("reg@example.test", "kibble123", "10.9.9.8")).ok).toBe(true);
  });
});

describe("sessions", () => {
  it("expire after 14 idle days, and sign-out ends them on the server", async () => {
    const reg = await identity.register(account("sess@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    advance(SESSION_IDLE_MS - 60_000);
    expect(await identity.resolveSession(reg.token)).not.toBeNull();
    // That use slid the expiry forward; a full idle period later it is gone.
    advance(SESSION_IDLE_MS + 1);
    expect(await identity.resolveSession(reg.token)).toBeNull();

    const s = await identity.signIn("sess@example.test", "kibble123", null);
    if (!s.ok) throw new Error();
    expect(await identity.signOut(s.token)).toBe(true);
    expect(await identity.resolveSession(s.token)).toBeNull();
  });

  it("a forced refresh rotates the token: the old one stops working", async () => {
    const reg = await identity.register(account("rot@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    const fresh = await identity.refreshSession(reg.token, true);
    expect(fresh?.token).not.toBe(reg.token);
    expect(await identity.resolveSession(reg.token)).toBeNull();
    expect((await identity.resolveSession(fresh!.token))?.customerId).toBe(reg.customerId);
    expect(await identity.refreshSession(reg.token, true)).toBeNull();
  });
});

describe("password reset", () => {
  async function resetToken(email: string) {
    let token = "";
    const result = await identity.requestPasswordReset(email, "10.5.0.1", async (_to, t) => {
      token = t;
    });
    return { result, token };
  }

  it("works once, ends every session and lets the new password in", async () => {
    const reg = await identity.register(account("reset@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    const { result, token } = await resetToken("reset@example.test");
    expect(result).toEqual({ ok: true });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await identity.resetPassword(token, "newpass456")).toMatchObject({ ok: true });
    expect(await identity.resetPassword(token, "another789")).toMatchObject({ ok: false, code: "INVALID_TOKEN" });
    expect(await identity.resolveSession(reg.token)).toBeNull();
    expect((await identity.signIn("reset@example.test", "newpass456", null)).ok).toBe(true);
  });

  it("expires after one hour", async () => {
    await identity.register(account("expire@example.test"), "d2c");
    const { token } = await resetToken("expire@example.test");
    advance(RESET_VALID_MS + 1);
    expect(await identity.resetPassword(token, "newpass456")).toMatchObject({ ok: false, code: "INVALID_TOKEN" });
  });

  it("answers the same for an unknown address (and sends nothing), and is rate-limited per address", async () => {
    const { result, token } = await resetToken("unknown@example.test");
    expect(result).toEqual({ ok: true });
    expect(token).toBe("");
    await identity.register(account("flood@example.test"), "d2c");
    for (let i = 0; i < RATE_LIMITS.forgot_password.perKey; i++) expect((await resetToken("flood@example.test")).result.ok).toBe(true);
    expect((await resetToken("flood@example.test")).result).toMatchObject({ ok: false, code: "RATE_LIMITED" });
  });
});

describe("addresses and metafields are the customer's own", () => {
  it("another customer's address or metafield is neither changed nor deleted", async () => {
    const a = await identity.register(account("own-a@example.test"), "d2c");
    const b = await identity.register(account("own-b@example.test"), "d2c");
    if (!a.ok || !b.ok) throw new Error();
    const addr = { firstName: "", lastName: "", address1: "1 Main", address2: "", city: "Aurora", provinceCode: "CO", zip: "80011", countryCode: "US" as const, phone: null };
    const aAddress = (await identity.createAddress(a.customerId, addr))!;
    expect((await identity.customer(a.customerId))?.defaultAddress?.id).toBe(aAddress);
    expect(await identity.updateAddress(b.customerId, aAddress, { ...addr, city: "Evil" })).toBeNull();
    expect(await identity.deleteAddress(b.customerId, aAddress)).toBeNull();
    expect(await identity.setDefaultAddress(b.customerId, aAddress)).toBe(false);
    await identity.setMetafields(a.customerId, [{ namespace: "custom", key: "ship_to", value: "80011" }]);
    const mf = (await identity.customer(a.customerId))!.shipToZip!;
    expect(await identity.deleteMetafield(b.customerId, mf.id)).toBeNull();
    expect((await identity.customer(a.customerId))!.addresses[0].city).toBe("Aurora");
    expect(await identity.deleteMetafield(a.customerId, mf.id)).toBe(mf.id);
  });

  it("deleting the default address promotes the next one", async () => {
    const c = await identity.register(account("def@example.test"), "d2c");
    if (!c.ok) throw new Error();
    const addr = { firstName: "", lastName: "", address1: "1 Main", address2: "", city: "Aurora", provinceCode: "CO", zip: "80011", countryCode: "US" as const, phone: null };
    const first = (await identity.createAddress(c.customerId, addr))!;
    advance(1000);
    const second = (await identity.createAddress(c.customerId, { ...addr, address1: "2 Oak" }))!;
    await identity.deleteAddress(c.customerId, first);
    expect((await identity.customer(c.customerId))?.defaultAddress?.id).toBe(second);
  });
});
