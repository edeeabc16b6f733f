import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Proof of consent (GDPR Art. 7(1)): one row per decision a browser made in the privacy manager.
 * Nothing here names a person: the id is random and made in the browser, the address is cut to its
 * network (/24 or /48). Rows are purged 13 months after they were recorded (recorded_at index).
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid().primaryKey().defaultRandom(),
    anonymousId: text().notNull(),
    site: text().$type<"d2c" | "hpsf">().notNull(),
    /** The policy revision the choice was made under (rules/consent/categories-and-cookie.ts CONSENT_REVISION). */
    revision: integer().notNull(),
    functional: boolean().notNull(),
    advertising: boolean().notNull(),
    source: text().$type<"banner" | "dialog">().notNull(),
    /** The time the browser says the shopper decided. */
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    /** The client's address with its host part zeroed; null when unknown. */
    ipPrefix: text(),
    /** When the shop received it; the retention clock. */
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("consent_records_recorded_idx").on(t.recordedAt), index("consent_records_anonymous_idx").on(t.anonymousId, t.recordedAt)],
);
