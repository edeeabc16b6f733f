import { sql } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { loadFilterCatalog } from "./filters";
import { buildListingIndex, flavourValuesToLower, type IndexedSort, type IndexRow, type ListingIndex } from "./listing-index";
import { lowerInDatabase, onSite, orderBy } from "./listing";
import { products } from "./schema";
import { listingPrices } from "./filter-sql";
import type { PriceAudience } from "./types";

// The reads a listing index (listing-index.ts) is built from: the site's filter catalogue and one
// row per product listed on the site, with its position in each sort order numbered by PostgreSQL
// itself (row_number() over listing.ts orderBy, NULLS LAST and the title's collation included), so
// the index pages in exactly the order the SQL listing does.

/** One product as readIndexRows reads it: [id, species, brand, sub-brand, lifestages, breed sizes, health conditions, forms, packs, units, flavours, weights, prices, positions × 5]. */
type JsonRow = [
  number,
  string,
  string,
  string | null,
  string[],
  string[],
  string[],
  string[],
  string[],
  string[],
  string,
  (number | string)[],
  (number | string)[],
  number,
  number,
  number,
  number,
  number,
];

async function readIndexRows(db: Db, site: SiteId, priceAudience: PriceAudience): Promise<IndexRow[]> {
  const position = (sort: IndexedSort) => sql`row_number() over (order by ${sql.join(orderBy({ site, sort, priceAudience }, false), sql`, `)})`;
  const prices = listingPrices({ site, priceAudience }) === "program" ? sql`p.variant_program_prices` : sql`p.variant_prices`;
  // One statement (one snapshot). The sorts number narrow rows (id and sort keys) in memory, where
  // sorting the whole rows five times spilled to disk at 100,000 variants; the rows come back as
  // one JSON text, which JSON.parse reads far faster than the driver parses 20,000 rows of arrays.
  const result = await db.execute(sql`
    select json_agg(json_build_array(
      p.id, p.species, p.brand_slug, p.sub_brand, p.lifestages, p.breed_sizes, p.health_conditions,
      p.variant_food_forms, p.variant_pack_types, p.variant_weight_units, p.variant_flavors,
      p.variant_weights_lb, ${prices}, o.featured, o.price_asc, o.price_desc, o.name, o.newest
    ))::text as rows
    from (
      select ${products.id} as id,
        ${position("featured")} as featured, ${position("price-asc")} as price_asc, ${position("price-desc")} as price_desc,
        ${position("name")} as name, ${position("newest")} as newest
      from ${products}
      where ${onSite(site)}
    ) o
    join ${products} p on p.id = o.id
  `);
  const text = (result as unknown as { rows: { rows: string | null }[] }).rows[0]?.rows;
  const rows = text ? (JSON.parse(text) as JsonRow[]) : [];
  // float8 'Infinity' and 'NaN' come as JSON strings.
  const numbers = (values: (number | string)[]) => values.map(Number);
  return rows.map(
    ([
      id,
      species,
      brandSlug,
      subBrand,
      lifestages,
      breedSizes,
      healthConditions,
      foodForms,
      packTypes,
      weightUnits,
      flavors,
      weightsLb,
      prices,
      featured,
      priceAsc,
      priceDesc,
      name,
      newest,
    ]) => ({
      id,
      species,
      brandSlug,
      subBrand,
      lifestages,
      breedSizes,
      healthConditions,
      foodForms,
      packTypes,
      weightUnits,
      flavors,
      weightsLb: numbers(weightsLb),
      prices: numbers(prices),
      positions: { featured, "price-asc": priceAsc, "price-desc": priceDesc, name, newest },
    }),
  );
}

/**
 * A site's listing index for one price audience (filter-sql.ts listingPrices: the prices its price
 * filter and price sorts compare): three queries (filter catalogue ∥ products, then lower() of
 * non-ASCII flavour options, if any).
 */
export async function loadListingIndex(db: Db, site: SiteId, priceAudience: PriceAudience = "shop"): Promise<ListingIndex> {
  const [catalog, rows] = await Promise.all([loadFilterCatalog(db, site), readIndexRows(db, site, priceAudience)]);
  const lowered = await lowerInDatabase(db, flavourValuesToLower(catalog.flatMap((d) => d.options.map((o) => o.filter))));
  return buildListingIndex(site, rows, catalog, lowered);
}
