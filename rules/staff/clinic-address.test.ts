import { describe, expect, it } from "vitest";
import { matchSavedAddress } from "./clinic-address";

const clinic = { address1: "12 Elm St", address2: "Suite 4", city: "Aurora", provinceCode: "CO", zip: "80011" };

describe("clinic address match (SPEC §5)", () => {
  it("matches a saved address only when all five parts agree", () => {
    const saved = [{ id: "a", ...clinic }];
    expect(matchSavedAddress(clinic, saved)?.id).toBe("a");
    for (const key of ["address1", "address2", "city", "provinceCode", "zip"] as const) {
      expect(matchSavedAddress({ ...clinic, [key]: "other" }, saved), key).toBeNull();
    }
  });

  it("forgives case and spacing, and treats a missing address2 as empty", () => {
    expect(matchSavedAddress({ ...clinic, address1: "  12  ELM st " }, [clinic])).not.toBeNull();
    expect(matchSavedAddress({ ...clinic, address2: null }, [{ ...clinic, address2: "" }])).not.toBeNull();
  });

  it("finds nothing in an empty address book", () => {
    expect(matchSavedAddress(clinic, [])).toBeNull();
  });
});
