import { Secret, URI } from "otpauth";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../testing/totp";
import { acceptedStep, newTotpSecret, otpauthUri, stepAt } from "./totp";

// RFC 6238 appendix B (SHA-1): the secret "12345678901234567890"; our 6-digit codes are the last 6
// of the RFC's 8.
const RFC_SECRET = Secret.fromLatin1("12345678901234567890").base32;

describe("TOTP", () => {
  it("accepts the RFC 6238 test vectors at their time", () => {
    for (const [seconds, code] of [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
    ] as const) {
      const now = new Date(seconds * 1000);
      expect(acceptedStep(RFC_SECRET, code.slice(-6), now, null)).toBe(Math.floor(seconds / 30));
      expect(acceptedStep(RFC_SECRET, code.slice(-6), new Date(now.getTime() + 60_000), null)).toBeNull();
    }
  });

  it("a new secret is 160 bits of base32", () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(newTotpSecret()).bytes).toHaveLength(20);
  });

  it("accepts the code of the step before, this one and the next, once, and nothing else", () => {
    const secret = newTotpSecret();
    const now = new Date("2030-01-01T12:00:10Z");
    const step = stepAt(now);
    expect(step).toBe(Math.floor(now.getTime() / 30_000));
    expect(acceptedStep(secret, totpCode(secret, step), now, null)).toBe(step);
    expect(acceptedStep(secret, totpCode(secret, step - 1), now, null)).toBe(step - 1);
    expect(acceptedStep(secret, ` ${totpCode(secret, step + 1).slice(0, 3)} ${totpCode(secret, step + 1).slice(3)} `, now, null)).toBe(step + 1);
    expect(acceptedStep(secret, totpCode(secret, step - 2), now, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, step + 2), now, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, step), now, step)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, step - 1), now, step - 1)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, step + 1), now, step)).toBe(step + 1);
    expect(acceptedStep(secret, "12345", now, null)).toBeNull();
    expect(acceptedStep(secret, "abcdef", now, null)).toBeNull();
  });

  it("makes the otpauth link apps read: issuer, account, secret, SHA-1, 6 digits, 30 seconds", () => {
    const secret = newTotpSecret();
    const uri = otpauthUri("Kibble & Co", "ops@example.test", secret);
    expect(uri).toBe(`otpauth://totp/Kibble%20%26%20Co:ops%40example.test?issuer=Kibble%20%26%20Co&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(URI.parse(uri)).toMatchObject({
      issuer: "Kibble & Co",
      label: "ops@example.test",
      algorithm: "SHA1",
      digits: 6,
      period: 30,
      secret: { base32: secret },
    });
  });
});
