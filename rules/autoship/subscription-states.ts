import { addDays } from "../shared/calendar-days";
import { MAX_AUTOSHIP_QUANTITY, MIN_QUANTITY } from "../cart/quantity-input";
import { AUTOSHIP_FREQUENCY_WEEKS } from "./offer-and-frequency";
import type { SubscriptionActionInput } from "./subscription-input";

// The autoship subscription's lifecycle (STYLE habit 6): one status union, one transition table for
// every move — the customer's actions on My Subscriptions and the renewal engine's outcomes alike —
// the holds a move sets or clears, the date rules and the cancel reasons; the one schema of every My
// Subscriptions form is subscription-input.ts (the page's action and the service check the same
// input). Nothing writes a
// subscription's status without asking `transition` first.

/** active → renews on its next order date; paused → kept but never renewed; cancelled → ended (reactivatable). */
export type SubscriptionStatus = "active" | "paused" | "cancelled";
export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ["active", "paused", "cancelled"];

/** Why an active subscription's renewal is on hold (null: not held). */
export type SubscriptionHold = "out_of_stock" | "payment_failed" | "quota_reached" | "not_eligible" | "price_rise";

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
/** What a customer does to a subscription. */
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

export const RENEWAL_EVENTS = [
  "renew",
  "record_renewal",
  "hold_out_of_stock",
  "skip_out_of_stock",
  "retry_after_decline",
  "pause_after_declines",
  "defer_after_failure",
  "hold_quota",
  "hold_not_eligible",
  "hold_price_rise",
  "accept_price_rise",
] as const;
/**
 * What the renewal engine does to a subscription (rules/autoship/renewal-schedule.ts decides which):
 * renew — start placing the cycle's order; record_renewal — record the order placed;
 * hold_out_of_stock / skip_out_of_stock — hold the cycle, or give it up after 7 days;
 * retry_after_decline / pause_after_declines — a declined charge is retried, the third one pauses;
 * defer_after_failure — any other failure is looked at again a day later;
 * hold_quota / hold_not_eligible — a staff renewal over the month's allowance waits for the next
 * month; one whose member is no longer in the program waits (retried daily) until they are again;
 * hold_price_rise / accept_price_rise — the price guard holds a renewal whose price rose beyond the
 * customer's threshold, and their "renew at the new price" releases it (their "skip", or no answer
 * by the deadline, is a skip).
 */
export type RenewalEvent = (typeof RENEWAL_EVENTS)[number];

/** Every move of the lifecycle. */
export type SubscriptionMove = SubscriptionAction | RenewalEvent;

const ALL_STATUSES = SUBSCRIPTION_STATUSES;

/**
 * Where each move may start. A paused subscription can still be edited (so it resumes as wanted)
 * but not skipped or shipped; a cancelled one can only be reactivated. Date changes need an active
 * subscription: resuming or reactivating sets the date. The engine works on active subscriptions
 * only — except that an order already placed is recorded whatever the customer did meanwhile (the
 * order stands; a pause or cancel made while it was being placed is kept).
 */
const ALLOWED_FROM: Record<SubscriptionMove, readonly SubscriptionStatus[]> = {
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
  renew: ["active"],
  record_renewal: ALL_STATUSES,
  hold_out_of_stock: ["active"],
  skip_out_of_stock: ["active"],
  retry_after_decline: ["active"],
  pause_after_declines: ["active"],
  defer_after_failure: ["active"],
  hold_quota: ["active"],
  hold_not_eligible: ["active"],
  hold_price_rise: ["active"],
  accept_price_rise: ["active"],
};

/** The status an allowed move leads to (the others keep the status). */
const LEADS_TO: Partial<Record<SubscriptionMove, SubscriptionStatus>> = {
  pause: "paused",
  resume: "active",
  cancel: "cancelled",
  reactivate: "active",
  pause_after_declines: "paused",
};

const STATUS_WORDS: Record<SubscriptionStatus, string> = { active: "active", paused: "paused", cancelled: "cancelled" };

export function isActionAllowed(status: SubscriptionStatus, action: SubscriptionMove): boolean {
  return ALLOWED_FROM[action].includes(status);
}

/** The actions a subscription in `status` offers (the page shows only these). */
export function allowedActions(status: SubscriptionStatus): SubscriptionAction[] {
  return SUBSCRIPTION_ACTIONS.filter((a) => isActionAllowed(status, a));
}

