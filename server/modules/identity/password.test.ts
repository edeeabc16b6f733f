import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT, hashPassword, verifyPassword } from "./password";

describe("password hashing (scrypt)", () => {
  it("stores the parameters and a per-password salt, and verifies only the right password", async () => {
    const a = await hashPassword("kibble123");
    const b = await hashPassword("kibble123");
    expect(a).toMatch(new RegExp(`^scrypt\\$${DEFAULT_SCRYPT.N}\\$8\\$1\\$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain("kibble123");
    expect(await verifyPassword("kibble123", a)).toBe(true);
    expect(await verifyPassword("kibble124", a)).toBe(false);
    expect(await verifyPassword("kibble123", "garbage")).toBe(false);
  });
});
