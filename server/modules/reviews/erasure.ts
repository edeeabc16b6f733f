import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reviewSummaries, reviewVotes, reviews } from "./schema";

// A customer's erasure (server/workflows/erase-customer.ts, inside its transaction): their reviews
// are deleted — the text and nickname are theirs — and uncounted from the summaries; their helpful
// votes are removed and uncounted. Lock order as moderation's (review rows, then summary rows):
// every review row is locked before any summary row, so a moderator holding one review never waits
// on a summary this holds while holding a review this waits for.

export async function eraseReviewsOf(tx: Db, customerId: string): Promise<{ reviews: number; votes: number }> {
  // Votes first: each voted review's row is locked by its update (ascending id, one statement).
  const votes = await tx.delete(reviewVotes).where(eq(reviewVotes.customerId, customerId)).returning({ reviewId: reviewVotes.reviewId });
  if (votes.length) {
    const ids = votes.map((v) => v.reviewId).sort();
    await tx.execute(sql`select id from ${reviews} where ${inArray(reviews.id, ids)} order by id for update`);
    await tx
      .update(reviews)
      .set({ helpfulCount: sql`greatest(${reviews.helpfulCount} - 1, 0)` })
      .where(inArray(reviews.id, ids));
  }
  const own = await tx.select().from(reviews).where(eq(reviews.customerId, customerId)).orderBy(asc(reviews.id)).for("update");
  for (const r of own) {
    if (r.state !== "approved") continue;
    const column = `count${r.rating}` as "count1" | "count2" | "count3" | "count4" | "count5";
    for (const variantId of [0, ...(r.variantId ? [r.variantId] : [])])
      await tx
        .update(reviewSummaries)
        .set({
          count: sql`${reviewSummaries.count} - 1`,
          ratingSum: sql`${reviewSummaries.ratingSum} - ${r.rating}`,
          [column]: sql`${reviewSummaries[column]} - 1`,
        })
        .where(sql`${reviewSummaries.productId} = ${r.productId} and ${reviewSummaries.variantId} = ${variantId}`);
  }
  if (own.length)
    await tx.delete(reviews).where(
      inArray(
        reviews.id,
        own.map((r) => r.id),
      ),
    );
  return { reviews: own.length, votes: votes.length };
}
