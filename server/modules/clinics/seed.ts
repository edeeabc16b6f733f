import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clinics } from "./schema";
import { buildSeedClinics, checkSeedClinics } from "./seed-data";

/**
 * Loads the invented clinic directory when no clinic exists yet; null when there already is one.
 * Callers run it inside their seeding transaction (server/db/seed.ts). One statement: 210 rows
 * of 15 columns stay far below PostgreSQL's bind-parameter limit.
 */
export async function seedClinicsIfEmpty(db: Db): Promise<{ clinics: number; schools: number } | null> {
  const { rows } = (await db.execute(sql`select exists(select 1 from ${clinics}) as seeded`)) as unknown as {
    rows: { seeded: boolean }[];
  };
  if (rows[0]?.seeded) return null;
  const directory = buildSeedClinics();
  checkSeedClinics(directory);
  await db.insert(clinics).values(directory);
  const schools = directory.filter((c) => c.kind === "school").length;
  return { clinics: directory.length - schools, schools };
}
