import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./zod-errors";

const schema = z
  .object({
    email: z.string().min(3, "Too short").email("Not an email"),
    lineItems: z.array(z.object({ quantity: z.number().int("Whole numbers only") })),
  })
  .refine((v) => v.email !== "bad@example.com", "Not this one");

const errorOf = (input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected a failure");
  return r.error;
};

describe("fieldErrors", () => {
  it("keeps the first message per field, keyed by the dotted path", () => {
    expect(fieldErrors(errorOf({ email: "a", lineItems: [{ quantity: 1 }, { quantity: 1.5 }] }))).toEqual({
      email: "Too short",
      "lineItems.1.quantity": "Whole numbers only",
    });
  });

  it("puts whole-input issues under the root key, form by default", () => {
    expect(fieldErrors(errorOf({ email: "bad@example.com", lineItems: [] }))).toEqual({ form: "Not this one" });
    expect(fieldErrors(errorOf({ email: "bad@example.com", lineItems: [] }), "body")).toEqual({ body: "Not this one" });
  });
});
