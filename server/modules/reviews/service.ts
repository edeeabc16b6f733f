import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ReviewListQuery, ReviewModerateInput, ReviewSubmitInput } from "../../../rules/reviews/api-input";
import {
  isRejectionReason,
  moderationMove,
  reviewRequestDueBefore,
  reviewRequestNotBefore,
  summaryDelta,
  summaryOf,
  averageOf,
  type ReviewRejectionReason,
  type PublicReview,
  type ReviewList,
  type ReviewSummary,
  type ReviewStateName,
} from "../../../rules/reviews/states-and-sorts";
import type { createRateLimitService } from "../rate-limit";
import type { MailContent } from "../mail";
import { reviewRequests, reviewSummaries, reviewVotes, reviews } from "./schema";

// Product reviews: the public list and summaries, who may write one, submission, helpful votes and
// moderation. Guarantees:
//
// 1. One review per order line: the unique key on reviews.order_line_id decides, so two submits of
//    one line at once give one review and one ALREADY_REVIEWED.
// 2. One helpful vote per customer and review: the primary key of review_votes decides; the count
//    on the review grows only when that insert happened, in the same transaction.
// 3. Summaries (review_summaries) count approved reviews only, and are changed in the transaction
//    of every state change, under the review row's lock (FOR UPDATE): a review is counted or
//    uncounted once whatever the concurrency; the summary rows are changed by relative updates
//    (count = count + 1), so approvals of many reviews of one product at once all count.
// 4. Order lines, products and variants belong to other modules: read through the ports wired in
//    server/wiring/ (server/read-models/review-reads.ts).
// 5. The review-request mail is claimed per order by the insert into review_requests before it is
//    sent: processes running the job at once never mail an order twice.

export type ReviewSummaryView = ReviewSummary;

/** One delivered order line of a customer (from the orders module, with its product from the catalogue). */
export type DeliveredLine = {
  orderLineId: string;
  orderId: string;
  orderName: string;
  productId: number;
  variantId: number;
  variantTitle: string;
  deliveredAt: Date;
};

/** An order due its review-request mail, with the products of its lines. */
export type DueOrder = {
  orderId: string;
  orderName: string;
  email: string;
  site: "d2c" | "hpsf";
  lines: { orderLineId: string; productTitle: string; productHandle: string }[];
};

export type ReviewPorts = {
  /** The customer's delivered order lines, of one product or one line. */
  deliveredLines(customerId: string, filter: { productId?: number; orderLineId?: string }): Promise<DeliveredLine[]>;
  /** Orders delivered in [after, before) whose review request was not claimed yet, oldest first. */
  dueForRequest(p: { after: Date; before: Date; limit: number }): Promise<DueOrder[]>;
  /** Titles of products, for the moderation queue. */
  productTitles(ids: number[]): Promise<Map<number, string>>;
  /** Variant titles ("Chicken / 5 lb Bag"), for the public list. */
  variantTitles(ids: number[]): Promise<Map<number, string>>;
};

export type ReviewMailer = {
  send(mail: { template: "reviewRequest"; to: string; content: MailContent }): Promise<unknown>;
  render(d: { orderName: string; products: { title: string; url: string }[] }): MailContent;
  /** The shop's origin for a site's links ("http://localhost:3000"). */
  origin(site: "d2c" | "hpsf"): string;
};

export type Eligibility = {
  eligible: boolean;
  orderLines: { orderLineId: string; orderName: string; variantTitle: string; deliveredAt: string }[];
};

export type SubmitResult =
  | { ok: true; review: { id: string; state: "new" } }
  | { ok: false; code: "NOT_ELIGIBLE" | "ALREADY_REVIEWED" | "RATE_LIMITED" | "INVALID"; message: string; field?: string };

export type VoteResult = { ok: true; helpfulCount: number; counted: boolean } | { ok: false; code: "NOT_FOUND" | "RATE_LIMITED"; message: string };

