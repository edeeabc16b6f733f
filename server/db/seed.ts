import { sql } from "drizzle-orm";
import type { Logger } from "../log";
import type { Database } from "./client";
import { seedDiscountCodes } from "../modules/cart";
import { seedCatalog } from "../modules/catalog";
import { seedClinicsIfEmpty } from "../modules/clinics";
import { seedContentIfEmpty } from "../modules/content";
import { seedDonationsIfEmpty } from "../modules/donations";
import { seedReviewsIfEmpty, type SeedProduct } from "../modules/reviews";

// Any constant works; it only has to be the same in every process of the shop.
const SEED_LOCK_ID = 727_002;

/**
 * Loads the seed catalogue (and, as modules arrive, their seed data) when the database is empty,
 * so a fresh `npm start` shows a full shop. Runs in one transaction: a crash leaves nothing half-seeded.
 */
export async function seedIfEmpty(database: Database, log?: Logger): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    if (database.kind === "postgres") await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const { rows } = (await tx.execute(sql`select exists(select 1 from products) as seeded`)) as unknown as {
      rows: { seeded: boolean }[];
    };
    // Content has its own "empty" check: a database seeded before the content module gets it too.
    const content = await seedContentIfEmpty(tx);
    if (content) log?.info(content, "seeded the content");
    // Clinic directory (staff-feeding program): its own "empty" check too, for databases seeded before it.
    const clinics = await seedClinicsIfEmpty(tx);
    if (clinics) log?.info(clinics, "seeded the clinic directory");
    // Donation provider (store, charities, portfolios, segments): its own "empty" check as well.
    const donations = await seedDonationsIfEmpty(tx);
    if (donations) log?.info(donations, "seeded the donation provider");
    if (rows[0]?.seeded) {
      // Reviews: their own "empty" check, for databases seeded before the reviews module.
      const reviews = await seedReviewsIfEmpty(tx, await reviewSeedProducts(tx));
      if (reviews) log?.info(reviews, "seeded the reviews");
      return content !== null || clinics !== null || donations !== null || reviews !== null;
    }
    const counts = await seedCatalog(tx);
    const codes = await seedDiscountCodes(tx);
    log?.info({ ...counts, discountCodes: codes }, "seeded the catalogue");
    const reviews = await seedReviewsIfEmpty(tx, await reviewSeedProducts(tx));
    if (reviews) log?.info(reviews, "seeded the reviews");
    return true;
  });
}

/** The catalogue as the review seed needs it: each product's species, type, life stages, sizes and variants. */
async function reviewSeedProducts(tx: Parameters<Parameters<Database["db"]["transaction"]>[0]>[0]): Promise<SeedProduct[]> {
  const { rows } = (await tx.execute(sql`
    select p.id, p.species, p.product_type as "productType", p.lifestages, p.breed_sizes as "breedSizes",
      coalesce(array_agg(v.id order by v.position) filter (where v.id is not null), '{}') as "variantIds"
    from products p left join variants v on v.product_id = p.id
    where p.published and 'd2c' = any(p.sites)
    group by p.id order by p.id`)) as unknown as { rows: SeedProduct[] };
  return rows;
}
