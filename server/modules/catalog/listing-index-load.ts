import { sql } from "drizzle-orm";
import type { SiteId } from "../../../rules/site";
import type { Db } from "../../db/client";
import { loadFilterCatalog } from "./filters";
import { buildListingIndex, flavourValuesToLower, type IndexedSort, type IndexRow, type ListingIndex } from "./listing-index";
import { lowerInDatabase, onSite, orderBy } from "./listing";
import { products } from "./schema";

// The reads a listing index (listing-index.ts) is built from: the site's filter catalogue and one
// row per product listed on the site, with its position in each sort order numbered by PostgreSQL
// itself (row_number() over listing.ts orderBy, NULLS LAST and the title's collation included), so
// the index pages in exactly the order the SQL listing does.

async function readIndexRows(db: Db, site: SiteId): Promise<IndexRow[]> {
  const position = (sort: IndexedSort) =>
    sql<number>`(row_number() over (order by ${sql.join(orderBy({ site, sort }, false), sql`, `)}))::int`;
  const rows = await db
    .select({
      id: products.id,
      species: products.species,
      brandSlug: products.brandSlug,
      subBrand: products.subBrand,
      lifestages: products.lifestages,
      breedSizes: products.breedSizes,
      healthConditions: products.healthConditions,
      foodForms: products.variantFoodForms,
      packTypes: products.variantPackTypes,
      weightUnits: products.variantWeightUnits,
      flavors: products.variantFlavors,
      weightsLb: products.variantWeightsLb,
      prices: site === "hpsf" ? products.variantProgramPrices : products.variantPrices,
      featured: position("featured"),
      priceAsc: position("price-asc"),
      priceDesc: position("price-desc"),
      name: position("name"),
      newest: position("newest"),
    })
    .from(products)
    .where(onSite(site));
  return rows.map(({ featured, priceAsc, priceDesc, name, newest, ...r }) => ({
    ...r,
    weightsLb: r.weightsLb.map(Number),
    prices: r.prices.map(Number),
    positions: { featured: Number(featured), "price-asc": Number(priceAsc), "price-desc": Number(priceDesc), name: Number(name), newest: Number(newest) },
  }));
}

/** A site's listing index: three queries (filter catalogue ∥ products, then lower() of non-ASCII flavour options, if any). */
export async function loadListingIndex(db: Db, site: SiteId): Promise<ListingIndex> {
  const [catalog, rows] = await Promise.all([loadFilterCatalog(db, site), readIndexRows(db, site)]);
  const lowered = await lowerInDatabase(db, flavourValuesToLower(catalog.flatMap((d) => d.options.map((o) => o.filter))));
  return buildListingIndex(site, rows, catalog, lowered);
}
