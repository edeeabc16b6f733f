// The console's Reviews section: the list's query and links, the states' names, the audit actions
// and how a change reads in the review's history. Pure and zod-free: the console's browser code
// imports it (the zod side is console-review-input.ts, server only).

export const CONSOLE_REVIEW_STATES = ["new", "approved", "rejected"] as const;
export type ConsoleReviewState = (typeof CONSOLE_REVIEW_STATES)[number];

/** The tabs, waiting reviews first. */
export const REVIEW_STATE_LABELS: Record<ConsoleReviewState, string> = { new: "Waiting", approved: "Approved", rejected: "Rejected" };

export const REVIEW_AUDIT_ACTIONS = { approve: "review.approve", reject: "review.reject", respond: "review.respond" } as const;
export type ReviewConsoleIntent = keyof typeof REVIEW_AUDIT_ACTIONS;

export const REVIEW_QUEUE_PAGE_SIZE = 25;
export const REVIEW_EXCERPT_CHARS = 140;

export type ReviewListQuery = { state: ConsoleReviewState; q: string; page: number };

export function reviewListHref(q: ReviewListQuery, over: Partial<ReviewListQuery> = {}): string {
  const v = { ...q, ...over };
  const p = new URLSearchParams();
  if (v.state !== "new") p.set("state", v.state);
  if (v.q) p.set("q", v.q);
  if (v.page > 1) p.set("page", String(v.page));
  const s = p.toString();
  return s ? `/admin/reviews?${s}` : "/admin/reviews";
}

/** The start of a review's text for the list: whole words, an ellipsis when cut. */
export function reviewExcerpt(body: string, max = REVIEW_EXCERPT_CHARS): string {
  const flat = body.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

export type ReviewAuditState = { state?: string; rejectionReason?: string | null; response?: string | null };

/**
 * One line of a review's history from its audit entry: what the operator did, with the policy
 * reason of a rejection (by its published label) and the response's first words.
 */
export function reviewHistoryText(
  e: { action: string; outcome: string; before: unknown; after: unknown },
  reasonLabels: Readonly<Record<string, string>>,
): string {
  const after = (e.after && typeof e.after === "object" ? e.after : {}) as ReviewAuditState & { error?: string };
  const before = (e.before && typeof e.before === "object" ? e.before : {}) as ReviewAuditState;
  if (e.outcome === "denied") return `${e.action}: refused (role)`;
  if (e.outcome === "failed") return `${e.action}: failed${after.error ? ` (${after.error})` : ""}`;
  switch (e.action) {
    case REVIEW_AUDIT_ACTIONS.approve:
      return `Approved${before.state ? ` (was ${REVIEW_STATE_LABELS[before.state as ConsoleReviewState]?.toLowerCase() ?? before.state})` : ""}`;
    case REVIEW_AUDIT_ACTIONS.reject: {
      const reason = after.rejectionReason ? (reasonLabels[after.rejectionReason] ?? after.rejectionReason) : "no reason";
      return `Rejected: ${reason}`;
    }
    case REVIEW_AUDIT_ACTIONS.respond:
      return `${before.response ? "Response edited" : "Responded"}: “${reviewExcerpt(after.response ?? "", 60)}”`;
    default:
      return e.action;
  }
}
