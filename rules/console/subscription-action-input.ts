import { z } from "zod";
import { isCalendarDay } from "../shared/calendar-days";
import { CANCEL_REASONS, type CancelReason, type SubscriptionStatus } from "../autoship/subscription-states";
import { HOLD_FILTERS, OPERATOR_REASONS, SUBSCRIPTION_SORTS, type HoldFilter, type OperatorReason, type SubscriptionListQuery } from "./subscription-actions";
import { fieldErrors } from "../shared/zod-errors";

// The console's Subscriptions section, read from the request: the list's URL and an operator's
// action form. Kept apart from console-subscriptions.ts so the console's browser code needs no zod.

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
    z.object({ intent: z.literal("renew_now"), ...reasonFields }),
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
  hold: z
    .enum(HOLD_FILTERS.map((h) => h.value) as [HoldFilter, ...HoldFilter[]])
    .nullable()
    .catch(null),
  /** The "Renewal failures" view: held, or waiting for a retry. */
  failures: z.boolean().catch(false),
  site: z.enum(["d2c", "hpsf"]).nullable().catch(null),
  from: day,
  to: day,
  sort: z.enum(SUBSCRIPTION_SORTS).catch("next"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
listQuery satisfies z.ZodType<SubscriptionListQuery>;

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
