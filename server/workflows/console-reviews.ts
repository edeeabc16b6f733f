import { REVIEW_AUDIT_ACTIONS, REVIEW_QUEUE_PAGE_SIZE, type ReviewListQuery } from "../../rules/console/review-queue";
import { parseReviewAction } from "../../rules/console/review-action-input";
import { isUuid } from "../../rules/shared/ids";
import { REVIEW_REJECTION_REASONS } from "../../rules/reviews/states-and-sorts";
import type { Db } from "../db/client";
import { consoleProductList } from "../modules/catalog";
import { orderLineRef } from "../modules/orders";
import type { Operator, OperatorsService } from "../modules/operators";
import type { AuditHook, ModerationResult, ReviewsService } from "../modules/reviews";
import { consoleGuard, type Denied } from "./console";

// The console's Reviews moderation: approve, reject with a reason of the published policy, respond.
//
// 1. Role first: `reviews.moderate` (consoleGuard: a refusal is audited and answered 403).
// 2. The form is validated here (rules/console/review-action-input.ts): a rejection without a policy reason
//    is refused with the field named, before anything is attempted — the FTC rule on review
//    suppression: a review is never hidden for being negative, only for breaking the policy.
//    Refused input is answered, not audited (nothing was attempted).
// 3. The reviews module does the change under the review's row lock, with its summaries, in one
//    transaction; its audit hook writes our audit entry (who, what, which review, the reason, the
//    state before and after) in that same transaction — an entry exists exactly when the change does.
// 4. A change that could not be made (no such review, already in that state) is audited as
//    "failed" after the module's transaction ended.

export type ReviewsConsoleDeps = {
  db: Db;
  operators: OperatorsService;
  reviews: Pick<ReviewsService, "queue" | "counts" | "review" | "moderate" | "respond">;
};

/** Search by product: the products whose title, handle or SKU contains the text, as the Catalogue page finds them. */
const PRODUCT_MATCH_LIMIT = 200;
async function productIdsMatching(db: Db, q: string): Promise<number[]> {
  const { rows } = await consoleProductList(db, {
    q,
    site: null,
    published: null,
    species: null,
    sort: "title",
    dir: "asc",
    page: 1,
    pageSize: PRODUCT_MATCH_LIMIT,
  });
  return rows.map((r) => r.id);
}

export type ReviewActionResult =
  | { ok: true; message: string }
  | { ok: false; code: "INVALID"; errors: Record<string, string>; message: string }
  | { ok: false; code: "NOT_FOUND" | "NOT_ALLOWED"; field: string; message: string }
  | Denied;

const actionName = (intent: unknown) =>
  typeof intent === "string" && Object.hasOwn(REVIEW_AUDIT_ACTIONS, intent)
    ? REVIEW_AUDIT_ACTIONS[intent as keyof typeof REVIEW_AUDIT_ACTIONS]
    : "review.action";

export function createReviewsConsole(deps: ReviewsConsoleDeps) {
  const { operators, reviews } = deps;
  const allowed = consoleGuard(operators);

  return {
    /** Reviews per state: the tabs and the navigation's count of waiting ones. */
    counts: () => reviews.counts(),

    /** One page of reviews in a state (waiting: oldest first), optionally of the products a text finds. */
    async list(query: ReviewListQuery) {
      const pageSize = REVIEW_QUEUE_PAGE_SIZE;
      let productIds: number[] | undefined;
      if (query.q) {
        productIds = await productIdsMatching(deps.db, query.q);
        if (!productIds.length) return { rows: [], total: 0, page: query.page, pageSize };
      }
      return reviews.queue({ state: query.state, page: query.page, pageSize, productIds });
    },

    /** One review in any state, with the order line of a verified one; null for an unknown id (or one that is no id at all). */
    async review(reviewId: string) {
      const review = isUuid(reviewId) ? await reviews.review(reviewId) : null;
      if (!review) return null;
      return { ...review, orderLine: review.orderLineId ? await orderLineRef(deps.db, review.orderLineId) : null };
    },

    /** The review's audit entries, newest first. */
    history: (reviewId: string) => operators.auditEntries({ targetType: "review", targetId: reviewId, limit: 50 }),

    /** One operator action from the form's fields: `intent` approve | reject (with `reason`) | respond (with `body`). */
    async act(operator: Operator, reviewId: string, raw: Record<string, unknown>): Promise<ReviewActionResult> {
      const action = actionName(raw.intent);
      const denied = await allowed(operator, "reviews.moderate", action, "review", reviewId);
      if (denied) return denied;
      const parsed = parseReviewAction(raw);
      if (!parsed.ok) return { ok: false, code: "INVALID", errors: parsed.errors, message: Object.values(parsed.errors)[0] ?? "Check the fields marked." };
      const input = parsed.input;
      const failed = async (error: string) =>
        operators.audit({ operator, action, targetType: "review", targetId: reviewId, outcome: "failed", after: { error } });
      if (!isUuid(reviewId)) {
        await failed("NOT_FOUND");
        return { ok: false, code: "NOT_FOUND", field: "reviewId", message: "No such review." };
      }

      const reason = input.intent === "reject" ? input.reason : null;
      const audit: AuditHook = (tx, change) =>
        operators.audit(
          {
            operator,
            action,
            targetType: "review",
            targetId: reviewId,
            outcome: "ok",
            before: change.before,
            after: { ...change.after, productId: change.productId, reason },
          },
          tx,
        );
      const actor = `operator:${operator.email}`;
      const result: ModerationResult =
        input.intent === "respond"
          ? await reviews.respond(reviewId, input.body, actor, audit)
          : await reviews.moderate(reviewId, input.intent === "approve" ? { action: "approve" } : { action: "reject", reason: input.reason }, actor, audit);

      if (!result.ok) {
        await failed(result.code);
        if (result.code === "INVALID") {
          const field = result.field ?? (input.intent === "respond" ? "body" : "reason");
          return { ok: false, code: "INVALID", errors: { [field]: result.message }, message: result.message };
        }
        return result.code === "NOT_FOUND"
          ? { ok: false, code: "NOT_FOUND", field: "reviewId", message: result.message }
          : { ok: false, code: "NOT_ALLOWED", field: "intent", message: result.message };
      }
      if (input.intent === "approve") return { ok: true, message: "Approved. The review shows on the product page." };
      if (input.intent === "reject") return { ok: true, message: `Rejected (${REVIEW_REJECTION_REASONS[input.reason]}). The review is not shown.` };
      return { ok: true, message: "Response saved. It shows under the review." };
    },
  };
}

export type ReviewsConsole = ReturnType<typeof createReviewsConsole>;
