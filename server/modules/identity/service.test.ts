import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { parseConfig } from "../../config";
import { openTestDatabase } from "../../db/test-database";
import { createServices } from "../../wiring";
import {
  createIdentityService,
  MAX_ADDRESSES_PER_CUSTOMER,
  MAX_METAFIELDS_PER_CUSTOMER,
  RATE_LIMITS,
  RESET_VALID_MS,
  SESSION_MAX_MS,
  sessionIdleMs,
  SIGN_IN_FAILED,
} from "./service";

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
    // A request's identity in one query: the session and the customer it signs in, on its own site only.
    const signedIn = await identity.resolveSignedIn(a.token, "d2c");
    expect(signedIn?.session.customerId).toBe(first.customerId);
    expect(signedIn?.customer).toEqual(await identity.summary(first.customerId));
    expect(await identity.resolveSignedIn(a.token, "hpsf")).toBeNull();
    expect(await identity.resolveSignedIn("not-a-token", "d2c")).toBeNull();
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
  // The default inactivity setting, 1800 s, plus the grace to answer the warning: 32 minutes.
  const IDLE_MS = sessionIdleMs(1800);

  it("idle out with the inactivity setting (plus two minutes to answer the warning), not after days", async () => {
    expect(IDLE_MS).toBe(32 * 60_000);
    const reg = await identity.register(account("idle@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    expect(reg.expiresAt.getTime() - now.getTime()).toBe(IDLE_MS);
    advance(IDLE_MS + 1);
    expect(await identity.resolveSession(reg.token)).toBeNull();

    // Configured shorter: the server follows.
    const short = createIdentityService(database.db, { clock, scrypt: { N: 1024, r: 8, p: 1 }, sessionIdleMs: sessionIdleMs(60) });
    const s = await short.signIn("idle@example.test", "kibble123", null);
    if (!s.ok) throw new Error();
    advance(sessionIdleMs(60) - 1000);
    expect(await short.resolveSession(s.token)).not.toBeNull();
    advance(sessionIdleMs(60) + 1);
    expect(await short.resolveSession(s.token)).toBeNull();
  });

  it("the shop's services take the idle timeout from INACTIVITY_SECONDS", async () => {
    const services = createServices(database.db, parseConfig({ INACTIVITY_SECONDS: "600" }));
    const before = Date.now();
    const reg = await services.identity.register(account("config-idle@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    const lifetime = reg.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(600_000 + 2 * 60_000);
    expect(lifetime).toBeLessThan(600_000 + 2 * 60_000 + 10_000);
  });

  it("slide with use, but never outlive the absolute maximum of 30 days", async () => {
    // A long inactivity setting (two days) so a daily use keeps the session alive.
    const daily = createIdentityService(database.db, { clock, scrypt: { N: 1024, r: 8, p: 1 }, sessionIdleMs: 2 * 24 * 3600_000 });
    const reg = await daily.register(account("max@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    const started = now.getTime();
    while (now.getTime() + 24 * 3600_000 < started + SESSION_MAX_MS) {
      advance(24 * 3600_000);
      expect(await daily.resolveSession(reg.token)).not.toBeNull();
    }
    advance(started + SESSION_MAX_MS - now.getTime());
    expect(await daily.resolveSession(reg.token)).toBeNull();
  });

  it("expire after the idle time, and sign-out ends them on the server", async () => {
    const reg = await identity.register(account("sess@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    advance(IDLE_MS - 60_000);
    expect(await identity.resolveSession(reg.token)).not.toBeNull();
    // That use slid the expiry forward; a full idle period later it is gone.
    advance(IDLE_MS + 1);
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
    const addr = {
      firstName: "",
      lastName: "",
      address1: "1 Main",
      address2: "",
      city: "Aurora",
      provinceCode: "CO",
      zip: "80011",
      countryCode: "US" as const,
      phone: null,
    };
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
    const addr = {
      firstName: "",
      lastName: "",
      address1: "1 Main",
      address2: "",
      city: "Aurora",
      provinceCode: "CO",
      zip: "80011",
      countryCode: "US" as const,
      phone: null,
    };
    const first = (await identity.createAddress(c.customerId, addr))!;
    advance(1000);
    const second = (await identity.createAddress(c.customerId, { ...addr, address1: "2 Oak" }))!;
    await identity.deleteAddress(c.customerId, first);
    expect((await identity.customer(c.customerId))?.defaultAddress?.id).toBe(second);
  });
});

describe("registration is rate-limited before any password is hashed", () => {
  it("per address: the sixth try within the hour is refused", async () => {
    await identity.register(account("again@example.test"), "d2c", "10.20.0.1");
    for (let i = 1; i < RATE_LIMITS.register.perKey; i++) {
      expect(await identity.register(account("again@example.test"), "d2c", `10.20.0.${i + 1}`)).toMatchObject({ code: "EMAIL_TAKEN" });
    }
    expect(await identity.register(account("again@example.test"), "d2c", "10.20.1.1")).toEqual({
      ok: false,
      code: "RATE_LIMITED",
      field: "form",
      message: "Too many attempts, try again in 60 minutes.",
    });
  });

  it(`per IP: ${RATE_LIMITS.register.perIp} accounts an hour from one address, then refused; another IP is not affected`, async () => {
    for (let i = 0; i < RATE_LIMITS.register.perIp; i++) expect((await identity.register(account(`ip${i}@example.test`), "d2c", "10.21.0.1")).ok).toBe(true);
    expect(await identity.register(account("ip-extra@example.test"), "d2c", "10.21.0.1")).toMatchObject({ code: "RATE_LIMITED" });
    expect((await identity.register(account("ip-extra@example.test"), "d2c", "10.21.0.2")).ok).toBe(true);
  });

  it("a refused registration costs no scrypt work", async () => {
    // Parameters scrypt refuses: any hashing would throw instead of answering.
    const noHashing = createIdentityService(database.db, { clock, scrypt: { N: 1000, r: 8, p: 1 } });
    for (let i = 0; i < RATE_LIMITS.register.perIp; i++) await identity.register(account(`nohash${i}@example.test`), "d2c", "10.22.0.1");
    expect(await identity.register(account("nohash-last@example.test"), "d2c", "10.22.0.1")).toMatchObject({ code: "RATE_LIMITED" });
    expect(await noHashing.register(account("nohash-extra@example.test"), "d2c", "10.22.0.1")).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("password reset checks the link before hashing, and is rate-limited", () => {
  it("an unknown, used or expired link is refused without any scrypt work", async () => {
    const noHashing = createIdentityService(database.db, { clock, scrypt: { N: 1000, r: 8, p: 1 } });
    const reg = await identity.register(account("cheap-reset@example.test"), "d2c");
    if (!reg.ok) throw new Error();
    let token = "";
    await identity.requestPasswordReset("cheap-reset@example.test", "10.30.0.1", async (_to, t) => {
      token = t;
    });
    const unknown = "A".repeat(43);
    expect(await noHashing.resetPassword(unknown, "newpass456", "10.30.0.2")).toMatchObject({ code: "INVALID_TOKEN" });
    advance(RESET_VALID_MS + 1);
    expect(await noHashing.resetPassword(token, "newpass456", "10.30.0.2")).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("tries of reset links are limited per IP", async () => {
    for (let i = 0; i < RATE_LIMITS.reset_password.perIp; i++) {
      expect(await identity.resetPassword(`${"B".repeat(40)}${String(i).padStart(3, "0")}`, "newpass456", "10.31.0.1")).toMatchObject({
        code: "INVALID_TOKEN",
      });
    }
    expect(await identity.resetPassword("C".repeat(43), "newpass456", "10.31.0.1")).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("a customer's addresses and metafields have a maximum", () => {
  const addr = {
    firstName: "",
    lastName: "",
    address1: "1 Main",
    address2: "",
    city: "Aurora",
    provinceCode: "CO",
    zip: "80011",
    countryCode: "US" as const,
    phone: null,
  };

  it(`refuses address number ${MAX_ADDRESSES_PER_CUSTOMER + 1} with a clear message; deleting one makes room`, async () => {
    const c = await identity.register(account("many-addr@example.test"), "d2c");
    if (!c.ok) throw new Error();
    let last = "";
    for (let i = 0; i < MAX_ADDRESSES_PER_CUSTOMER; i++) {
      const added = await identity.addAddress(c.customerId, { ...addr, address1: `${i} Main` });
      if (!added?.ok) throw new Error(`address ${i} refused`);
      last = added.id;
    }
    expect(await identity.addAddress(c.customerId, addr)).toEqual({
      ok: false,
      code: "ADDRESS_LIMIT",
      field: "address",
      message: `You can keep at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Delete one to add another.`,
    });
    expect(await identity.createAddress(c.customerId, addr)).toBeNull();
    expect((await identity.customer(c.customerId))!.addresses).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
    await identity.deleteAddress(c.customerId, last);
    expect(await identity.addAddress(c.customerId, addr)).toMatchObject({ ok: true });
  });

  it(`refuses metafields beyond ${MAX_METAFIELDS_PER_CUSTOMER}, but still updates existing ones`, async () => {
    const c = await identity.register(account("many-mf@example.test"), "d2c");
    if (!c.ok) throw new Error();
    const fields = Array.from({ length: MAX_METAFIELDS_PER_CUSTOMER }, (_, i) => ({ namespace: "custom", key: `k${i}`, value: "v" }));
    expect(await identity.setMetafields(c.customerId, fields)).toEqual({ ok: true });
    expect(await identity.setMetafields(c.customerId, [{ namespace: "custom", key: "one_more", value: "v" }])).toEqual({
      ok: false,
      code: "METAFIELD_LIMIT",
      field: "updateInput.metafields",
      message: `A customer can have at most ${MAX_METAFIELDS_PER_CUSTOMER} metafields. Delete one to add another.`,
    });
    expect(await identity.setMetafields(c.customerId, [{ namespace: "custom", key: "k0", value: "changed" }])).toEqual({ ok: true });
    expect(await identity.metafield(c.customerId, "custom", "k0")).toMatchObject({ value: "changed" });
    expect(await identity.metafield(c.customerId, "custom", "one_more")).toBeNull();
  });

  it("the same key twice in one call is one metafield, the last value winning", async () => {
    const c = await identity.register(account("dup-mf@example.test"), "d2c");
    if (!c.ok) throw new Error();
    const twice = [
      { namespace: "custom", key: "ship_to", value: "1" },
      { namespace: "custom", key: "ship_to", value: "2" },
    ];
    expect(await identity.setMetafields(c.customerId, twice)).toEqual({ ok: true });
    expect(await identity.metafield(c.customerId, "custom", "ship_to")).toMatchObject({ value: "2" });
  });
});

describe("changing a password is rate-limited like signing in", () => {
  it(`${RATE_LIMITS.change_password.perKey} wrong current passwords, then refused (the right one too) until the window passes; a success clears the count`, async () => {
    const reg = await identity.register(account("change-limit@example.test"), "d2c");
    if (!reg.ok) throw new Error("register failed");
    const { sessionId } = (await identity.resolveSession(reg.token))!;
    const change = (current: string, ip: string) => identity.changePassword(reg.customerId, current, "kibble456", sessionId, ip);
    for (let i = 0; i < RATE_LIMITS.change_password.perKey; i++)
      expect(await change(`wrong-${i}-pass`, `10.40.0.${i + 1}`)).toMatchObject({ code: "WRONG_PASSWORD" });
    expect(await change("kibble123", "10.40.1.1")).toMatchObject({ ok: false, code: "RATE_LIMITED", field: "currentPassword" });
    advance(RATE_LIMITS.change_password.windowMs + 1);
    expect(await change("wrong-again", "10.40.1.1")).toMatchObject({ code: "WRONG_PASSWORD" });
    expect(await change("kibble123", "10.40.1.1")).toEqual({ ok: true });
    for (let i = 0; i < RATE_LIMITS.change_password.perKey - 1; i++)
      expect(await identity.changePassword(reg.customerId, "nope", "kibble789", sessionId, "10.40.2.1")).toMatchObject({ code: "WRONG_PASSWORD" });
  });

  it("a refused change is refused before the current password is checked", async () => {
    const reg = await identity.register(account("change-nohash@example.test"), "d2c");
    if (!reg.ok) throw new Error("register failed");
    const noHashing = createIdentityService(database.db, { clock, scrypt: { N: 1000, r: 8, p: 1 } });
    const { sessionId } = (await identity.resolveSession(reg.token))!;
    for (let i = 0; i < RATE_LIMITS.change_password.perKey; i++)
      await identity.changePassword(reg.customerId, `wrong-${i}-pass`, "kibble456", sessionId, "10.41.0.1");
    expect(await noHashing.changePassword(reg.customerId, "wrong-x", "kibble456", sessionId, "10.41.0.1")).toMatchObject({ code: "RATE_LIMITED" });
  });
});
