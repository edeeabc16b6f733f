import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reviewSummaries, reviews } from "./schema";
import { buildSeedReviews, type SeedProduct, type SeedReview } from "./seed-data";

export type { SeedProduct } from "./seed-data";

/** The summary rows (per product, variant 0, and per variant) of a set of approved reviews. */
export function summaryRowsOf(list: readonly Pick<SeedReview, "productId" | "variantId" | "rating">[]) {
  const rows = new Map<string, typeof reviewSummaries.$inferInsert & { count: number; ratingSum: number }>();
  for (const r of list) {
    for (const variantId of [0, ...(r.variantId ? [r.variantId] : [])]) {
      const key = `${r.productId}:${variantId}`;
      const row = rows.get(key) ?? { productId: r.productId, variantId, count: 0, ratingSum: 0, count1: 0, count2: 0, count3: 0, count4: 0, count5: 0 };
      row.count += 1;
      row.ratingSum += r.rating;
      const column = `count${r.rating}` as "count1" | "count2" | "count3" | "count4" | "count5";
      row[column] = (row[column] ?? 0) + 1;
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}

/**
 * Loads the seed reviews of the given products, and their summaries, when there are no reviews at
 * all; null otherwise. Callers run it inside their seeding transaction (server/db/seed.ts), after
 * the catalogue. Bulk inserts: a few statements for the whole set.
 */
export async function seedReviewsIfEmpty(db: Db, products: readonly SeedProduct[], now = new Date()): Promise<{ reviews: number; products: number } | null> {
  const { rows } = (await db.execute(sql`select exists(select 1 from ${reviews}) as seeded`)) as unknown as { rows: { seeded: boolean }[] };
  if (rows[0]?.seeded || !products.length) return null;
  const list = buildSeedReviews(products, now);
  for (let i = 0; i < list.length; i += 500) await db.insert(reviews).values(list.slice(i, i + 500));
  const summaries = summaryRowsOf(list);
  for (let i = 0; i < summaries.length; i += 500)
    await db
      .insert(reviewSummaries)
      .values(summaries.slice(i, i + 500))
      .onConflictDoNothing();
  return { reviews: list.length, products: new Set(list.map((r) => r.productId)).size };
}
