import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { CATEGORY_SLUGS, SPECIES } from "../../../rules/catalog/product-paths";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import { filterDefinitions, filterOptions } from "./filters-schema";
import type { Filter, FilterDefinition, ResolvedCategory } from "./types";

// The filter catalogue of SPEC §3 as stored in filter_definitions / filter_options: loading it for a
// site, one definition by its category slug, and what a category URL of SPEC §2 stands for.

type Species = (typeof SPECIES)[number];

const isSpecies = (s: string): s is Species => (SPECIES as readonly string[]).includes(s);

/**
 * Every definition on `site` with its options on that site, in the site's order, in one query.
 * `slug` narrows it to one definition.
 */
export async function loadFilterCatalog(db: Db, site: SiteId, slug?: string): Promise<FilterDefinition[]> {
  const siteSort = site === "hpsf" ? filterDefinitions.sortHpsf : filterDefinitions.sortD2c;
  const conditions: SQL[] = [sql`${filterDefinitions.sites} @> array[${site}]::text[]`];
  if (slug !== undefined) conditions.push(eq(filterDefinitions.slug, slug));
  const rows = await db
    .select({ definition: filterDefinitions, option: filterOptions })
    .from(filterDefinitions)
    .leftJoin(filterOptions, and(eq(filterOptions.definitionId, filterDefinitions.id), sql`${filterOptions.sites} @> array[${site}]::text[]`))
    .where(and(...conditions))
    .orderBy(asc(siteSort), asc(filterDefinitions.id), asc(filterOptions.sort), asc(filterOptions.id));

  const byId = new Map<number, FilterDefinition>();
  for (const { definition: d, option: o } of rows) {
    let def = byId.get(d.id);
    if (!def) {
      def = {
        field: d.field,
        label: d.label,
        navigationLabel: d.navigationLabel,
        slug: d.slug,
        sites: d.sites as SiteId[],
        species: d.species as Species[],
        isNavigation: d.isNavigation,
        isFacet: d.isFacet,
        baseFilter: d.baseFilter ?? null,
        sort: { d2c: d.sortD2c, hpsf: d.sortHpsf },
        options: [],
      };
      byId.set(d.id, def);
    }
    if (o) def.options.push({ label: o.label, slug: o.slug, sites: o.sites as SiteId[], species: o.species as Species[], filter: o.filter });
  }
  return [...byId.values()];
}

/** get-filters-by-handle: one definition by its category slug with at most `limit` options, or null. */
export async function getFiltersByHandle(
  db: Db,
  handle: string,
  limit: number,
  site: SiteId,
  /** The site's whole filter catalogue when the caller keeps it (the service's reference cache). */
  catalog?: () => Promise<FilterDefinition[]>,
): Promise<FilterDefinition | null> {
  const [definition] = catalog ? (await catalog()).filter((d) => d.slug === handle) : await loadFilterCatalog(db, site, handle);
  if (!definition) return null;
  return { ...definition, options: definition.options.slice(0, Math.max(0, limit)) };
}

/**
 * What /products/{species}/{category?}/{detail?} lists on `site` (SPEC §2), or null when the URL names
 * no category there (the page answers 404):
 *   /products/dog, /products/dog/species     → species = dog
 *   /products/dog/brand/kindred-crest        → species = dog, brand = kindred-crest
 *   /products/dog/house-brand                → species = dog plus the category's own filter (brand)
 *   /products/cat/breed-size/large           → null (breed sizes are for dogs)
 * A category without a detail lists the species (plus the category's own filter, if any).
 */
export async function resolveCategory(
  db: Db,
  site: SiteId,
  species: string,
  category: string | null,
  detail: string | null,
  /** The site's whole filter catalogue when the caller keeps it (the service's reference cache). */
  catalog?: () => Promise<FilterDefinition[]>,
): Promise<ResolvedCategory | null> {
  if (!isSpecies(species)) return null;
  if (category !== null && !(CATEGORY_SLUGS as readonly string[]).includes(category)) return null;
  const speciesFilter: Filter = { field: "species", value: species };
  const slug = category ?? "species";
  const [definition] = catalog ? (await catalog()).filter((d) => d.slug === slug) : await loadFilterCatalog(db, site, slug);
  if (!definition || !definition.species.includes(species)) return null;
  const categoryInfo = { slug: definition.slug, label: definition.label, navigationLabel: definition.navigationLabel };

  if (definition.field === "species") {
    // /products/dog and /products/dog/species; the species must be sold on this site.
    const option = definition.options.find((o) => o.slug === species);
    if (!option || (detail !== null && detail !== species)) return null;
    return { species, filters: [speciesFilter], category: category ? categoryInfo : null, option: { slug: option.slug, label: option.label } };
  }

  const filters: Filter[] = [speciesFilter];
  if (definition.baseFilter) filters.push(definition.baseFilter);
  if (detail === null) return { species, filters, category: categoryInfo, option: null };
  const option = definition.options.find((o) => o.slug === detail && o.species.includes(species));
  if (!option) return null;
  return { species, filters: [...filters, option.filter], category: categoryInfo, option: { slug: option.slug, label: option.label } };
}
