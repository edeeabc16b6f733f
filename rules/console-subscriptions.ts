import { z } from "zod";
import { isCalendarDay } from "./calendar-days";
import { CANCEL_REASONS, type CancelReason, type SubscriptionHold, type SubscriptionStatus } from "./autoship-subscription";
import { fieldErrors } from "./zod-errors";

// The console's Subscriptions section: the list's query (search, filters, sort, page) and the input
// of an operator's action on a customer's behalf — every one needs a reason from a short list, with an
// optional note, recorded in the subscription's history and the audit log.

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

/** The operator's actions: four of the customer's own commands, and a retry of a failed renewal. */
export const CONSOLE_SUBSCRIPTION_ACTIONS = ["pause", "resume", "skip", "cancel", "retry"] as const;
export type ConsoleSubscriptionAction = (typeof CONSOLE_SUBSCRIPTION_ACTIONS)[number];

export const CONSOLE_ACTION_LABELS: Record<ConsoleSubscriptionAction, string> = {
  pause: "Pause",
  resume: "Resume",
  skip: "Skip next order",
  cancel: "Cancel subscription",
  retry: "Retry renewal now",
};

const reasonValues = OPERATOR_REASONS.map((r) => r.value) as [OperatorReason, ...OperatorReason[]];
const cancelValues = CANCEL_REASONS.map((r) => r.value) as [CancelReason, ...CancelReason[]];

const reasonFields = {
  reason: z.enum(reasonValues, "Choose a reason"),
  note: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(500, "At most 500 characters").optional()),
};

const ACTION_INPUT = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("pause"), ...reasonFields }),
    z.object({ intent: z.literal("resume"), ...reasonFields }),
    z.object({ intent: z.literal("skip"), ...reasonFields }),
    // Cancelling records the customer's own reason too (what My Subscriptions asks), and needs a tick.
    z.object({
      intent: z.literal("cancel"),
      ...reasonFields,
      cancelReason: z.enum(cancelValues, "Choose the customer's reason"),
      confirm: z.literal("yes", "Tick the box to confirm"),
    }),
    z.object({ intent: z.literal("retry"), ...reasonFields }),
  ],
  { error: "Choose an action" },
);
export type ConsoleActionInput = z.infer<typeof ACTION_INPUT>;

/** An "other" reason says why in the note. */
export function parseConsoleAction(raw: Record<string, unknown>): { ok: true; input: ConsoleActionInput } | { ok: false; errors: Record<string, string> } {
  const parsed = ACTION_INPUT.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, errors: Object.keys(errors).length ? errors : { intent: "Choose an action" } };
  }
  if (parsed.data.reason === "other" && !parsed.data.note) return { ok: false, errors: { note: "Say why in the note" } };
  return { ok: true, input: parsed.data };
}

// ---- the list ----

/** Hold filter values: the subscription's hold, or "failed" — a renewal that failed for another reason and waits for its retry. */
export const HOLD_FILTERS = [
  { value: "payment_failed", label: "Payment declined" },
  { value: "out_of_stock", label: "Out of stock" },
  { value: "quota_reached", label: "Over the staff allowance" },
  { value: "not_eligible", label: "Staff membership lapsed" },
  { value: "failed", label: "Other failure (retrying)" },
] as const satisfies readonly { value: SubscriptionHold | "failed"; label: string }[];
export type HoldFilter = (typeof HOLD_FILTERS)[number]["value"];

export const holdLabel = (hold: string | null): string | null => HOLD_FILTERS.find((h) => h.value === hold)?.label ?? null;

export const SUBSCRIPTION_SORTS = ["contract", "customer", "next", "status", "created"] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];

const STATUSES = ["active", "paused", "cancelled"] as const satisfies readonly SubscriptionStatus[];
const day = z
  .string()
  .trim()
  .refine((v) => isCalendarDay(v))
  .nullable()
  .catch(null);

const listQuery = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(STATUSES).nullable().catch(null),
  hold: z.enum(HOLD_FILTERS.map((h) => h.value) as [HoldFilter, ...HoldFilter[]]).nullable().catch(null),
  /** The "Renewal failures" view: held, or waiting for a retry. */
  failures: z.boolean().catch(false),
  site: z.enum(["d2c", "hpsf"]).nullable().catch(null),
  from: day,
  to: day,
  sort: z.enum(SUBSCRIPTION_SORTS).catch("next"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type SubscriptionListQuery = z.infer<typeof listQuery>;

/** The list's query from the URL; anything malformed falls back to its default (a bad link still opens the list). */
export function subscriptionListQuery(params: URLSearchParams): SubscriptionListQuery {
  const get = (k: string) => params.get(k) || null;
  return listQuery.parse({
    q: params.get("q") ?? "",
    status: get("status"),
    hold: get("hold"),
    failures: params.get("view") === "failures",
    site: get("site"),
    from: get("from"),
    to: get("to"),
    sort: get("sort") ?? undefined,
    dir: get("dir") ?? undefined,
    page: get("page") ?? 1,
  });
}

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
 * failed (waiting for its retry time). A subscription paused after the last declined charge is
 * resumed instead (which moves it to a new cycle), not retried.
 */
export function canRetryRenewal(s: { status: SubscriptionStatus; hold: SubscriptionHold | null; retryAt: Date | string | null; nextOrderDate: string }, today: string): boolean {
  return s.status === "active" && (s.hold !== null || s.retryAt !== null) && s.nextOrderDate <= today;
}
