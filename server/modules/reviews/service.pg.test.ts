import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createReviewReads } from "../../read-models/review-reads";
import { aCatalogue, anOrder, aReview } from "../../testing/reviews";
import { reviewVotes, reviews } from "./schema";
import { createReviewsService, type ReviewsService } from "./service";

// The reviews service's races on a real PostgreSQL (`npm run test:pg`), where the calls below run
// on separate pooled connections at the same time: one review per order line, one helpful vote per
// customer, summaries exact under simultaneous approvals. Skipped on PGlite (one connection).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
let service: ReviewsService;
let catalogue: Awaited<ReturnType<typeof aCatalogue>>;
const open = { take: async () => ({ ok: true as const, ids: [] }) };

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  service = createReviewsService(database.db, open, { ports: createReviewReads(database.db) });
  catalogue = await aCatalogue(database.db, 3);
}, 60_000);
afterAll(() => database?.close());

async function newReview(productIndex: number, rating: number) {
  const customerId = randomUUID();
  const { lineIds } = await anOrder(database.db, { customerId, variantIds: [catalogue[productIndex].variantIds[rating % 2]] });
  const r = await service.submit(customerId, aReview(lineIds[0], catalogue[productIndex].productId, rating), null);
  if (!r.ok) throw new Error(r.message);
  return r.review.id;
}

describe.skipIf(!onPostgres)("reviews under concurrency (PostgreSQL)", () => {
  it("submits of one order line at once give one review", async () => {
    for (let round = 0; round < 3; round++) {
      const customerId = randomUUID();
      const { lineIds } = await anOrder(database.db, { customerId, variantIds: [catalogue[0].variantIds[0]] });
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => service.submit(customerId, aReview(lineIds[0], catalogue[0].productId, 1 + i), null)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual([
        "ALREADY_REVIEWED",
        "ALREADY_REVIEWED",
        "ALREADY_REVIEWED",
        "ALREADY_REVIEWED",
      ]);
      expect(await database.db.select().from(reviews).where(eq(reviews.orderLineId, lineIds[0]))).toHaveLength(1);
    }
  });

  it("many helpful votes of one customer at once count once; of many customers, each once", async () => {
    const reviewId = await newReview(1, 5);
    await service.moderate(reviewId, { action: "approve" }, "operator:test");
    const voter = randomUUID();
    const same = await Promise.all(Array.from({ length: 10 }, () => service.voteHelpful(voter, reviewId, null)));
    expect(same.every((r) => r.ok)).toBe(true);
    expect(same.filter((r) => r.ok && r.counted)).toHaveLength(1);
    const others = await Promise.all(Array.from({ length: 10 }, () => service.voteHelpful(randomUUID(), reviewId, null)));
    expect(others.filter((r) => r.ok && r.counted)).toHaveLength(10);
    const [row] = await database.db.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row.helpfulCount).toBe(11);
    expect(await database.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId))).toHaveLength(11);
  });

  it("approvals of many reviews of one product at once keep the summary exact", async () => {
    const { productId, variantIds } = catalogue[2];
    const ratings = [5, 4, 4, 3, 1, 5, 2, 5, 4, 3, 5, 1];
    const ids: string[] = [];
    for (const rating of ratings) ids.push(await newReview(2, rating));
    // Each review approved twice at once: counted once.
    const results = await Promise.all([...ids, ...ids].map((id) => service.moderate(id, { action: "approve" }, "operator:test")));
    expect(results.filter((r) => r.ok)).toHaveLength(ratings.length);
    const histogram = { 1: 2, 2: 1, 3: 2, 4: 3, 5: 4 };
    const sum = ratings.reduce((s, r) => s + r, 0);
    expect(await service.summary(productId)).toEqual({ count: 12, average: Math.round((sum * 10) / 12) / 10, histogram });
    const odd = ratings.filter((r) => r % 2 === 1);
    expect((await service.summary(productId, variantIds[1])).count).toBe(odd.length);
    expect((await service.summary(productId, variantIds[0])).count).toBe(ratings.length - odd.length);
    // Rejections at once take out exactly the approved ones.
    await Promise.all(
      ids
        .slice(0, 6)
        .flatMap((id) => [
          service.moderate(id, { action: "reject", reason: "off-topic" }, "operator:test"),
          service.moderate(id, { action: "reject", reason: "profanity" }, "operator:test"),
        ]),
    );
    const rest = ratings.slice(6);
    expect(await service.summary(productId)).toEqual({
      count: 6,
      average: Math.round((rest.reduce((s, r) => s + r, 0) * 10) / 6) / 10,
      histogram: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 2 },
    });
  });
});
