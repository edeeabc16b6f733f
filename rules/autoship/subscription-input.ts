import { z } from "zod";
import { addressSchema } from "../account/forms";
import { MAX_AUTOSHIP_QUANTITY, MIN_QUANTITY } from "../cart/quantity-input";
import { cardInputSchema } from "../checkout/payment-card";
import { isCalendarDay } from "../shared/calendar-days";
import { fieldErrors } from "../shared/zod-errors";
import { AUTOSHIP_FREQUENCY_WEEKS } from "./offer-and-frequency";
import { CANCEL_REASONS, NEW_CHOICE, SUBSCRIPTION_ACTIONS, type CancelReason, type SubscriptionAction } from "./subscription-states";

// What a subscription action's form may send, one schema per action keyed by `intent`. Apart from
// the states (subscription-states.ts), which the pages read: a page showing a subscription loads no
// schema library for them.

export const frequencyWeeksSchema = z.coerce
  .number({ error: "Choose how often" })
  .int("Choose how often")
  .refine((w) => AUTOSHIP_FREQUENCY_WEEKS.includes(w), "Choose every 1 to 12 weeks");

export const subscriptionQuantitySchema = z.coerce
  .number({ error: "Enter a quantity" })
  .int("Enter a whole number")
  .min(MIN_QUANTITY, `At least ${MIN_QUANTITY}`)
  .max(MAX_AUTOSHIP_QUANTITY, `Autoship items are limited to ${MAX_AUTOSHIP_QUANTITY}`);

export const dayInputSchema = z.string({ error: "Choose a date" }).trim().refine(isCalendarDay, "Choose a date");

const { number: cardNumber, ...cardRest } = cardInputSchema.shape;
const cardFields = { cardNumber, ...cardRest };

// A new address or card is parsed from flat form fields into `address` / `card`, so the two choices
// are told apart by shape: `{addressId}` or `{address}`, `{paymentMethodId}` or `{card}`.
const newAddress = z
  .object({ intent: z.literal("change_address"), addressId: z.literal(NEW_CHOICE) })
  .extend(addressSchema.shape)
  .transform(({ intent, addressId: _new, ...address }) => ({ intent, address }));
const savedAddress = z.object({
  intent: z.literal("change_address"),
  addressId: z.string({ error: "Choose an address" }).trim().uuid("Choose an address"),
});
const newCard = z
  .object({ intent: z.literal("change_payment"), paymentMethodId: z.literal(NEW_CHOICE), ...cardFields })
  .transform(({ intent, cardNumber, expMonth, expYear, cvc }) => ({ intent, card: { number: cardNumber, expMonth, expYear, cvc } }));
const savedCard = z.object({
  intent: z.literal("change_payment"),
  paymentMethodId: z
    .string({ error: "Choose a payment method" })
    .trim()
    .regex(/^pm_[0-9a-f]{8,64}$/, "Choose a payment method"),
});

const reasonValues = CANCEL_REASONS.map((r) => r.value) as [CancelReason, ...CancelReason[]];

/** One schema per intent. Address and payment take a saved choice by id, or "new" with the fields. */
const ACTION_SCHEMAS = {
  change_frequency: z.object({ intent: z.literal("change_frequency"), frequencyWeeks: frequencyWeeksSchema }),
  change_quantity: z.object({ intent: z.literal("change_quantity"), quantity: subscriptionQuantitySchema }),
  change_date: z.object({ intent: z.literal("change_date"), nextOrderDate: dayInputSchema }),
  skip: z.object({ intent: z.literal("skip") }),
  ship_now: z.object({ intent: z.literal("ship_now") }),
  pause: z.object({ intent: z.literal("pause") }),
  resume: z.object({ intent: z.literal("resume") }),
  swap_variant: z.object({
    intent: z.literal("swap_variant"),
    variantId: z.coerce.number({ error: "Choose a size or flavor" }).int("Choose a size or flavor").positive("Choose a size or flavor"),
  }),
  change_address: z.union([newAddress, savedAddress]),
  change_payment: z.union([newCard, savedCard]),
  cancel: z.object({ intent: z.literal("cancel"), reason: z.enum(reasonValues, "Choose a reason") }),
  reactivate: z.object({
    intent: z.literal("reactivate"),
    nextOrderDate: z.preprocess((v) => (v === "" || v === null ? undefined : v), dayInputSchema.optional()),
  }),
} satisfies Record<SubscriptionAction, z.ZodType>;

export type SubscriptionActionInput = { [A in SubscriptionAction]: z.infer<(typeof ACTION_SCHEMAS)[A]> }[SubscriptionAction];

export type ParsedAction = { ok: true; action: SubscriptionActionInput } | { ok: false; errors: Record<string, string> };

/**
 * Parses one action: `intent` picks the schema; errors are keyed by field name. For "new" address or
 * card choices the fields of the new one are checked (a union would report both branches).
 */
export function parseSubscriptionAction(raw: Record<string, unknown>): ParsedAction {
  const intent = raw.intent;
  if (typeof intent !== "string" || !(SUBSCRIPTION_ACTIONS as readonly string[]).includes(intent)) return { ok: false, errors: { intent: "Unknown action." } };
  const action = intent as SubscriptionAction;
  const schema =
    action === "change_address"
      ? raw.addressId === NEW_CHOICE
        ? newAddress
        : savedAddress
      : action === "change_payment"
        ? raw.paymentMethodId === NEW_CHOICE
          ? newCard
          : savedCard
        : ACTION_SCHEMAS[action];
  const parsed = (schema as z.ZodType<SubscriptionActionInput, unknown>).safeParse(raw);
  return parsed.success ? { ok: true, action: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
