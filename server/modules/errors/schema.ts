import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ErrorSource } from "../../../rules/shared/error-reports";

/**
 * Server and browser errors when no SENTRY_DSN is set: one row per distinct error (its fingerprint,
 * rules/shared/error-reports.ts), counted. Repeats raise `count` and `last_seen` in one upsert on the
 * unique fingerprint, so reports arriving together from many processes never make two rows or lose
 * a count. No personal data: messages, stacks and routes are scrubbed and cut before they get here.
 */
export const errorReports = pgTable(
  "errors",
  {
    id: serial().primaryKey(),
    /** sha-256 (hex) of the fingerprint text. */
    fingerprint: text().notNull().unique(),
    source: text().$type<ErrorSource>().notNull(),
    /** The error's class, e.g. TypeError. */
    type: text().notNull(),
    message: text().notNull(),
    /** With source maps applied where the build has them; the latest occurrence's. */
    stack: text(),
    /** The path (no query string) of the latest occurrence. */
    route: text(),
    /** The build id (release) of the latest occurrence, and of the first. */
    release: text().notNull(),
    firstRelease: text().notNull(),
    count: integer().notNull().default(1),
    firstSeen: timestamp({ withTimezone: true }).notNull(),
    lastSeen: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("errors_last_seen_idx").on(t.lastSeen), index("errors_count_idx").on(t.count)],
);

export type ErrorReportRow = typeof errorReports.$inferSelect;
