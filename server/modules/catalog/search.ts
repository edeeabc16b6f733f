import { sql, type SQL } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { products, variants } from "./schema";

// Ranked product search in one SQL statement (and a transaction of two for the typo-tolerant pass,
// when it runs), over the search columns the triggers of
// drizzle/0003_search_documents.sql maintain:
//   1. an exact SKU (rank 3) or a SKU prefix of 4+ characters (rank 2),
//   2. full-text search over title and brand (weight A), sub-brand, flavours, type (B), description (C)
//      and SKUs (D): every word must match, the last one as a prefix (typing in the header box);
//      rank 1 + ts_rank_cd normalised to [0, 1),
//   3. only when 1 and 2 find fewer than FUZZY_BELOW products: trigram word similarity of every word
//      against the title, brand, sub-brand, flavours and SKUs (pg_trgm), so "chiken" or "salmn" still
//      find chicken and salmon, its candidates from the trigram index; rank = mean similarity in [0, 1).
// Hits come in the listing's default order with a search: rank, featured rank, id.

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

  const exact = await db.execute(sql`
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
    )
    select id, max(rank) as rank, min(featured_rank) as featured_rank
    from (select id, rank, featured_rank from sku_hits union all select id, rank, featured_rank from text_hits) hits
    group by id
  `);
  let rows = (exact as unknown as { rows: Row[] }).rows;
  if (rows.length < FUZZY_BELOW && fuzzyWords.length > 0) {
    const fuzzy = await fuzzyHits(db, onSite, fuzzyWords);
    const known = new Set(rows.map((r) => Number(r.id)));
    // An exact hit always outranks its own fuzzy match (rank ≥ 1 against < 1).
    rows = [...rows, ...fuzzy.filter((r) => !known.has(Number(r.id)))];
  }
  const hits = rows
    .map((r) => ({ id: Number(r.id), rank: Number(r.rank), featuredRank: Number(r.featured_rank) }))
    .sort((a, b) => b.rank - a.rank || a.featuredRank - b.featuredRank || a.id - b.id);
  return { ids: hits.map((h) => h.id), ranks: hits.map((h) => h.rank), featuredRanks: hits.map((h) => h.featuredRank) };
}

type Row = { id: number; rank: number; featured_rank: number };

/**
 * Pass 3: every word similar to a word of the product's search text. `a <% b` is
 * `word_similarity(a, b) >= pg_trgm.word_similarity_threshold`, which lets the trigram index
 * (products_search_text_trgm_idx) find the candidates; the threshold is set for this transaction.
 * word_similarity() is a real (float4) and the setting a double: FUZZY_THRESHOLD itself would leave
 * out a similarity of exactly 0.45 (0.449999988 as a real), hence the ten-thousandth below it (no
 * ratio of trigram counts falls in between).
 */
async function fuzzyHits(db: Db, onSite: SQL, words: string[]): Promise<Row[]> {
  const match = sql.join(
    words.map((w) => sql`${w} <% ${products.searchText}`),
    sql` and `,
  );
  const rank = sql`(${sql.join(
    words.map((w) => sql`word_similarity(${w}, ${products.searchText})`),
    sql` + `,
  )}) / ${words.length}::float8 * 0.999`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD - 0.0001)}, true)`);
    const result = await tx.execute(sql`
      select ${products.id} as id, (${rank})::float8 as rank, ${products.featuredRank} as featured_rank
      from ${products}
      where ${onSite} and ${match}
    `);
    return (result as unknown as { rows: Row[] }).rows;
  });
}
