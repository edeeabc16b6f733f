import { describe, expect, it } from "vitest";
import { acceptedStep, base32Decode, base32Encode, newTotpSecret, otpauthUri, stepAt, totpCode } from "./totp";

// RFC 6238 appendix B (SHA-1): the secret "12345678901234567890", 8 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    for (const [seconds, code] of [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
    ] as const)
      expect(totpCode(RFC_SECRET, stepAt(new Date(seconds * 1000)), 8)).toBe(code);
    expect(totpCode(RFC_SECRET, 1)).toBe("287082");
  });

  it("base32 round-trips; a new secret is 160 bits", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
    expect(() => base32Decode("not base32!")).toThrow();
  });

  it("accepts the code of the step before, this one and the next, once, and nothing else", () => {
    const secret = newTotpSecret();
    const now = new Date("2030-01-01T12:00:10Z");
    const step = stepAt(now);
    expect(acceptedStep(secret, totpCode(secret, step), now, null)).toBe(step);
    expect(acceptedStep(secret, totpCode(secret, step - 1), now, null)).toBe(step - 1);
    expect(acceptedStep(secret, ` ${totpCode(secret, step + 1).slice(0, 3)} ${totpCode(secret, step + 1).slice(3)} `, now, null)).toBe(step + 1);
    expect(acceptedStep(secret, totpCode(secret, step - 2), now, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, step), now, step)).toBeNull();
    expect(acceptedStep(secret, "12345", now, null)).toBeNull();
    expect(acceptedStep(secret, "abcdef", now, null)).toBeNull();
  });

  it("makes the otpauth link apps read", () => {
    expect(otpauthUri("Kibble & Co", "ops@example.test", "ABC")).toBe("otpauth://totp/Kibble%20%26%20Co%3Aops%40example.test?secret=ABC&issuer=Kibble%20%26%20Co&algorithm=SHA1&digits=6&period=30");
  });
});
