import { z } from "zod";
import { CONSOLE_REVIEW_STATES, type ReviewListQuery } from "./review-queue";
import { REVIEW_LIMITS, REVIEW_REJECTION_REASONS, sanitizeReviewText, type ReviewRejectionReason } from "../reviews/states-and-sorts";
import { fieldErrors } from "../shared/zod-errors";

// The console's Reviews section, read from the request: the list's URL and an operator's form.
// Server only (loaders, actions, the console workflow): zod stays out of the console's browser code.

const reasonCodes = Object.keys(REVIEW_REJECTION_REASONS) as [ReviewRejectionReason, ...ReviewRejectionReason[]];

/** The message beside the reason select: a rejection names the policy rule, never the rating. */
export const REJECTION_REASON_REQUIRED = "Choose the policy reason this review breaks. A review is never rejected for being negative.";

const ACTION_INPUT = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve") }),
    z.object({ intent: z.literal("reject"), reason: z.enum(reasonCodes, REJECTION_REASON_REQUIRED) }),
    z.object({
      intent: z.literal("respond"),
      body: z
        .string("Write the response")
        .transform((s) => sanitizeReviewText(s, { multiline: true }))
        .pipe(z.string().min(1, "Write the response").max(REVIEW_LIMITS.response, `The response is at most ${REVIEW_LIMITS.response} characters`)),
    }),
  ],
  { error: "Choose an action" },
);
export type ReviewConsoleInput = z.infer<typeof ACTION_INPUT>;

export function parseReviewAction(raw: Record<string, unknown>): { ok: true; input: ReviewConsoleInput } | { ok: false; errors: Record<string, string> } {
  const parsed = ACTION_INPUT.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = fieldErrors(parsed.error);
  return { ok: false, errors: Object.keys(errors).length ? errors : { intent: "Choose an action" } };
}

const listQuery = z.object({
  state: z.enum(CONSOLE_REVIEW_STATES).catch("new"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
listQuery satisfies z.ZodType<ReviewListQuery>;

/** The list's query from the URL; anything malformed falls back to its default (a bad link still opens the list). */
export function reviewListQuery(params: URLSearchParams): ReviewListQuery {
  return listQuery.parse({ state: params.get("state") ?? "new", q: params.get("q") ?? "", page: params.get("page") ?? 1 });
}
