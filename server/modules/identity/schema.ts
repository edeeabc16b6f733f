import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// The identity provider and customer records of SPEC §3 (customer profile, session, metafield,
// address). Passwords and tokens are never stored in the clear: a password as an scrypt hash
// (server/modules/identity/password.ts), a session or reset token as its SHA-256. The rate-limit
// ledger and the contact messages live in their own modules.

export const customers = pgTable(
  "customers",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; one account per address and site (a shopper and a staff member are separate identities). */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    phone: text(),
    acceptsMarketing: boolean().notNull().default(false),
    /** The site the account was created on. */
    site: text().$type<"d2c" | "hpsf">().notNull().default("d2c"),
    defaultAddressId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customers_site_email_uq").on(t.site, t.email)],
);

/** The columns of a CustomerSummary (results.ts), for every read that answers one. */
export const customerSummaryColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  site: customers.site,
};

/**
 * The staff-feeding user of SPEC §3 (site HPSF): role and school from registration, and the
 * identity data a clinic membership sets — SAP_CustomerAccountGroup (accountGroup),
 * SF_PreferedShipTo (preferredShipTo), SF_StoreSoldTo (storeSoldTo). Registered means both the
 * account group and the ship-to are set (rules/staff/roles.ts).
 */
export const staffProfiles = pgTable(
  "staff_profiles",
  {
    customerId: uuid()
      .primaryKey()
      .references(() => customers.id, { onDelete: "cascade" }),
    roleCode: text().notNull(),
    graduationYear: integer(),
    currentSchoolName: text(),
    accountGroup: text(),
    preferredShipTo: text(),
    storeSoldTo: text(),
    programTermsAcceptedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Marketing segments by account group.
    index("staff_profiles_account_group_idx").on(t.accountGroup),
  ],
);

export type SessionEndReason = "sign_out" | "inactivity";

export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the 256-bit token the browser holds. */
    tokenHash: text().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_hash_uq").on(t.tokenHash), index("sessions_customer_idx").on(t.customerId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_uq").on(t.tokenHash), index("password_resets_customer_idx").on(t.customerId)],
);

export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    address1: text().notNull(),
    address2: text().notNull().default(""),
    city: text().notNull(),
    provinceCode: text().notNull(),
    zip: text().notNull(),
    countryCode: text().notNull().default("US"),
    phone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_addresses_customer_idx").on(t.customerId, t.createdAt)],
);

/** SPEC §3 metafields (namespace, key, type, value), one value per key and customer. */
export const customerMetafields = pgTable(
  "customer_metafields",
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    namespace: text().notNull(),
    key: text().notNull(),
    type: text().notNull().default("single_line_text_field"),
    value: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_metafields_key_uq").on(t.customerId, t.namespace, t.key)],
);
