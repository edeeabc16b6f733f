import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ContentSite, ContentStatus } from "./types";

// The content module's tables: typed entries with a publication status (SPEC §3) and the
// URL redirects of the route-rule lookup (SPEC §2). Only "published" rows are ever served, and only their body.

export const contentEntries = pgTable(
  "content_entries",
  {
    id: serial().primaryKey(),
    type: text().notNull(),
    /** Slug, handle or name, depending on the type. */
    key: text().notNull(),
    /** d2c or hpsf for a site's own variant; both for an entry shared by the two sites. */
    site: text().$type<ContentSite>().notNull().default("both"),
    status: text().$type<ContentStatus>().notNull().default("draft"),
    /** The live version: what the storefront reads when the status is "published". */
    body: jsonb().$type<unknown>().notNull(),
    /**
     * The console's working copy, when it differs from `body`: saving a draft of a published entry
     * writes here, so the live page changes only when the draft is published (which moves it to body).
     */
    draftBody: jsonb().$type<unknown>(),
    publishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_entries_type_key_site_idx").on(t.type, t.key, t.site),
    index("content_entries_type_status_idx").on(t.type, t.status),
    check("content_entries_site_check", sql`${t.site} in ('d2c', 'hpsf', 'both')`),
    check("content_entries_status_check", sql`${t.status} in ('published', 'draft', 'archived')`),
  ],
);

export const urlRedirects = pgTable(
  "url_redirects",
  {
    id: serial().primaryKey(),
    source: text().notNull(),
    target: text().notNull(),
    permanent: boolean().notNull().default(true),
    site: text().$type<ContentSite>().notNull().default("both"),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("url_redirects_source_site_idx").on(t.source, t.site), check("url_redirects_site_check", sql`${t.site} in ('d2c', 'hpsf', 'both')`)],
);
