import { describe, expect, it } from "vitest";
import { stateForZip, US_STATES } from "./us-states";

describe("US states and ZIP prefixes", () => {
  it("lists 50 states plus DC (SPEC §3)", () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
  });

  it.each([
    ["96813", "HI"],
    ["99501", "AK"],
    ["80011", "CO"],
    ["00501", "NY"],
    ["02134", "MA"],
    ["10001", "NY"],
    ["20001", "DC"],
    ["20101", "VA"],
    ["33101", "FL"],
    ["73301", "TX"],
    ["73101", "OK"],
    ["88510", "TX"],
    ["90210", "CA"],
    ["98101", "WA"],
  ])("%s is in %s", (zip, state) => {
    expect(stateForZip(zip)).toBe(state);
  });

  it("reaches every state and DC from some prefix", () => {
    const reached = new Set<string>();
    for (let p = 0; p < 1000; p++) {
      const s = stateForZip(`${String(p).padStart(3, "0")}00`);
      if (s) reached.add(s);
    }
    expect(reached.size).toBe(51);
  });

  it.each(["00300", "00901", "09001", "96201", "96910", "1234", "abcde"])("%s has no state", (zip) => {
    expect(stateForZip(zip)).toBeNull();
  });
});