export type ModerationResult = { ok: true } | { ok: false; code: "NOT_FOUND" | "INVALID_TRANSITION" | "INVALID"; message: string; field?: string };

/** What an operator's action changed, for the console's audit entry (written in the same transaction). */
export type ReviewChange = {
  reviewId: string;
  productId: number;
  before: { state: ReviewStateName; rejectionReason: string | null; response: string | null };
  after: { state: ReviewStateName; rejectionReason: string | null; response: string | null };
};
export type AuditHook = (tx: Db, change: ReviewChange) => Promise<void>;

export type QueueRow = {
  id: string;
  productId: number;
  productTitle: string;
  rating: number;
  title: string;
  body: string;
  nickname: string;
  verified: boolean;
  /** The order line a verified review is about (the console links its order); null for imported reviews. */
  orderLineId: string | null;
  createdAt: string;
  moderatedAt: string | null;
  state: ReviewStateName;
  rejectionReason: ReviewRejectionReason | null;
  response: { body: string; at: string } | null;
  pet: PublicReview["pet"];
};

export const QUEUE_PAGE_SIZE = 25;

type ReviewRow = typeof reviews.$inferSelect;

const petOf = (r: ReviewRow): PublicReview["pet"] =>
  r.petSpecies || r.petLifeStage || r.petBreedSize ? { species: r.petSpecies, lifeStage: r.petLifeStage, breedSize: r.petBreedSize } : null;

const responseOf = (r: ReviewRow) => (r.responseBody && r.respondedAt ? { body: r.responseBody, at: r.respondedAt.toISOString() } : null);

/** Adds `delta` (±1) of one rating to the product's and the variant's summary rows. */
async function applySummary(tx: Db, review: Pick<ReviewRow, "productId" | "variantId" | "rating">, delta: -1 | 1) {
  const keys = [0, ...(review.variantId ? [review.variantId] : [])];
  const column = `count${review.rating}` as "count1" | "count2" | "count3" | "count4" | "count5";
  for (const variantId of keys) {
    const initial = {
      productId: review.productId,
      variantId,
      count: Math.max(delta, 0),
      ratingSum: Math.max(delta, 0) * review.rating,
      [column]: Math.max(delta, 0),
    };
    await tx
      .insert(reviewSummaries)
      .values(initial)
      .onConflictDoUpdate({
        target: [reviewSummaries.productId, reviewSummaries.variantId],
        set: {
          count: sql`${reviewSummaries.count} + ${delta}`,
          ratingSum: sql`${reviewSummaries.ratingSum} + ${delta * review.rating}`,
          [column]: sql`${reviewSummaries[column]} + ${delta}`,
        },
      });
  }
}

