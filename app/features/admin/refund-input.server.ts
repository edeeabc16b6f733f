import { z } from "zod";
import { REFUND_REASONS } from "./refund-reasons";

// The partial refund form's fields, read on the server: units per line (`qty.<line id>`), an amount
// in dollars beyond them, restocking, a reason from the list (and a note), and the confirmation.

const dollars = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter an amount like 4.99")
  .transform((s) => Math.round(Number(s) * 100));

export const refundInput = z.object({
  other: dollars,
  restock: z.literal("on").optional(),
  reason: z.enum(REFUND_REASONS, { error: "Choose a reason" }),
  note: z.string().trim().max(120, "At most 120 characters").optional(),
  confirm: z.literal("on", { error: "Tick the box to confirm the refund" }),
});

/** `qty.<id>` fields → the lines asked for; a value that is not a whole number → that field's error. */
export function refundLines(form: FormData): { lines: { lineId: string; quantity: number }[]; errors: Record<string, string> } {
  const lines: { lineId: string; quantity: number }[] = [];
  const errors: Record<string, string> = {};
  for (const [key, value] of form) {
    if (!key.startsWith("qty.") || typeof value !== "string") continue;
    const text = value.trim() || "0";
    if (!/^\d{1,4}$/.test(text)) errors[key] = "Enter a whole number of units";
    else lines.push({ lineId: key.slice(4), quantity: Number(text) });
  }
  return { lines, errors };
}
