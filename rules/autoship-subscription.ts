import { z } from "zod";
import { addressSchema } from "./account-forms";
import { AUTOSHIP_FREQUENCY_WEEKS } from "./autoship-offer";
import { MAX_AUTOSHIP_QUANTITY, MIN_QUANTITY } from "./quantity";
import { fieldErrors } from "./zod-errors";
import { cardInputSchema } from "./luhn";
import { addDays, isCalendarDay } from "./calendar-days";

// The autoship subscription's lifecycle (STYLE habit 6): an explicit status union, which
// customer action is allowed in which status, the date rules, the cancel reasons, and the one schema
// of every My Subscriptions form (the page's action and the service check the same input).

export type SubscriptionStatus = "active" | "paused" | "cancelled";

export const SUBSCRIPTION_ACTIONS = [
  "change_frequency",
  "change_quantity",
  "change_date",
  "skip",
  "ship_now",
  "pause",
  "resume",
  "swap_variant",
  "change_address",
  "change_payment",
  "cancel",
  "reactivate",
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/**
 * Where each action may start. A paused subscription can still be edited (so it resumes as wanted)
 * but not skipped or shipped; a cancelled one can only be reactivated. Date changes need an active
 * subscription: resuming or reactivating sets the date.
 */
const ALLOWED_FROM: Record<SubscriptionAction, readonly SubscriptionStatus[]> = {
  change_frequency: ["active", "paused"],
  change_quantity: ["active", "paused"],
  change_date: ["active"],
  skip: ["active"],
  ship_now: ["active"],
  pause: ["active"],
  resume: ["paused"],
  swap_variant: ["active", "paused"],
  change_address: ["active", "paused"],
  change_payment: ["active", "paused"],
  cancel: ["active", "paused"],
  reactivate: ["paused", "cancelled"],
};

/** The status an allowed action leads to. */
const LEADS_TO: Partial<Record<SubscriptionAction, SubscriptionStatus>> = {
  pause: "paused",
  resume: "active",
  cancel: "cancelled",
  reactivate: "active",
};

const STATUS_WORDS: Record<SubscriptionStatus, string> = { active: "active", paused: "paused", cancelled: "cancelled" };

export function isActionAllowed(status: SubscriptionStatus, action: SubscriptionAction): boolean {
  return ALLOWED_FROM[action].includes(status);
}

/** The actions a subscription in `status` offers (the page shows only these). */
export function allowedActions(status: SubscriptionStatus): SubscriptionAction[] {
  return SUBSCRIPTION_ACTIONS.filter((a) => isActionAllowed(status, a));
}

export type Transition = { ok: true; status: SubscriptionStatus } | { ok: false; message: string };

/** One function for every transition: the status after `action`, or why it is refused. */
export function transition(status: SubscriptionStatus, action: SubscriptionAction): Transition {
  if (!isActionAllowed(status, action)) return { ok: false, message: `This is not possible while the subscription is ${STATUS_WORDS[status]}.` };
  return { ok: true, status: LEADS_TO[action] ?? status };
}

// ---- dates (whole days "YYYY-MM-DD", the shop's UTC calendar of server/clock.ts) ----

/** How far ahead a customer may move the next order. */
export const MAX_DAYS_AHEAD = 90;

export function addWeeks(day: string, weeks: number): string {
  return addDays(day, weeks * 7);
}

/** The dates a next order may be moved to: tomorrow through today + 90 days. */
export function nextDateBounds(today: string): { min: string; max: string } {
  return { min: addDays(today, 1), max: addDays(today, MAX_DAYS_AHEAD) };
}

export function checkNextDate(day: string, today: string): { ok: true } | { ok: false; message: string } {
  const { min, max } = nextDateBounds(today);
  if (day < min) return { ok: false, message: "Choose a date from tomorrow on." };
  if (day > max) return { ok: false, message: `Choose a date within ${MAX_DAYS_AHEAD} days.` };
  return { ok: true };
}

/** Skip: the next order moves one frequency later. */
export function skippedDate(nextOrderDate: string, frequencyWeeks: number): string {
  return addWeeks(nextOrderDate, frequencyWeeks);
}

/** Resuming keeps the planned date when it is still ahead, else the next order is tomorrow. */
export function resumeDate(nextOrderDate: string, today: string): string {
  const tomorrow = addDays(today, 1);
  return nextOrderDate < tomorrow ? tomorrow : nextOrderDate;
}

/** The first renewal of a new subscription: one frequency after the order that started it. */
export function firstRenewalDate(startDate: string, frequencyWeeks: number): string {
  return addWeeks(startDate, frequencyWeeks);
}

// ---- cancel reasons ----

export const CANCEL_REASONS = [
  { value: "too_much_food", label: "I have too much food" },
  { value: "pet_did_not_like", label: "My pet did not like it" },
  { value: "too_expensive", label: "It costs too much" },
  { value: "vet_changed_diet", label: "My vet recommended a different food" },
  { value: "pet_passed_away", label: "My pet passed away" },
  { value: "order_when_needed", label: "I prefer to order when I need it" },
  { value: "other", label: "Another reason" },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]["value"];

export function cancelReasonLabel(value: string | null | undefined): string | null {
  return CANCEL_REASONS.find((r) => r.value === value)?.label ?? null;
}

// ---- input schemas: one per action, keyed by `intent` ----

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

export const NEW_CHOICE = "new";

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
  paymentMethodId: z.string({ error: "Choose a payment method" }).trim().regex(/^pm_[0-9a-f]{8,64}$/, "Choose a payment method"),
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

/** What the confirmation says after each action. */
export const ACTION_DONE: Record<SubscriptionAction, string> = {
  change_frequency: "The delivery frequency was changed.",
  change_quantity: "The quantity was changed.",
  change_date: "The next order date was changed.",
  skip: "The next order was skipped.",
  ship_now: "Your order was placed and will ship soon.",
  pause: "The subscription is paused.",
  resume: "The subscription is active again.",
  swap_variant: "The item was changed.",
  change_address: "The shipping address was changed.",
  change_payment: "The payment method was changed.",
  cancel: "The subscription was cancelled.",
  reactivate: "The subscription is active again.",
};
