import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createRateLimitService, limitedAddress, RATE_LIMITS } from "./service";

// The shared rate limiter against a real database, with an injected clock for the window.

let database: Database;
let now = new Date("2030-06-01T10:00:00Z");
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
let limits: ReturnType<typeof createRateLimitService>;

beforeAll(async () => {
  database = await openTestDatabase();
  limits = createRateLimitService(database.db, { clock: () => now });
});
afterAll(() => database.close());

describe("rate limits", () => {
  it("refuses over the per-key limit with the minutes until the oldest attempt leaves the window", async () => {
    const rule = RATE_LIMITS.contact;
    for (let i = 0; i < rule.perKey; i++) {
      expect((await limits.take("contact", "email:a@example.test", `10.60.0.${i}`)).ok).toBe(true);
      advance(60_000);
    }
    expect(await limits.take("contact", "email:a@example.test", "10.60.1.1")).toEqual({
      ok: false,
      minutes: 55,
      message: "Too many attempts, try again in 55 minutes.",
    });
    // A refused attempt is not counted: once the oldest leaves the window, one more passes.
    advance(55 * 60_000);
    expect((await limits.take("contact", "email:a@example.test", "10.60.1.1")).ok).toBe(true);
    expect((await limits.take("contact", "email:a@example.test", "10.60.1.1")).ok).toBe(false);
  });

  it("counts per IP across keys, and kinds apart", async () => {
    const rule = RATE_LIMITS.forgot_password;
    for (let i = 0; i < rule.perIp; i++) expect((await limits.take("forgot_password", `email:u${i}@example.test`, "10.61.0.1")).ok).toBe(true);
    expect((await limits.take("forgot_password", "email:new@example.test", "10.61.0.1")).ok).toBe(false);
    expect((await limits.take("forgot_password", "email:new@example.test", "10.61.0.2")).ok).toBe(true);
    expect((await limits.take("sign_in", "email:new@example.test", "10.61.0.1")).ok).toBe(true);
  });

  it("forget clears the key's attempts (a successful sign-in)", async () => {
    for (let i = 0; i < RATE_LIMITS.sign_in.perKey; i++) await limits.take("sign_in", "email:f@example.test", null);
    const last = await limits.take("sign_in", "email:f@example.test", null);
    expect(last.ok).toBe(false);
    await limits.forget("sign_in", "email:f@example.test", []);
    expect((await limits.take("sign_in", "email:f@example.test", null)).ok).toBe(true);
  });

  it("card attempts keep checkout's answer: the field and the words", async () => {
    for (let i = 0; i < RATE_LIMITS.card_payment.perKey; i++) expect(await limits.takeCardAttempt("cart-1", null)).toEqual({ ok: true });
    expect(await limits.takeCardAttempt("cart-1", null)).toEqual({
      ok: false,
      code: "RATE_LIMITED",
      message: "Too many attempts, try again in 60 minutes.",
      field: "payment.card.number",
    });
  });
});

describe("client addresses", () => {
  it("an IPv6 address counts by its /64; an IPv4-mapped one as the IPv4 address", () => {
    expect(limitedAddress("2001:db8:abcd:12::1")).toBe("2001:db8:abcd:12::/64");
    expect(limitedAddress("2001:0db8:abcd:0012:ffff:ffff:ffff:fffe")).toBe("2001:db8:abcd:12::/64");
    expect(limitedAddress("2001:DB8::1")).toBe("2001:db8:0:0::/64");
    expect(limitedAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(limitedAddress("::1")).toBe("0:0:0:0::/64");
    expect(limitedAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(limitedAddress("203.0.113.7")).toBe("203.0.113.7");
  });

  it("one host cycling through the addresses of its /64 meets one limit; the next /64 is another client", async () => {
    const rule = RATE_LIMITS.sign_in;
    for (let i = 0; i < rule.perIp; i++)
      expect((await limits.take("sign_in", `email:v6-${i}@example.test`, `2001:db8:77:1::${(i + 1).toString(16)}`)).ok).toBe(true);
    expect(await limits.take("sign_in", "email:v6-last@example.test", "2001:db8:77:1:dead:beef:0:1")).toMatchObject({ ok: false });
    expect((await limits.take("sign_in", "email:v6-last@example.test", "2001:db8:77:2::1")).ok).toBe(true);
  });
});
