import { describe, expect, it } from "vitest";
import { extraNotice, parseExtraAction } from "./autoship-extras-input";

describe("My Autoships pet form input", () => {
  it("parses a pet", () => {
    expect(parseExtraAction({ intent: "set_pet", species: "cat", weight: "4.5", weightUnit: "kg", lifeStage: "senior", activity: "low" })).toEqual({
      ok: true,
      input: { intent: "set_pet", pet: { species: "cat", weight: 4.5, weightUnit: "kg", lifeStage: "senior", activity: "low" } },
    });
    expect(parseExtraAction({ intent: "clear_pet" })).toEqual({ ok: true, input: { intent: "clear_pet" } });
  });

  it("names every wrong field", () => {
    const r = parseExtraAction({ intent: "set_pet", species: "dog", weight: "lots", weightUnit: "st", lifeStage: "kitten", activity: "x" });
    expect(r).toEqual({
      ok: false,
      errors: {
        weight: "Enter your pet's weight",
        weightUnit: "Choose lb, kg or oz",
        activity: "Choose an activity level",
      },
    });
    const heavy = parseExtraAction({ intent: "set_pet", species: "dog", weight: "400", weightUnit: "lb", lifeStage: "kitten", activity: "normal" });
    expect(heavy).toEqual({ ok: false, errors: { weight: "Enter a weight up to 250 lb", lifeStage: "Choose a life stage" } });
    expect(parseExtraAction({ intent: "drop_tables" })).toEqual({ ok: false, errors: { intent: "Unknown action." } });
  });

  it("confirms only its own intents", () => {
    expect(extraNotice("set_pet")).toBe("Your pet's details were saved.");
    expect(extraNotice("skip")).toBeNull();
  });
});
