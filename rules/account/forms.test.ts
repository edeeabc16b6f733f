import { describe, expect, it } from "vitest";
import { addressSchema, contactSchema, loginSchema, registerSchema } from "./forms";
import { fieldErrors } from "../shared/zod-errors";

const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]));

describe("account form schemas", () => {
  it("normalises the e-mail and names the bad field", () => {
    expect(loginSchema.parse({ email: "  Sam@Example.TEST ", password: "x" }).email).toBe("sam@example.test");
    expect(errorsOf(loginSchema.safeParse({ email: "nope", password: "" }))).toEqual({
      email: "Enter a valid email address",
      password: "Enter your password",
    });
  });

  it("registration needs a strong, repeated password", () => {
    const base = { firstName: "Sam", lastName: "Lee", email: "sam@example.test", password: "kibble123", confirmPassword: "kibble123" };
    expect(registerSchema.safeParse(base).success).toBe(true);
    expect(errorsOf(registerSchema.safeParse({ ...base, password: "short", confirmPassword: "short" })).password).toMatch(/at least 8/);
    expect(errorsOf(registerSchema.safeParse({ ...base, password: "onlyletters", confirmPassword: "onlyletters" })).password).toMatch(/letter and one number/);
    expect(errorsOf(registerSchema.safeParse({ ...base, confirmPassword: "kibble124" })).confirmPassword).toBe("The passwords do not match");
  });

  it("addresses: a US state of the 51, a 5-digit ZIP, the street and the city", () => {
    const ok = { address1: "1 Main St", city: "Aurora", provinceCode: "co", zip: "80011" };
    expect(addressSchema.parse(ok)).toMatchObject({ provinceCode: "CO", countryCode: "US", address2: "", phone: null });
    expect(addressSchema.safeParse({ ...ok, provinceCode: "DC" }).success).toBe(true);
    expect(errorsOf(addressSchema.safeParse({ ...ok, provinceCode: "PR", zip: "8001", address1: " ", city: "" }))).toEqual({
      provinceCode: "Choose a state",
      zip: "Enter a 5-digit ZIP code",
      address1: "Enter the street address",
      city: "Enter the city",
    });
    expect(errorsOf(addressSchema.safeParse({ ...ok, countryCode: "CA" })).countryCode).toMatch(/United States/);
    expect(errorsOf(addressSchema.safeParse({ ...ok, phone: "abc" })).phone).toBe("Enter a valid phone number");
  });

  it("contact messages need a subject from the list and a real message", () => {
    const errors = errorsOf(contactSchema.safeParse({ firstName: "A", lastName: "B", email: "a@b.test", subject: "Spam", message: "hi" }));
    expect(errors).toEqual({ subject: "Choose a subject", message: "Write at least 10 characters" });
  });
});
