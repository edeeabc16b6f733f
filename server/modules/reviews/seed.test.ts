import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { seedIfEmpty } from "../../db/seed";
import { openTestDatabase } from "../../db/test-database";
import { reviews } from "./schema";
import { buildSeedReviews, type SeedProduct } from "./seed-data";

// The seed reviews: about 400, approved, invented, none a verified purchase, some products with
// none, the summaries computed with them; the same on every machine.

let database: Database;
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
}, 120_000);
afterAll(() => database?.close());

describe("seed reviews", () => {
  it("about 400 approved reviews without order lines; some shop products have none", async () => {
    const [stats] = await rowsOf<{ n: number; approved: number; verified: number; products: number; shopProducts: number }>(sql`
      select count(*)::int as n, count(*) filter (where state = 'approved')::int as approved,
        count(order_line_id)::int as verified, count(distinct product_id)::int as products,
        (select count(*)::int from products where 'd2c' = any(sites) and published) as "shopProducts"
      from reviews`);
    expect(stats.n).toBeGreaterThan(350);
    expect(stats.n).toBeLessThan(450);
    expect(stats.approved).toBe(stats.n);
    expect(stats.verified).toBe(0);
    expect(stats.products).toBeLessThan(stats.shopProducts);
    expect(stats.products).toBeGreaterThan(stats.shopProducts / 2);
    // Every rating appears; text is varied.
    const ratings = await rowsOf<{ rating: number }>(sql`select distinct rating from reviews order by rating`);
    expect(ratings.map((r) => r.rating)).toEqual([1, 2, 3, 4, 5]);
    const [distinct] = await rowsOf<{ bodies: number }>(sql`select count(distinct body)::int as bodies from reviews`);
    expect(distinct.bodies).toBeGreaterThan(stats.n * 0.8);
  });

  it("the summaries equal the approved reviews, per product and per variant", async () => {
    const mismatched = await rowsOf(sql`
      with expected as (
        select product_id, 0 as variant_id, count(*)::int as c, sum(rating)::int as s, count(*) filter (where rating = 1)::int as c1, count(*) filter (where rating = 5)::int as c5
        from reviews where state = 'approved' group by product_id
        union all
        select product_id, variant_id, count(*)::int, sum(rating)::int, count(*) filter (where rating = 1)::int, count(*) filter (where rating = 5)::int
        from reviews where state = 'approved' and variant_id is not null group by product_id, variant_id)
      select * from expected e full join review_summaries s using (product_id, variant_id)
      where s.count is distinct from e.c or s.rating_sum is distinct from e.s or s.count1 is distinct from e.c1 or s.count5 is distinct from e.c5`);
    expect(mismatched).toEqual([]);
  });

  it("seeding again adds nothing", async () => {
    const before = await database.db.$count(reviews);
    await seedIfEmpty(database);
    expect(await database.db.$count(reviews)).toBe(before);
  });

  it("is deterministic", () => {
    const products: SeedProduct[] = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      species: i % 2 ? "cat" : "dog",
      productType: "Dry Food",
      lifestages: ["adult-dog"],
      breedSizes: ["small"],
      variantIds: [i * 10 + 1],
    }));
    const now = new Date("2030-01-01T00:00:00Z");
    expect(buildSeedReviews(products, now)).toEqual(buildSeedReviews(products, now));
  });
});
