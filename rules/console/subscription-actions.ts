import type { SubscriptionHold, SubscriptionStatus } from "../autoship/subscription-states";
import { awaitsRetry, isCycleDue } from "../autoship/renewal-schedule";

// The console's Subscriptions section: the list's query (search, filters, sort, page) and the
// operator's actions on a customer's behalf — every one needs a reason from a short list, with an
// optional note, recorded in the subscription's history and the audit log. What the console's pages
// show; reading the URL and the forms is console-subscription-input.ts (zod, server side only).

export const OPERATOR_REASONS = [
  { value: "customer_request", label: "The customer asked (phone, e-mail, chat)" },
  { value: "payment_problem", label: "Payment problem" },
  { value: "stock_problem", label: "Item out of stock or discontinued" },
  { value: "delivery_problem", label: "Delivery or address problem" },
  { value: "duplicate", label: "Duplicate subscription" },
  { value: "fraud_suspected", label: "Suspected fraud" },
  { value: "other", label: "Other (say why in the note)" },
] as const;
export type OperatorReason = (typeof OPERATOR_REASONS)[number]["value"];

export const operatorReasonLabel = (value: unknown): string | null => OPERATOR_REASONS.find((r) => r.value === value)?.label ?? null;

/**
 * The operator's actions: four of the customer's own commands, a retry of a failed renewal, and
 * "renew now": the next renewal placed today as the schedule would place it (price guard and chosen
 * substitute included), where a ship now would bypass both.
 */
export const CONSOLE_SUBSCRIPTION_ACTIONS = ["pause", "resume", "skip", "cancel", "retry", "renew_now"] as const;
export type ConsoleSubscriptionAction = (typeof CONSOLE_SUBSCRIPTION_ACTIONS)[number];

export const CONSOLE_ACTION_LABELS: Record<ConsoleSubscriptionAction, string> = {
  pause: "Pause",
  resume: "Resume",
  skip: "Skip next order",
  cancel: "Cancel subscription",
  retry: "Retry renewal now",
  renew_now: "Renew now (as scheduled)",
};

// ---- the list ----

/** Hold filter values: the subscription's hold, or "failed" — a renewal that failed for another reason and waits for its retry. */
export const HOLD_FILTERS = [
  { value: "payment_failed", label: "Payment declined" },
  { value: "out_of_stock", label: "Out of stock" },
  { value: "quota_reached", label: "Over the staff allowance" },
  { value: "not_eligible", label: "Staff membership lapsed" },
  { value: "price_rise", label: "Price rise (waiting for the customer)" },
  { value: "failed", label: "Other failure (retrying)" },
] as const satisfies readonly { value: SubscriptionHold | "failed"; label: string }[];
export type HoldFilter = (typeof HOLD_FILTERS)[number]["value"];

export const holdLabel = (hold: string | null): string | null => HOLD_FILTERS.find((h) => h.value === hold)?.label ?? null;

export const SUBSCRIPTION_SORTS = ["contract", "customer", "next", "status", "created"] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];

/** The list's query (read from the URL by console-subscription-input.ts). */
export type SubscriptionListQuery = {
  q: string;
  status: SubscriptionStatus | null;
  hold: HoldFilter | null;
  /** The "Renewal failures" view: held, or waiting for a retry. */
  failures: boolean;
  site: "d2c" | "hpsf" | null;
  from: string | null;
  to: string | null;
  sort: SubscriptionSort;
  dir: "asc" | "desc";
  page: number;
};

/** The URL of the list with `over` changed (a new filter, sort or page); defaults are left out. */
export function subscriptionListHref(q: SubscriptionListQuery, over: Partial<SubscriptionListQuery> = {}): string {
  const v = { ...q, ...over };
  const p = new URLSearchParams();
  if (v.q) p.set("q", v.q);
  if (v.failures) p.set("view", "failures");
  if (v.status) p.set("status", v.status);
  if (v.hold) p.set("hold", v.hold);
  if (v.site) p.set("site", v.site);
  if (v.from) p.set("from", v.from);
  if (v.to) p.set("to", v.to);
  if (v.sort !== "next") p.set("sort", v.sort);
  if (v.dir !== "asc") p.set("dir", v.dir);
  if (v.page > 1) p.set("page", String(v.page));
  const s = p.toString();
  return s ? `/admin/subscriptions?${s}` : "/admin/subscriptions";
}

/**
 * Whether an operator may retry a renewal now: an active subscription whose due cycle is held or
 * failed (waiting for its retry time; the parts are rules/autoship/renewal-schedule.ts's). A subscription paused after the last declined charge is
 * resumed instead (which moves it to a new cycle), not retried.
 */
export function canRetryRenewal(
  s: { status: SubscriptionStatus; hold: SubscriptionHold | null; retryAt: Date | string | null; nextOrderDate: string },
  today: string,
): boolean {
  // A renewal held by the price guard waits for the customer's own answer: an operator cannot charge it.
  return isCycleDue(s, today) && s.hold !== "price_rise" && awaitsRetry(s);
}

/**
 * Whether an operator may bring the next renewal forward to today: an active subscription whose
 * next order is still ahead and that waits on nothing (a held or failed cycle is retried instead).
 */
export function canRenewNow(
  s: { status: SubscriptionStatus; hold: SubscriptionHold | null; retryAt: Date | string | null; nextOrderDate: string },
  today: string,
): boolean {
  return s.status === "active" && !isCycleDue(s, today) && !awaitsRetry(s);
}
