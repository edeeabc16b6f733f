import { describe, expect, it } from "vitest";
import { changePasswordSchema, registerSchema, resetPasswordSchema } from "./forms";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { staffRegisterSchema } from "../staff/roles";

// The most common passwords are refused wherever a new password is chosen (storefront registration,
// staff registration, reset, change; the console's setup checks the same list), case-insensitively,
// with the message next to the password field.

describe("common passwords", () => {
  it("knows the passwords guessing tools try first, whatever their case", () => {
    for (const p of ["password1", "Password1", "PASSWORD123", "qwerty123", "iloveyou1", " letmein1 ", "1q2w3e4r", "password1234"])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ["kibble123", "correct horse battery", "Tabby-and-Rex-2031"]) expect(isCommonPassword(p), p).toBe(false);
  });

  it("every schema for a new password refuses one, on the password field", () => {
    const person = { firstName: "Sam", lastName: "Lee", email: "sam@example.test" };
    const pair = (p: string) => ({ password: p, confirmPassword: p });
    const staff = { roleCode: "STUDENT", graduationYear: "2030", currentSchoolName: "Vet School", acceptProgramTerms: "on" };
    const refusals = [
      registerSchema.safeParse({ ...person, ...pair("Password1") }),
      staffRegisterSchema.safeParse({ ...person, ...staff, ...pair("Password1") }),
      resetPasswordSchema.safeParse({ token: "t".repeat(43), ...pair("Password1") }),
      changePasswordSchema.safeParse({ currentPassword: "kibble123", ...pair("Password1") }),
    ];
    for (const r of refusals) {
      expect(r.success).toBe(false);
      expect(r.error!.issues.filter((i) => i.path[0] === "password").map((i) => i.message)).toEqual([COMMON_PASSWORD_MESSAGE]);
    }
    expect(registerSchema.safeParse({ ...person, ...pair("Tabby-and-Rex-2031") }).success).toBe(true);
  });
});
