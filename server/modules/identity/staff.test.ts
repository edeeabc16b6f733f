import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { staffRegisterSchema } from "../../../rules/staff/roles";
import { createIdentityService } from "./service";

// Staff accounts (SPEC §3 staff-feeding user): one account per site and address, a staff profile
// created with the account, sessions good on their own site only.

let database: Database;
let identity: ReturnType<typeof createIdentityService>;

const base = { firstName: "Ana", lastName: "Ruiz", email: "ana@clinic.test", password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false };
const staffInput = (over: Record<string, unknown> = {}) => staffRegisterSchema.parse({ ...base, roleCode: "DVM", acceptsProgramTerms: true, ...over });

beforeAll(async () => {
  database = await openTestDatabase();
  identity = createIdentityService(database.db, { scrypt: { N: 1024, r: 8, p: 1 } });
});
afterAll(() => database?.close());

describe("staff accounts", () => {
  it("the same address has a shop account and a staff account, each with its own password and sessions", async () => {
    const shop = await identity.register(base, "d2c");
    const staff = await identity.register(staffInput({ password: "clinic-pass-2", confirmPassword: "clinic-pass-2" }), "hpsf");
    if (!shop.ok || !staff.ok) throw new Error("registration failed");
    expect(staff.customerId).not.toBe(shop.customerId);
    expect(await identity.register(base, "d2c")).toMatchObject({ ok: false, code: "EMAIL_TAKEN" });
    expect(await identity.register(staffInput(), "hpsf")).toMatchObject({ ok: false, code: "EMAIL_TAKEN" });

    expect(await identity.signIn(base.email, "kibble123", null, "d2c")).toMatchObject({ ok: true, customerId: shop.customerId });
    expect(await identity.signIn(base.email, "clinic-pass-2", null, "hpsf")).toMatchObject({ ok: true, customerId: staff.customerId });
    expect(await identity.signIn(base.email, "kibble123", null, "hpsf")).toMatchObject({ ok: false, code: "INVALID_CREDENTIALS" });

    expect(await identity.resolveSession(shop.token)).toMatchObject({ customerId: shop.customerId, site: "d2c" });
    expect(await identity.resolveSession(staff.token)).toMatchObject({ customerId: staff.customerId, site: "hpsf" });
    expect(await identity.staffProfile(shop.customerId)).toBeNull();
    expect(await identity.staffProfile(staff.customerId)).toEqual({
      roleCode: "DVM",
      graduationYear: null,
      currentSchoolName: null,
      accountGroup: null,
      preferredShipTo: null,
      storeSoldTo: null,
    });
  });

  it("a staff account cannot be created without the staff fields", async () => {
    await expect(identity.register({ ...base, email: "no-role@clinic.test" }, "hpsf")).rejects.toThrow(/staff registration fields/);
  });

  it("sets and clears the clinic identity data", async () => {
    const r = await identity.register(staffInput({ email: "tech@clinic.test", roleCode: "TECH" }), "hpsf");
    if (!r.ok) throw new Error(r.message);
    await identity.setStaffIdentity(r.customerId, { accountGroup: "SF_TECH", preferredShipTo: "T1234567", storeSoldTo: "S1234567" });
    expect(await identity.staffProfile(r.customerId)).toMatchObject({ accountGroup: "SF_TECH", preferredShipTo: "T1234567", storeSoldTo: "S1234567" });
    await identity.setStaffIdentity(r.customerId, null);
    expect(await identity.staffProfile(r.customerId)).toMatchObject({ accountGroup: null, preferredShipTo: null, storeSoldTo: null });
  });
});

describe("staff registration input", () => {
  it("asks students for their graduation year and school, and everyone for the program terms", () => {
    const r = staffRegisterSchema.safeParse({ ...base, roleCode: "STUDENT" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["graduationYear", "currentSchoolName", "acceptsProgramTerms"]));
    expect(staffRegisterSchema.safeParse({ ...base, roleCode: "CEO", acceptsProgramTerms: "on" }).error!.issues[0]!.path).toEqual(["roleCode"]);
  });

  it("drops student fields for other roles and keeps them for students", () => {
    expect(staffInput({ graduationYear: "2027", currentSchoolName: "X" })).toMatchObject({ roleCode: "DVM", graduationYear: null, currentSchoolName: null });
    expect(staffInput({ roleCode: "STUDENT", graduationYear: "2027", currentSchoolName: "Northfield" })).toMatchObject({
      graduationYear: 2027,
      currentSchoolName: "Northfield",
    });
    expect(
      staffRegisterSchema.safeParse({ ...base, roleCode: "STUDENT", graduationYear: "1800", currentSchoolName: "N", acceptsProgramTerms: true }).error!
        .issues[0]!.path,
    ).toEqual(["graduationYear"]);
  });
});
