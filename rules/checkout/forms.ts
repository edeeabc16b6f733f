import { z } from "zod";
import { addressSchema } from "../account/forms";
import { cardDigits, CVC_PATTERN, hasCardNumberLength, type CardInput } from "./payment-card";
import { fieldErrors } from "../shared/zod-errors";

// The checkout forms: what each step posts, parsed the same way on the server and, where
// useful, in the browser. Messages name what to fix; keys are the form's field names.

export const guestEmailSchema = z.object({
  email: z.email("Enter a valid email address").max(320, "This email address is too long"),
});

const savedAddressInput = z.object({ savedAddressId: z.string({ error: "Choose one of your addresses" }).max(100, "Choose one of your addresses") });

/**
 * An address for place-order: one of the customer's saved addresses by id, or a typed one checked by
 * the page's own schema (addressSchema). Which one is read from the keys, so a refusal names the
 * typed address's own field ("shippingAddress.zip"), not the pair of alternatives.
 */
export const addressOrSavedInput = z.unknown().transform((value, ctx) => {
  const schema = value !== null && typeof value === "object" && "savedAddressId" in value ? savedAddressInput : addressSchema;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.infer<typeof savedAddressInput> | z.infer<typeof addressSchema>;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});

/** "saved:{id}" picks a saved address; "new" (or nothing, for a guest) means the fields below. */
export function parseAddressChoice(
  values: Record<string, string>,
): { ok: true; choice: { savedAddressId: string } | { address: z.infer<typeof addressSchema> } } | { ok: false; errors: Record<string, string> } {
  const choice = values.addressChoice ?? "new";
  if (choice.startsWith("saved:")) return { ok: true, choice: { savedAddressId: choice.slice("saved:".length) } };
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  return { ok: true, choice: { address: parsed.data } };
}

/** "MM/YY", "MM / YY" or "MM/YYYY" → month and four-digit year; null when it is none of those. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/** The new-card fields → a card, or errors keyed cardNumber / cardExpiry / cardCvc. Luhn and expiry are the processor's to judge. */
export function parseCardFields(values: Record<string, string>): { ok: true; card: CardInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const number = cardDigits(values.cardNumber ?? "");
  if (!hasCardNumberLength(number)) errors.cardNumber = "Enter the card number";
  const expiry = parseExpiry(values.cardExpiry ?? "");
  if (!expiry) errors.cardExpiry = "Enter the expiry date as MM/YY";
  const cvc = (values.cardCvc ?? "").trim();
  if (!CVC_PATTERN.test(cvc)) errors.cardCvc = "Enter the 3 or 4 digit security code";
  if (Object.keys(errors).length || !expiry) return { ok: false, errors };
  return { ok: true, card: { number, cvc, ...expiry } };
}

/** A place-order failure's field ("payment.card.number", …) → the payment form's field. */
export function paymentFieldFor(field: string | undefined): string {
  if (!field) return "form";
  if (field === "payment.card.number") return "cardNumber";
  if (field === "payment.card.expiry" || field === "payment.card.expMonth" || field === "payment.card.expYear") return "cardExpiry";
  if (field === "payment.card.cvc") return "cardCvc";
  if (field === "payment.paymentMethodId") return "paymentChoice";
  return "form";
}
