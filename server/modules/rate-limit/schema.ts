import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

// The rate-limit ledger (server/modules/rate-limit/service.ts). The table keeps its historical
// name, auth_attempts: it started with sign-in attempts only.

export type AttemptKind =
  | "sign_in"
  | "register"
  | "forgot_password"
  | "reset_password"
  | "contact"
  | "card_payment"
  | "join_clinic"
  | "clinic_search"
  | "error_report"
  | "consent"
  | "analytics_config"
  | "review"
  | "review_vote"
  | "donation_tracking"
  | "donation_events"
  | "operator_setup"
  | "change_password"
  | "site_password"
  | "guest_cart"
  | "marketing_signup"
  | "back_in_stock"
  | "mail_link";

/**
 * One row per counted attempt, keyed by "email:{address}", "cart:{id}", "token:{hash}" or
 * "ip:{address}" (an IPv6 address by its /64). Rows older than the window are ignored and pruned.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: serial().primaryKey(),
    kind: text().$type<AttemptKind>().notNull(),
    subject: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("auth_attempts_lookup_idx").on(t.kind, t.subject, t.at)],
);
