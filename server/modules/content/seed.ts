import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { parseContentFiles, readContentFiles } from "./files";
import { importInto } from "./service";

/**
 * First start: loads content/ when no content entry exists yet (ARCHITECTURE §5). A bad file stops
 * the seed with the problems listed, so a broken content folder is noticed at once.
 */
export async function seedContentIfEmpty(db: Db): Promise<{ entries: number; redirects: number } | null> {
  const { rows } = (await db.execute(sql`select exists(select 1 from content_entries) as seeded`)) as unknown as {
    rows: { seeded: boolean }[];
  };
  if (rows[0]?.seeded) return null;
  const parsed = parseContentFiles(await readContentFiles());
  if (!parsed.ok) {
    throw new Error(`content/ has problems:\n${parsed.problems.map((p) => `  ${p.path}: ${p.field}: ${p.message}`).join("\n")}`);
  }
  await importInto(db, parsed.entries, parsed.redirects);
  return { entries: parsed.entries.length, redirects: parsed.redirects.length };
}