export type Transition = { ok: true; status: SubscriptionStatus } | { ok: false; message: string };

/** One function for every transition: the status after `move`, or why it is refused. */
export function transition(status: SubscriptionStatus, move: SubscriptionMove): Transition {
  if (!isActionAllowed(status, move)) return { ok: false, message: `This is not possible while the subscription is ${STATUS_WORDS[status]}.` };
  return { ok: true, status: LEADS_TO[move] ?? status };
}

/**
 * Whether a move ends the current cycle's hold and its retry schedule (hold, retry time, failed
 * attempts). A held renewal (out of stock, card declined) belongs to the cycle it was held for:
 * moving to another cycle (skip, new date, resume, reactivate, a placed order, a cycle given up)
 * starts afresh, and a new card ends a payment hold.
 */
export function endsHold(hold: SubscriptionHold | null, move: SubscriptionMove): boolean {
  switch (move) {
    case "change_date":
    case "skip":
    case "resume":
    case "reactivate":
    case "record_renewal":
    case "skip_out_of_stock":
      return true;
    case "accept_price_rise":
      return hold === "price_rise";
    case "change_payment":
      return hold === "payment_failed";
    default:
      return false;
  }
}

/** The hold after an allowed move: ended (above), set by the engine's holds, or kept. */
export function holdAfter(hold: SubscriptionHold | null, move: SubscriptionMove): SubscriptionHold | null {
  if (endsHold(hold, move)) return null;
  if (move === "hold_out_of_stock") return "out_of_stock";
  if (move === "hold_quota") return "quota_reached";
  if (move === "hold_not_eligible") return "not_eligible";
  if (move === "hold_price_rise") return "price_rise";
  if (move === "retry_after_decline" || move === "pause_after_declines") return "payment_failed";
  return hold;
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

/** The value of an address or card choice that means "a new one, from these fields". */
export const NEW_CHOICE = "new";

/**
 * The confirmation My Subscriptions shows after the redirect of a change (`?done=intent`, and
 * `&order=KC-…` after a ship now); null for anything else in the URL.
 */
export function actionNotice(done: string | null, orderNumber: string | null): string | null {
  if (!done || !(SUBSCRIPTION_ACTIONS as readonly string[]).includes(done)) return null;
  if (done === "ship_now" && orderNumber && /^KC-\d+$/.test(orderNumber)) return `Order ${orderNumber} was placed and will ship soon.`;
  return ACTION_DONE[done as SubscriptionAction];
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

/** A cancel's confirmation; gentler when the pet has died (and nothing more is sent about it). */
export function cancelledMessage(reason: CancelReason): string {
  return reason === "pet_passed_away"
    ? "We are so sorry for your loss. Your Autoship is cancelled and nothing more will be sent or charged."
    : ACTION_DONE.cancel;
}

// ---- planning a customer action ----

/** What an action needs to know of the subscription as it is (read under its row lock). */
export type SubscriptionState = {
  status: SubscriptionStatus;
  hold: SubscriptionHold | null;
  site: string;
  quantity: number;
  frequencyWeeks: number;
  nextOrderDate: string;
  variantId: number;
};

/**
 * What other modules answered for the action, asked before it: the product's variants (swap), the
 * checked address (change address), the customer's card (change payment).
 */
export type ActionAnswers<A> = {
  variantChoices?: readonly { id: number; productId: number; sites: readonly string[] }[];
  address?: A;
  paymentMethod?: { id: string; last4: string };
};

/** The fields an action changes besides status and hold. */
export type SubscriptionPatch<A> = Partial<{
  frequencyWeeks: number;
  quantity: number;
  nextOrderDate: string;
  variantId: number;
  productId: number;
  cancelReason: string | null;
  shippingAddress: A;
  paymentMethodId: string;
}>;

export type PlannedAction<A> =
  | {
      ok: true;
      status: SubscriptionStatus;
      hold: SubscriptionHold | null;
      /** The old cycle's retry schedule is dropped (retry time, failed attempts). */
      endsHold: boolean;
      patch: SubscriptionPatch<A>;
      /** What the history records about the change. */
      detail: Record<string, unknown>;
    }
  | { ok: false; code: "NOT_ALLOWED" | "INVALID"; field: string; message: string };

const refuse = (code: "NOT_ALLOWED" | "INVALID", field: string, message: string) => ({ ok: false as const, code, field, message });

/**
 * A customer action on a subscription as it is today: the transition table's status and hold, the
 * fields that change and what the history says — or why it is refused, naming the field. Ship now
 * is placed by the renewal engine, not planned here.
 */
/** The address only needs its ZIP and city here (the history records them). */
type AddressLike = { zip: string; city: string };

export function planAction<A extends AddressLike>(
  s: SubscriptionState,
  input: Exclude<SubscriptionActionInput, { intent: "ship_now" }>,
  today: string,
  answers: ActionAnswers<A> = {},
): PlannedAction<A> {
  const next = transition(s.status, input.intent);
  if (!next.ok) return refuse("NOT_ALLOWED", "intent", next.message);
  const changed = changeOf(s, input, today, answers);
  if (!("patch" in changed)) return changed;
  return { ok: true, status: next.status, hold: holdAfter(s.hold, input.intent), endsHold: endsHold(s.hold, input.intent), ...changed };
}

function changeOf<A extends AddressLike>(
  s: SubscriptionState,
  input: Exclude<SubscriptionActionInput, { intent: "ship_now" }>,
  today: string,
  answers: ActionAnswers<A>,
): { patch: SubscriptionPatch<A>; detail: Record<string, unknown> } | ReturnType<typeof refuse> {
  switch (input.intent) {
    case "change_frequency":
      if (!AUTOSHIP_FREQUENCY_WEEKS.includes(input.frequencyWeeks)) return refuse("INVALID", "frequencyWeeks", "Choose every 1 to 12 weeks");
      return { patch: { frequencyWeeks: input.frequencyWeeks }, detail: { from: s.frequencyWeeks, to: input.frequencyWeeks } };
    case "change_quantity":
      if (input.quantity < MIN_QUANTITY || input.quantity > MAX_AUTOSHIP_QUANTITY)
        return refuse("INVALID", "quantity", `Autoship items are limited to ${MAX_AUTOSHIP_QUANTITY}`);
      return { patch: { quantity: input.quantity }, detail: { from: s.quantity, to: input.quantity } };
    case "change_date": {
      const ok = checkNextDate(input.nextOrderDate, today);
      if (!ok.ok) return refuse("INVALID", "nextOrderDate", ok.message);
      return { patch: { nextOrderDate: input.nextOrderDate }, detail: { from: s.nextOrderDate, to: input.nextOrderDate } };
    }
    case "skip": {
      const next = skippedDate(s.nextOrderDate, s.frequencyWeeks);
      return { patch: { nextOrderDate: next }, detail: { skipped: s.nextOrderDate, next } };
    }
    case "pause":
      return { patch: {}, detail: {} };
    case "resume": {
      const next = resumeDate(s.nextOrderDate, today);
      return { patch: { nextOrderDate: next }, detail: { next } };
    }
    case "reactivate": {
      if (input.nextOrderDate) {
        const ok = checkNextDate(input.nextOrderDate, today);
        if (!ok.ok) return refuse("INVALID", "nextOrderDate", ok.message);
      }
      const next = input.nextOrderDate ?? resumeDate(s.nextOrderDate, today);
      return { patch: { cancelReason: null, nextOrderDate: next }, detail: { from: s.status, next } };
    }
    case "cancel":
      return { patch: { cancelReason: input.reason }, detail: { reason: input.reason, from: s.status } };
    case "swap_variant": {
      // Another size or flavour of the same product, or another recipe of its line (the catalog's
      // answer), sold on the subscription's site.
      const v = answers.variantChoices?.find((c) => c.id === input.variantId);
      if (!v || !v.sites.includes(s.site)) return refuse("INVALID", "variantId", "Choose a size or flavor of this product, or another recipe of its line.");
      if (v.id === s.variantId) return refuse("INVALID", "variantId", "This is already the item you receive.");
      return { patch: { variantId: v.id, productId: v.productId }, detail: { from: s.variantId, to: v.id } };
    }
    case "change_address": {
      if (!answers.address) return refuse("INVALID", "addressId", "Choose one of your addresses.");
      return { patch: { shippingAddress: answers.address }, detail: { zip: answers.address.zip, city: answers.address.city } };
    }
    case "change_payment":
      if (!answers.paymentMethod) return refuse("INVALID", "paymentMethodId", "Choose one of your payment methods.");
      return { patch: { paymentMethodId: answers.paymentMethod.id }, detail: { last4: answers.paymentMethod.last4 } };
  }
}