export function createReviewsService(
  db: Db,
  rateLimit: Pick<ReturnType<typeof createRateLimitService>, "take">,
  deps: { ports: ReviewPorts; mailer?: ReviewMailer; clock?: () => Date },
) {
  const clock = deps.clock ?? (() => new Date());
  const { ports } = deps;

  async function summaryRow(productId: number, variantId: number) {
    const [row] = await db
      .select()
      .from(reviewSummaries)
      .where(and(eq(reviewSummaries.productId, productId), eq(reviewSummaries.variantId, variantId)));
    return row;
  }

  return {
    /** Count, average (one decimal) and histogram of the approved reviews of a product or one variant. */
    async summary(productId: number, variantId?: number | null): Promise<ReviewSummary> {
      return summaryOf(await summaryRow(productId, variantId ?? 0));
    },

    /** Counts and averages of many products in one query (product cards); products without reviews are absent. */
    async summaries(productIds: number[]): Promise<Map<number, { count: number; average: number | null }>> {
      const ids = [...new Set(productIds.filter((id) => Number.isInteger(id)))];
      const map = new Map<number, { count: number; average: number | null }>();
      if (!ids.length) return map;
      const rows = await db
        .select({ productId: reviewSummaries.productId, count: reviewSummaries.count, ratingSum: reviewSummaries.ratingSum })
        .from(reviewSummaries)
        .where(and(inArray(reviewSummaries.productId, ids), eq(reviewSummaries.variantId, 0), sql`${reviewSummaries.count} > 0`));
      for (const r of rows) map.set(r.productId, { count: r.count, average: averageOf(r.count, r.ratingSum) });
      return map;
    },

    /** Approved reviews of a product, paged, sorted and filtered; never the customer's id or address. */
    async list(productId: number, query: ReviewListQuery): Promise<ReviewList> {
      const where: SQL[] = [eq(reviews.productId, productId), eq(reviews.state, "approved")];
      if (query.rating) where.push(eq(reviews.rating, query.rating));
      if (query.species) where.push(eq(reviews.petSpecies, query.species));
      if (query.lifeStage) where.push(eq(reviews.petLifeStage, query.lifeStage));
      if (query.breedSize) where.push(eq(reviews.petBreedSize, query.breedSize));
      const order = {
        newest: [desc(reviews.createdAt), desc(reviews.id)],
        helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
        "rating-high": [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
        "rating-low": [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
      }[query.sort];
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(and(...where))
          .orderBy(...order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(reviews)
          .where(and(...where)),
      ]);
      const variantIds = [...new Set(rows.map((r) => r.variantId).filter((v): v is number => v !== null))];
      const titles = variantIds.length ? await ports.variantTitles(variantIds) : new Map<number, string>();
      return {
        reviews: rows.map((r) => {
          const variantTitle = r.variantId !== null ? titles.get(r.variantId) : undefined;
          return {
            id: r.id,
            rating: r.rating,
            title: r.title,
            body: r.body,
            nickname: r.nickname,
            verifiedPurchase: r.orderLineId !== null,
            pet: petOf(r),
            helpfulCount: r.helpfulCount,
            response: responseOf(r),
            createdAt: r.createdAt.toISOString(),
            ...(variantTitle ? { variantTitle } : {}),
          };
        }),
        page: query.page,
        pageSize: query.pageSize,
        total: n,
      };
    },

    /** The customer's delivered order lines of the product that have no review yet. */
    async eligibility(customerId: string, productId: number): Promise<Eligibility> {
      const lines = await ports.deliveredLines(customerId, { productId });
      const reviewed = lines.length
        ? new Set(
            (
              await db
                .select({ id: reviews.orderLineId })
                .from(reviews)
                .where(
                  inArray(
                    reviews.orderLineId,
                    lines.map((l) => l.orderLineId),
                  ),
                )
            ).map((r) => r.id),
          )
        : new Set<string | null>();
      const open = lines.filter((l) => !reviewed.has(l.orderLineId));
      return {
        eligible: open.length > 0,
        orderLines: open.map((l) => ({
          orderLineId: l.orderLineId,
          orderName: l.orderName,
          variantTitle: l.variantTitle,
          deliveredAt: l.deliveredAt.toISOString(),
        })),
      };
    },

    /**
     * A new review (state "new", waiting for moderation) of a delivered order line of the customer's
     * that is of this product; one per order line (guarantee 1). Input is already validated and
     * sanitised (rules/reviews/api-input.ts).
     */
    async submit(customerId: string, input: ReviewSubmitInput & { productId: number }, ip: string | null): Promise<SubmitResult> {
      const attempt = await rateLimit.take("review", `customer:${customerId}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const [line] = await ports.deliveredLines(customerId, { orderLineId: input.orderLineId });
      if (!line || line.productId !== input.productId)
        return { ok: false, code: "NOT_ELIGIBLE", message: "Only customers with a delivered order of this product can review it.", field: "orderLineId" };
      const inserted = await db
        .insert(reviews)
        .values({
          productId: line.productId,
          variantId: line.variantId,
          orderLineId: line.orderLineId,
          customerId,
          rating: input.rating,
          title: input.title,
          body: input.body,
          nickname: input.nickname,
          petSpecies: input.pet?.species ?? null,
          petLifeStage: input.pet?.lifeStage ?? null,
          petBreedSize: input.pet?.breedSize ?? null,
          state: "new",
          createdAt: clock(),
        })
        .onConflictDoNothing({ target: reviews.orderLineId })
        .returning({ id: reviews.id });
      if (!inserted.length) return { ok: false, code: "ALREADY_REVIEWED", message: "You have already reviewed this order.", field: "orderLineId" };
      return { ok: true, review: { id: inserted[0].id, state: "new" } };
    },

    /** Marks an approved review helpful for the customer; a second vote counts nothing (guarantee 2). */
    async voteHelpful(customerId: string, reviewId: string, ip: string | null): Promise<VoteResult> {
      const attempt = await rateLimit.take("review_vote", `customer:${customerId}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      return db.transaction(async (tx) => {
        const [review] = await tx
          .select({ state: reviews.state, helpfulCount: reviews.helpfulCount, customerId: reviews.customerId })
          .from(reviews)
          .where(eq(reviews.id, reviewId))
          .for("update");
        if (!review || review.state !== "approved") return { ok: false as const, code: "NOT_FOUND" as const, message: "No such review." };
        // A customer's vote for their own review is not counted.
        if (review.customerId === customerId) return { ok: true as const, helpfulCount: review.helpfulCount, counted: false };
        const vote = await tx
          .insert(reviewVotes)
          .values({ reviewId, customerId, createdAt: clock() })
          .onConflictDoNothing()
          .returning({ reviewId: reviewVotes.reviewId });
        if (!vote.length) {
          const [now] = await tx.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, reviewId));
          return { ok: true as const, helpfulCount: now.helpfulCount, counted: false };
        }
        const [updated] = await tx
          .update(reviews)
          .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
          .where(eq(reviews.id, reviewId))
          .returning({ helpfulCount: reviews.helpfulCount });
        return { ok: true as const, helpfulCount: updated.helpfulCount, counted: true };
      });
    },

    /** The moderation queue: reviews in one state, oldest first for "new", newest first otherwise. */
    async queue(p: {
      state: ReviewStateName;
      page?: number;
      productId?: number;
      productIds?: number[];
      pageSize?: number;
    }): Promise<{ rows: QueueRow[]; total: number; page: number; pageSize: number }> {
      const page = Math.max(1, Math.floor(p.page ?? 1));
      const pageSize = Math.min(100, Math.max(1, Math.floor(p.pageSize ?? QUEUE_PAGE_SIZE)));
      const ids = p.productIds ?? (p.productId !== undefined ? [p.productId] : undefined);
      const where = and(eq(reviews.state, p.state), ids !== undefined ? (ids.length ? inArray(reviews.productId, ids) : sql`false`) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(p.state === "new" ? asc(reviews.createdAt) : desc(reviews.createdAt), asc(reviews.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      const titles = rows.length ? await ports.productTitles([...new Set(rows.map((r) => r.productId))]) : new Map<number, string>();
      return { rows: rows.map((r) => queueRowOf(r, titles.get(r.productId) ?? `Product ${r.productId}`)), total: n, page, pageSize };
    },

    /** One review for the console's detail page (any state); null when unknown. */
    async review(reviewId: string): Promise<QueueRow | null> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
      if (!row) return null;
      const titles = await ports.productTitles([row.productId]);
      return queueRowOf(row, titles.get(row.productId) ?? `Product ${row.productId}`);
    },

    /** Reviews per state (the console's tabs and the navigation's count of waiting reviews). */
    async counts(): Promise<{ new: number; approved: number; rejected: number }> {
      const rows = await db.select({ state: reviews.state, n: count() }).from(reviews).groupBy(reviews.state);
      const out = { new: 0, approved: 0, rejected: 0 };
      for (const r of rows) out[r.state] = r.n;
      return out;
    },

    /**
     * Approve, or reject with a reason of the published policy (never for being negative). The
     * summaries change in the same transaction, under the review's row lock (guarantee 3); `audit`
     * writes the console's audit entry in that transaction too.
     */
    async moderate(reviewId: string, input: ReviewModerateInput, actor: string, audit?: AuditHook): Promise<ModerationResult> {
      void actor;
      if (input.action === "reject" && !isRejectionReason(input.reason))
        return { ok: false, code: "INVALID", message: "Choose a reason of the review policy.", field: "reason" };
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
        if (!row) return { ok: false as const, code: "NOT_FOUND" as const, message: "No such review." };
        const move = moderationMove(row.state, input.action);
        if (!move.ok) return { ok: false as const, code: "INVALID_TRANSITION" as const, message: move.message };
        const rejectionReason = input.action === "reject" ? input.reason : null;
        await tx.update(reviews).set({ state: move.to, rejectionReason, moderatedAt: clock() }).where(eq(reviews.id, reviewId));
        const delta = summaryDelta(row.state, move.to);
        if (delta !== 0) await applySummary(tx, row, delta);
        await audit?.(tx, {
          reviewId,
          productId: row.productId,
          before: { state: row.state, rejectionReason: row.rejectionReason, response: row.responseBody },
          after: { state: move.to, rejectionReason, response: row.responseBody },
        });
        return { ok: true as const };
      });
    },

    /** The shop's public response under a review (replaces an earlier one); sanitised by the caller's schema. */
    async respond(reviewId: string, body: string, actor: string, audit?: AuditHook): Promise<ModerationResult> {
      void actor;
      const text = body.trim();
      if (!text) return { ok: false, code: "INVALID", message: "A response is required.", field: "body" };
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
        if (!row) return { ok: false as const, code: "NOT_FOUND" as const, message: "No such review." };
        await tx.update(reviews).set({ responseBody: text, respondedAt: clock() }).where(eq(reviews.id, reviewId));
        await audit?.(tx, {
          reviewId,
          productId: row.productId,
          before: { state: row.state, rejectionReason: row.rejectionReason, response: row.responseBody },
          after: { state: row.state, rejectionReason: row.rejectionReason, response: text },
        });
        return { ok: true as const };
      });
    },

    /**
     * Sends the review-request mail of every order delivered at least 10 days ago (and not more than
     * 60: older orders predate the job) that has none yet; one mail per order, claimed first
     * (guarantee 5). A mail that cannot be recorded gives its claim back for the next run.
     */
    async sendDueRequests(now: Date = clock(), limit = 200): Promise<number> {
      const mailer = deps.mailer;
      if (!mailer) return 0;
      const due = await ports.dueForRequest({ after: reviewRequestNotBefore(now), before: reviewRequestDueBefore(now), limit });
      let sent = 0;
      for (const order of due) {
        const claimed = await db
          .insert(reviewRequests)
          .values({ orderId: order.orderId, sentAt: now })
          .onConflictDoNothing()
          .returning({ orderId: reviewRequests.orderId });
        if (!claimed.length) continue;
        const origin = mailer.origin(order.site);
        const products = order.lines.map((l) => ({
          title: l.productTitle,
          url: `${origin}/products/${encodeURIComponent(l.productHandle)}?review=${l.orderLineId}#reviews`,
        }));
        try {
          await mailer.send({ template: "reviewRequest", to: order.email, content: mailer.render({ orderName: order.orderName, products }) });
          sent++;
        } catch (err) {
          await db.delete(reviewRequests).where(eq(reviewRequests.orderId, order.orderId));
          throw err;
        }
      }
      return sent;
    },
  };
}

function queueRowOf(r: ReviewRow, productTitle: string): QueueRow {
  return {
    id: r.id,
    productId: r.productId,
    productTitle,
    rating: r.rating,
    title: r.title,
    body: r.body,
    nickname: r.nickname,
    verified: r.orderLineId !== null,
    orderLineId: r.orderLineId,
    createdAt: r.createdAt.toISOString(),
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
    state: r.state,
    rejectionReason: isRejectionReason(r.rejectionReason) ? r.rejectionReason : null,
    response: responseOf(r),
    pet: petOf(r),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
