import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { donationCauses, donationPortfolioCharities, donationSegments, donationStores } from "./schema";
import { buildSeedCauses, buildSeedSegments, buildSeedStore } from "./seed-data";

/**
 * Loads the donation store, its causes and segments when no donation store exists yet; null when
 * one does. Callers run it inside their seeding transaction (server/db/seed.ts). Four statements.
 */
export async function seedDonationsIfEmpty(db: Db): Promise<{ charities: number; portfolios: number; segments: number } | null> {
  const { rows } = (await db.execute(sql`select exists(select 1 from ${donationStores}) as seeded`)) as unknown as {
    rows: { seeded: boolean }[];
  };
  if (rows[0]?.seeded) return null;
  const { charities, portfolios, portfolioCharities } = buildSeedCauses();
  const segments = buildSeedSegments();
  await db.insert(donationCauses).values([...charities, ...portfolios]);
  await db.insert(donationPortfolioCharities).values(portfolioCharities);
  await db.insert(donationStores).values(buildSeedStore());
  await db.insert(donationSegments).values(segments);
  return { charities: charities.length, portfolios: portfolios.length, segments: segments.length };
}
