import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { OperatorRole } from "../../../rules/console/operator-roles";

// The operator console's people (the shop's staff, not customers): operators with a role, their
// sessions, one-time setup links, and the append-only audit log of every console write.

export const operators = pgTable(
  "operators",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    role: text().$type<OperatorRole>().notNull(),
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    /** The second factor's TOTP secret (base32), once confirmed with a code; null: password only. */
    totpSecret: text(),
    /** A secret shown for enrolment, not yet confirmed with a code from the app. */
    totpPendingSecret: text(),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("operators_email_uq").on(t.email)],
);

/** A session holds the hash of its token only; 8 hours at most, 30 minutes idle. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    tokenHash: text().primaryKey(),
    operatorId: uuid()
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Password checked, the code from the authenticator app not yet: the session opens nothing. */
    secondFactorPending: boolean().notNull().default(false),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operatorId)],
);

/** A one-time link to create an operator with a given e-mail and role (the first owner, or a colleague). */
export const operatorSetupLinks = pgTable("operator_setup_links", {
  tokenHash: text().primaryKey(),
  email: text().notNull(),
  role: text().$type<OperatorRole>().notNull(),
  createdBy: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** Every console write, allowed or refused: who, when, what, and the state before and after. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    operatorId: uuid(),
    operatorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    outcome: text().$type<"ok" | "denied" | "failed">().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_operator_idx").on(t.operatorEmail, t.at),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
