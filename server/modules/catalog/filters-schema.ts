import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { Filter, FilterField } from "./types";

// The filter catalogue of SPEC §3 "Filter definition": the category slugs of SPEC §2 and the facets
// of the listing. A definition groups options; each option is one value filter {field, value} or
// range filter {field, min, max} (see filter-sql.ts for what each field matches).

export const filterDefinitions = pgTable(
  "filter_definitions",
  {
    id: serial().primaryKey(),
    /** The category slug of SPEC §2 (/products/{species}/{slug}/{option}), e.g. "pet-age". */
    slug: text().notNull().unique(),
    /** The field most of its options filter on (an option may use a sibling field, e.g. weight_unit). */
    field: text().$type<FilterField>().notNull(),
    /** Heading of the facet in the filter panel, e.g. "Pet Age". */
    label: text().notNull(),
    /** Label in navigation menus, e.g. "Shop by Age". */
    navigationLabel: text().notNull(),
    sites: text()
      .array()
      .notNull()
      .default(sql`'{d2c,hpsf}'::text[]`),
    species: text()
      .array()
      .notNull()
      .default(sql`'{dog,cat}'::text[]`),
    /** Shown in navigation menus as a category. */
    isNavigation: boolean().notNull().default(true),
    /** Shown as a facet of the listing's filter panel. */
    isFacet: boolean().notNull().default(true),
    /**
     * Filter the category itself implies before any option is chosen: /products/dog/house-brand lists
     * the house brand's dog food. Null for plain categories.
     */
    baseFilter: jsonb().$type<Filter>(),
    /** Position per site (SPEC §3 "sort per site"). */
    sortD2c: integer("sort_d2c").notNull(),
    sortHpsf: integer().notNull(),
  },
  (t) => [index("filter_definitions_sites_idx").using("gin", t.sites)],
);

export const filterOptions = pgTable(
  "filter_options",
  {
    id: serial().primaryKey(),
    definitionId: integer()
      .notNull()
      .references(() => filterDefinitions.id, { onDelete: "cascade" }),
    /** The {detail} of /products/{species}/{category}/{detail}, e.g. "adult-dog-food". */
    slug: text().notNull(),
    label: text().notNull(),
    sites: text()
      .array()
      .notNull()
      .default(sql`'{d2c,hpsf}'::text[]`),
    species: text()
      .array()
      .notNull()
      .default(sql`'{dog,cat}'::text[]`),
    filter: jsonb().$type<Filter>().notNull(),
    sort: integer().notNull(),
  },
  (t) => [
    uniqueIndex("filter_options_definition_slug_idx").on(t.definitionId, t.slug),
    index("filter_options_definition_sort_idx").on(t.definitionId, t.sort),
    index("filter_options_sites_idx").using("gin", t.sites),
  ],
);
