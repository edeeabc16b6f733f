import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withClaims } from "../testing/tokens";
import { signedToken } from "./signed-token";

const SECRET = "test-secret-0123456789abcdefghijklmnop";
const now = new Date("2030-01-01T12:00:00.500Z");
const expiresAt = new Date("2030-01-01T12:10:00.750Z");
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const cartLink = signedToken("cart-link", z.object({ cartId: z.string() }));

describe("signed tokens", () => {
  it("carry typed claims until the whole second of their expiry", async () => {
    const signed = await cartLink.sign(SECRET, { cartId: "c1" }, expiresAt);
    expect(signed.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]{43}$/);
    expect(signed.expiresAt).toEqual(new Date("2030-01-01T12:10:00Z"));
    expect(await cartLink.read(SECRET, signed.token, now)).toEqual({ ok: true, claims: { cartId: "c1" }, expiresAt: signed.expiresAt });
    expect(await cartLink.read(SECRET, signed.token, new Date(signed.expiresAt.getTime() - 1))).toMatchObject({ ok: true });
    expect(await cartLink.read(SECRET, signed.token, signed.expiresAt)).toEqual({ ok: false, reason: "expired" });
  });

  it("a token made for another purpose, with another secret or changed by hand is tampered; junk is malformed", async () => {
    const { token } = await cartLink.sign(SECRET, { cartId: "c1" }, expiresAt);
    const otherPurpose = signedToken("other-link", z.object({ cartId: z.string() }));
    expect(await otherPurpose.read(SECRET, token, now)).toEqual({ ok: false, reason: "tampered" });
    expect(await cartLink.read(`${SECRET}-not`, token, now)).toEqual({ ok: false, reason: "tampered" });
    expect(await cartLink.read(SECRET, withClaims(token, { cartId: "c2" }), now)).toEqual({ ok: false, reason: "tampered" });
    expect(await cartLink.read(SECRET, withClaims(token, { exp: 2e9 }), now)).toEqual({ ok: false, reason: "tampered" });
    // Each of the 3 other spellings of the signature's last character (its 2 unused bits set).
    const last = BASE64URL.indexOf(token.at(-1)!);
    for (const extra of [1, 2, 3])
      expect(await cartLink.read(SECRET, `${token.slice(0, -1)}${BASE64URL[last + extra]}`, now)).toEqual({ ok: false, reason: "tampered" });
    for (const junk of ["", null, "garbage", "a.b.c", token.replace(/^[^.]+/, "eyJhbGciOiJub25lIn0")])
      expect(await cartLink.read(SECRET, junk, now)).toMatchObject({ ok: false });
    expect(await cartLink.read(SECRET, "garbage", now)).toEqual({ ok: false, reason: "malformed" });
  });

  it("claims that do not fit the kind's schema are malformed", async () => {
    const loose = signedToken("cart-link", z.object({ cartId: z.unknown() }));
    const { token } = await loose.sign(SECRET, { cartId: 7 }, expiresAt);
    expect(await cartLink.read(SECRET, token, now)).toEqual({ ok: false, reason: "malformed" });
  });
});
