import { describe, expect, it } from "vitest";
import { extraNotice, parseExtraAction } from "./extras-input";

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

  it("takes a whole price-guard percentage from 1 to 100, and a held renewal's id for an answer", () => {
    expect(parseExtraAction({ intent: "set_price_guard", priceGuardPercent: "15" })).toEqual({
      ok: true,
      input: { intent: "set_price_guard", priceGuardPercent: 15 },
    });
    expect(parseExtraAction({ intent: "set_price_guard", priceGuardPercent: "0" })).toEqual({ ok: false, errors: { priceGuardPercent: "Enter 1% or more" } });
    expect(parseExtraAction({ intent: "set_price_guard", priceGuardPercent: "101" })).toEqual({
      ok: false,
      errors: { priceGuardPercent: "Enter 100% or less" },
    });
    expect(parseExtraAction({ intent: "set_price_guard", priceGuardPercent: "7.5" })).toEqual({
      ok: false,
      errors: { priceGuardPercent: "Enter a whole percentage" },
    });
    expect(parseExtraAction({ intent: "set_price_guard", priceGuardPercent: "ten" })).toEqual({
      ok: false,
      errors: { priceGuardPercent: "Enter a percentage" },
    });
    const id = "0b6f2c1e-8d8a-4c4e-9a53-4f0f3f6a9b10";
    expect(parseExtraAction({ intent: "accept_price", holdId: id })).toEqual({ ok: true, input: { intent: "accept_price", holdId: id } });
    expect(parseExtraAction({ intent: "skip_price", holdId: "x" })).toEqual({
      ok: false,
      errors: { holdId: "This renewal is no longer waiting for an answer." },
    });
  });

  it("takes a substitute as another size or a SKU, one of the two", () => {
    expect(parseExtraAction({ intent: "set_substitute", substituteVariantId: "12", substituteSku: "" })).toEqual({
      ok: true,
      input: { intent: "set_substitute", substituteVariantId: 12 },
    });
    expect(parseExtraAction({ intent: "set_substitute", substituteVariantId: "", substituteSku: " kc-d01-chr-155lb " })).toEqual({
      ok: true,
      input: { intent: "set_substitute", substituteSku: "KC-D01-CHR-155LB" },
    });
    expect(parseExtraAction({ intent: "set_substitute", substituteVariantId: "", substituteSku: "" })).toEqual({
      ok: false,
      errors: { substituteVariantId: "Choose another size or enter the SKU of another product" },
    });
    expect(parseExtraAction({ intent: "set_substitute", substituteVariantId: "12", substituteSku: "KC-1" })).toEqual({
      ok: false,
      errors: { substituteSku: "Choose a size or enter a SKU, not both" },
    });
    expect(parseExtraAction({ intent: "set_substitute", substituteSku: "<script>" })).toEqual({
      ok: false,
      errors: { substituteSku: "Enter a SKU like KC-D01-CHR-155LB" },
    });
  });

  it("confirms only its own intents", () => {
    expect(extraNotice("set_pet")).toBe("Your pet's details were saved.");
    expect(extraNotice("skip")).toBeNull();
  });
});
