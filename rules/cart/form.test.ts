import { describe, expect, it } from "vitest";
import { nextDiscountCodes, parseCartForm } from "./form";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const LINE = "0b7e2c52-3f3a-4d0e-9a51-1c2d3e4f5a6b";

describe("add (the product page form)", () => {
  it("adds a one-time line; the frequency is ignored unless purchase is autoship", () => {
    const parsed = parseCartForm(
      form({
        intent: "add",
        variantId: "42",
        sku: "KC-D01-CH-5",
        quantity: "3",
        purchase: "one-time",
        sellingPlanId: "autoship-4w",
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      command: { intent: "add", line: { merchandiseId: "42", quantity: 3, sellingPlanId: null }, sku: "KC-D01-CH-5" },
    });
  });

  it("applies the selling plan for autoship", () => {
    const parsed = parseCartForm(form({ intent: "add", variantId: "42", quantity: "2", purchase: "autoship", sellingPlanId: "autoship-6w" }));
    expect(parsed.ok && parsed.command.intent === "add" && parsed.command.line.sellingPlanId).toBe("autoship-6w");
  });

  it("keeps the feeding calculator's pet on an Autoship line only, and drops one that is not a valid pet", () => {
    const line = (over: Record<string, string>) => {
      const parsed = parseCartForm(form({ intent: "add", variantId: "42", quantity: "1", purchase: "autoship", sellingPlanId: "autoship-6w", ...over }));
      return parsed.ok && parsed.command.intent === "add" ? parsed.command.line : null;
    };
    expect(line({ pet: "dog|15|lb|adult|normal" })?.attributes).toEqual([{ key: "_autoship_pet", value: "dog|15|lb|adult|normal" }]);
    expect(line({ pet: "dog|15|lb|adult|normal", purchase: "one-time" })?.attributes).toBeUndefined();
    expect(line({ pet: "dog|15|lb|grown-up|normal" })?.attributes).toBeUndefined();
    expect(line({})?.attributes).toBeUndefined();
  });

  it("an empty or zero quantity becomes 1 (SPEC §5); letters are an error on the field", () => {
    const empty = parseCartForm(form({ intent: "add", variantId: "42", quantity: "" }));
    expect(empty.ok && empty.command.intent === "add" && empty.command.line.quantity).toBe(1);
    const zero = parseCartForm(form({ intent: "add", variantId: "42", quantity: "0" }));
    expect(zero.ok && zero.command.intent === "add" && zero.command.line.quantity).toBe(1);
    expect(parseCartForm(form({ intent: "add", variantId: "42", quantity: "two" }))).toMatchObject({
      ok: false,
      intent: "add",
      errors: { quantity: "Enter a quantity of 1 or more." },
    });
  });

  it("names a missing variant and an unknown frequency", () => {
    expect(parseCartForm(form({ intent: "add" }))).toMatchObject({
      ok: false,
      errors: { variantId: "Choose a product option." },
    });
    expect(parseCartForm(form({ intent: "add", variantId: "1", purchase: "autoship", sellingPlanId: "autoship-13w" }))).toMatchObject({
      ok: false,
      errors: { sellingPlanId: "Choose how often Autoship delivers." },
    });
  });
});

describe("update, remove", () => {
  it("updates quantity and frequency of a line; 0 is allowed (it removes)", () => {
    expect(parseCartForm(form({ intent: "update", lineId: LINE, quantity: "0", sellingPlanId: "autoship-2w" }))).toEqual({
      ok: true,
      command: { intent: "update", line: { id: LINE, quantity: 0, sellingPlanId: "autoship-2w" } },
    });
    expect(parseCartForm(form({ intent: "update", lineId: LINE, quantity: "7" }))).toEqual({
      ok: true,
      command: { intent: "update", line: { id: LINE, quantity: 7 } },
    });
  });

  it("keeps the line id with its errors so the message shows on that line", () => {
    expect(parseCartForm(form({ intent: "update", lineId: LINE, quantity: "-1" }))).toEqual({
      ok: false,
      intent: "update",
      lineId: LINE,
      errors: { quantity: "Enter a quantity of 0 or more." },
    });
    expect(parseCartForm(form({ intent: "remove", lineId: "nope" }))).toMatchObject({
      ok: false,
      errors: { lineId: "This item is no longer in your cart." },
    });
  });
});

describe("discount, note, unknown intent", () => {
  it("upper-cases a code to apply; asks for one when empty; rejects symbols", () => {
    expect(parseCartForm(form({ intent: "discount", code: " auto35 " }))).toEqual({
      ok: true,
      command: { intent: "discount", apply: "AUTO35", remove: null },
    });
    expect(parseCartForm(form({ intent: "discount", code: "" }))).toMatchObject({
      ok: false,
      errors: { code: "Enter a discount code." },
    });
    expect(parseCartForm(form({ intent: "discount", code: "50%OFF" }))).toMatchObject({
      ok: false,
      errors: { code: expect.any(String) },
    });
    expect(parseCartForm(form({ intent: "discount", removeCode: "AUTO35" }))).toEqual({
      ok: true,
      command: { intent: "discount", apply: null, remove: "AUTO35" },
    });
  });

  it("limits a note to 1000 characters", () => {
    expect(parseCartForm(form({ intent: "note", note: "Leave at the back door" })).ok).toBe(true);
    expect(parseCartForm(form({ intent: "note", note: "x".repeat(1001) }))).toMatchObject({
      ok: false,
      errors: { note: expect.any(String) },
    });
  });

  it("an unknown intent is a form error", () => {
    expect(parseCartForm(form({ intent: "checkout" }))).toMatchObject({
      ok: false,
      intent: null,
      errors: { form: expect.any(String) },
    });
  });

  it("nextDiscountCodes keeps one code plus AUTO35: a newer code replaces the older, removing takes it out", () => {
    expect(nextDiscountCodes(["A"], { apply: "B", remove: null })).toEqual(["B"]);
    expect(nextDiscountCodes(["AUTO35"], { apply: "B", remove: null })).toEqual(["AUTO35", "B"]);
    expect(nextDiscountCodes(["B"], { apply: "AUTO35", remove: null })).toEqual(["AUTO35", "B"]);
    expect(nextDiscountCodes(["AUTO35", "B"], { apply: "B", remove: null })).toEqual(["AUTO35", "B"]);
    expect(nextDiscountCodes(["AUTO35", "B"], { apply: null, remove: "AUTO35" })).toEqual(["B"]);
  });
});
