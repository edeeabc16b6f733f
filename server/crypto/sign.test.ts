import { describe, expect, it } from "vitest";
import { hmac, sameBytes, sign, verifySignature } from "./sign";

// Known answers: RFC 4231 test case 2 and values computed with `openssl dgst -sha256 -hmac`.
describe("hmac", () => {
  it("is HMAC-SHA256", () => {
    expect(hmac("Jefe", "what do ya want for nothing?").toString("hex")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });
});

describe("sign and verifySignature", () => {
  it("signs purpose:message as base64url of 43 characters", () => {
    expect(sign("Jefe", "receipt", "order-1")).toBe(hmac("Jefe", "receipt:order-1").toString("base64url"));
    expect(sign("Jefe", "receipt", "order-1")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts its own signature only, for the same key, purpose and message", () => {
    const s = sign("secret", "multipass", "payload");
    expect(verifySignature("secret", "multipass", "payload", s)).toBe(true);
    expect(verifySignature("other", "multipass", "payload", s)).toBe(false);
    expect(verifySignature("secret", "receipt", "payload", s)).toBe(false);
    expect(verifySignature("secret", "multipass", "payload2", s)).toBe(false);
    expect(verifySignature("secret", "multipass", "payload", s.slice(1))).toBe(false);
    expect(verifySignature("secret", "multipass", "payload", "")).toBe(false);
  });
});

describe("sameBytes", () => {
  it("compares contents and lengths", () => {
    expect(sameBytes(Buffer.from("abc"), Buffer.from("abc"))).toBe(true);
    expect(sameBytes(Buffer.from("abc"), Buffer.from("abd"))).toBe(false);
    expect(sameBytes(Buffer.from("abc"), Buffer.from("abcd"))).toBe(false);
  });
});
