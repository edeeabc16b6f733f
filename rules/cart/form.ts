import { z } from "zod";
import { frequencyOfSellingPlan } from "../autoship/offer-and-frequency";
import { allowedDiscountCodes } from "./pricing";
import { PET_ATTRIBUTE, petAttributeValue, petFromAttribute } from "../autoship/feeding-calculator";
import { lineInputSchema, lineUpdateSchema, updateDiscountCodesInput, updateNoteInput } from "./api-input";
import { fieldErrors } from "../shared/zod-errors";

// The cart page's one action (STYLE habit 4): the forms of the product page and the cart post
// `intent` plus plain text fields. These schemas turn them into the inputs of rules/cart/api-input.ts,
// with messages a shopper can read next to the field. The browser and the action parse the same way.

export const CART_INTENTS = ["add", "update", "remove", "discount", "note"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export type CartCommand =
  | { intent: "add"; line: z.infer<typeof lineInputSchema>; sku: string | null }
  | { intent: "update"; line: z.infer<typeof lineUpdateSchema> }
  | { intent: "remove"; lineId: string }
  | { intent: "discount"; apply: string | null; remove: string | null }
  | { intent: "note"; note: string };

/** Field name → message, as the forms show them next to their fields. */
export type CartFormErrors = Record<string, string>;

export type ParsedCartForm = { ok: true; command: CartCommand } | { ok: false; intent: CartIntent | null; lineId: string | null; errors: CartFormErrors };

type FormFields = { get(name: string): FormDataEntryValue | null };

const text = (form: FormFields, name: string): string | undefined => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

/** An empty field means one (SPEC §5 "below 1 becomes 1"); anything but digits is an error. */
const addQuantity = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : "1"))
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, "Enter a quantity of 1 or more.")
      .transform(Number),
  )
  .transform((n) => Math.max(1, n));

/** 0 removes the line (SPEC §4 "Remove sets the line quantity to 0"). */
const updateQuantity = z
  .string({ error: "Enter a quantity." })
  .trim()
  .regex(/^\d{1,3}$/, "Enter a quantity of 0 or more.")
  .transform(Number);

const lineId = z.string({ error: "This item is no longer in your cart." }).uuid("This item is no longer in your cart.");

const sellingPlan = z
  .string()
  .trim()
  .refine((v) => frequencyOfSellingPlan(v) !== null, "Choose how often Autoship delivers.");

const addForm = z.object({
  variantId: z
    .string({ error: "Choose a product option." })
    .trim()
    .regex(/^\d{1,9}$/, "Choose a product option."),
  sku: z.string().trim().max(40).optional(),
  quantity: addQuantity,
  purchase: z.enum(["one-time", "autoship"]).optional(),
  sellingPlanId: z.string().optional(),
  /** The feeding calculator's pet (product page), kept on an Autoship line for its subscription. */
  pet: z.string().max(60).optional(),
});

const updateForm = z.object({
  lineId,
  quantity: updateQuantity,
  sellingPlanId: sellingPlan.optional(),
});

const codeSchema = updateDiscountCodesInput.shape.codes.element;

const discountForm = z.object({
  code: z.string().trim().toUpperCase().max(40).optional(),
  removeCode: z.string().trim().toUpperCase().max(40).optional(),
});

/** Reads one submission of a cart form. */
export function parseCartForm(form: FormFields): ParsedCartForm {
  const intentRaw = text(form, "intent");
  const intent = (CART_INTENTS as readonly string[]).includes(intentRaw ?? "") ? (intentRaw as CartIntent) : null;
  const rawLineId = text(form, "lineId") ?? null;
  const fail = (errors: CartFormErrors): ParsedCartForm => ({ ok: false, intent, lineId: rawLineId, errors });
  const fields = (names: string[]) => Object.fromEntries(names.map((n) => [n, text(form, n)]).filter(([, v]) => v !== undefined));

  switch (intent) {
    case "add": {
      const parsed = addForm.safeParse(fields(["variantId", "sku", "quantity", "purchase", "sellingPlanId", "pet"]));
      if (!parsed.success) return fail(fieldErrors(parsed.error));
      const { variantId, sku, quantity, purchase, sellingPlanId } = parsed.data;
      // Without JavaScript the product form always sends the frequency; it counts only for autoship.
      let plan: string | null = null;
      if (purchase === "autoship") {
        if (!sellingPlanId || frequencyOfSellingPlan(sellingPlanId) === null) return fail({ sellingPlanId: "Choose how often Autoship delivers." });
        plan = sellingPlanId;
      }
      // An invalid pet is dropped, never refused: it is a convenience, not part of the order.
      const pet = plan ? petFromAttribute(parsed.data.pet) : null;
      const attributes = pet ? [{ key: PET_ATTRIBUTE, value: petAttributeValue(pet) }] : undefined;
      return {
        ok: true,
        command: { intent, line: { merchandiseId: variantId, quantity, sellingPlanId: plan, ...(attributes ? { attributes } : {}) }, sku: sku || null },
      };
    }
    case "update": {
      const parsed = updateForm.safeParse(fields(["lineId", "quantity", "sellingPlanId"]));
      if (!parsed.success) return fail(fieldErrors(parsed.error));
      const { lineId: id, quantity, sellingPlanId } = parsed.data;
      return { ok: true, command: { intent, line: { id, quantity, ...(sellingPlanId ? { sellingPlanId } : {}) } } };
    }
    case "remove": {
      const parsed = lineId.safeParse(text(form, "lineId"));
      if (!parsed.success) return fail({ lineId: parsed.error.issues[0].message });
      return { ok: true, command: { intent, lineId: parsed.data } };
    }
    case "discount": {
      const parsed = discountForm.parse(fields(["code", "removeCode"]));
      if (parsed.removeCode) return { ok: true, command: { intent, apply: null, remove: parsed.removeCode } };
      if (!parsed.code) return fail({ code: "Enter a discount code." });
      if (!codeSchema.safeParse(parsed.code).success) return fail({ code: "A discount code has only letters and digits." });
      return { ok: true, command: { intent, apply: parsed.code, remove: null } };
    }
    case "note": {
      const parsed = updateNoteInput.shape.note.safeParse(text(form, "note") ?? "");
      if (!parsed.success) return fail({ note: "A note can be at most 1000 characters." });
      return { ok: true, command: { intent, note: parsed.data } };
    }
    default:
      return fail({ form: "Something in this form is missing. Please reload the page and try again." });
  }
}

/** The codes after applying or removing one: one code plus AUTO35 (rules/cart/pricing.ts), a newer code replacing the older. */
export function nextDiscountCodes(current: readonly string[], command: { apply: string | null; remove: string | null }): string[] {
  const codes = current.filter((c) => c !== command.remove);
  if (command.apply && !codes.includes(command.apply)) codes.push(command.apply);
  return allowedDiscountCodes(codes);
}
