import { sql } from "drizzle-orm";
import type { SiteId } from "../../../rules/site";
import type { Db } from "../../db/client";
import { products, variants } from "./schema";

// Ranked product search in one SQL statement, over the search columns the triggers of
// drizzle/0003_search_documents.sql maintain:
//   1. an exact SKU (rank 3) or a SKU prefix of 4+ characters (rank 2),
//   2. full-text search over title and brand (weight A), sub-brand, flavours, type (B), description (C)
//      and SKUs (D): every word must match, the last one as a prefix (typing in the header box);
//      rank 1 + ts_rank_cd normalised to [0, 1),
//   3. only when 1 and 2 find fewer than FUZZY_BELOW products: trigram word similarity of every word
//      against the title, brand, sub-brand, flavours and SKUs (pg_trgm), so "chiken" or "salmn" still
//      find chicken and salmon; rank = mean similarity in [0, 1).

/** Full-text hits below this many switch the typo-tolerant pass on. */
export const FUZZY_BELOW = 3;
/** word_similarity at or above which a misspelt word counts as found ("chiken" ~ "chicken" is 0.5). */
export const FUZZY_THRESHOLD = 0.45;
const MAX_WORDS = 8;

/** Matching products best first, with their relevance and featured rank (the tie-breaker of the listing's default order). */
export type SearchHits = { ids: number[]; ranks: number[]; featuredRanks: number[] };

/** Lower-case words of a query (letters and digits only: nothing of it reaches SQL unbound). */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** Text for to_tsquery: "dry chick" → "dry & chick:*". Words are [\p{L}\p{N}]+, so no tsquery syntax. */
export function prefixTsQuery(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
}

/** Product ids that match `text` on `site`, best first. */
export async function searchProducts(db: Db, site: SiteId, text: string): Promise<SearchHits> {
  const words = searchWords(text);
  if (words.length === 0) return { ids: [], ranks: [], featuredRanks: [] };
  const sku = text.trim().toUpperCase();
  const skuPrefix = sku.length >= 4 && /^[A-Z0-9-]+$/.test(sku) ? `${sku}%` : null;
  const fuzzyWords = words.filter((w) => w.length >= 3);
  const onSite = sql`${products.sites} @> array[${site}]::text[] and ${products.published}`;

  const fuzzyMatch = fuzzyWords.length
    ? sql.join(
        fuzzyWords.map((w) => sql`word_similarity(${w}, ${products.searchText}) >= ${FUZZY_THRESHOLD}`),
        sql` and `,
      )
    : sql`false`;
  const fuzzyRank = fuzzyWords.length
    ? sql`(${sql.join(
        fuzzyWords.map((w) => sql`word_similarity(${w}, ${products.searchText})`),
        sql` + `,
      )}) / ${fuzzyWords.length}::float8 * 0.999`
    : sql`0`;

  const result = await db.execute(sql`
    with sku_hits as (
      select ${variants.productId} as id,
             max(case when ${variants.sku} = ${sku} then 3.0 else 2.0 end)::float8 as rank,
             min(${products.featuredRank}) as featured_rank
      from ${variants} join ${products} on ${products.id} = ${variants.productId}
      where ${onSite} and (${variants.sku} = ${sku} ${skuPrefix ? sql`or ${variants.sku} like ${skuPrefix}` : sql``})
      group by ${variants.productId}
    ),
    text_hits as (
      select ${products.id} as id,
             (1 + ts_rank_cd(${products.searchDocument}, to_tsquery('english', ${prefixTsQuery(words)}), 32))::float8 as rank,
             ${products.featuredRank} as featured_rank
      from ${products}
      where ${onSite} and ${products.searchDocument} @@ to_tsquery('english', ${prefixTsQuery(words)})
    ),
    exact_hits as (
      select id, rank, featured_rank from sku_hits union all select id, rank, featured_rank from text_hits
    ),
    fuzzy_hits as (
      select ${products.id} as id, (${fuzzyRank})::float8 as rank, ${products.featuredRank} as featured_rank
      from ${products}
      where ${onSite}
        and (select count(distinct id) from exact_hits) < ${FUZZY_BELOW}
        and ${fuzzyMatch}
    )
    select id, max(rank) as rank, min(featured_rank) as featured_rank
    from (select id, rank, featured_rank from exact_hits union all select id, rank, featured_rank from fuzzy_hits) hits
    group by id
    order by max(rank) desc, min(featured_rank), id
  `);
  const rows = (result as unknown as { rows: { id: number; rank: number; featured_rank: number }[] }).rows;
  return { ids: rows.map((r) => Number(r.id)), ranks: rows.map((r) => Number(r.rank)), featuredRanks: rows.map((r) => Number(r.featured_rank)) };
}
