import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// The clinic directory of the staff-feeding program (SPEC §3, §7 "Identity and clinic"): clinics
// and schools staff join, and each staff member's memberships with their history.

export type ClinicKind = "clinic" | "school";
/** open: joining registers at once; approval: the membership waits for the clinic's administrator or an operator. */
export type ClinicVerification = "open" | "approval";
export type MembershipState = "pending" | "active" | "revoked";

export const clinics = pgTable(
  "clinics",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The clinic id of fetch-address (SPEC §7), e.g. "CL100042". */
    clinicNumber: text().notNull(),
    /** The group id of join-clinic (SPEC §7), e.g. "G500042"; a school is a group of kind school. */
    groupId: text().notNull(),
    kind: text().$type<ClinicKind>().notNull().default("clinic"),
    name: text().notNull(),
    soldTo: text().notNull(),
    shipTo: text().notNull(),
    address1: text().notNull(),
    address2: text().notNull().default(""),
    city: text().notNull(),
    provinceCode: text().notNull(),
    zip: text().notNull(),
    phone: text().notNull().default(""),
    homeDeliveryOnly: boolean().notNull().default(false),
    verification: text().$type<ClinicVerification>().notNull().default("open"),
    /** The clinic's program administrator (a staff account), who approves memberships. */
    administratorEmail: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("clinics_number_uq").on(t.clinicNumber),
    uniqueIndex("clinics_group_uq").on(t.groupId),
    uniqueIndex("clinics_ship_to_uq").on(t.shipTo),
    index("clinics_zip_idx").on(t.zip),
    index("clinics_city_idx").on(sql`lower(${t.city})`),
    index("clinics_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const clinicMemberships = pgTable(
  "clinic_memberships",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** A staff account (identity module); no foreign key across modules. */
    customerId: uuid().notNull(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id),
    state: text().$type<MembershipState>().notNull(),
    /** Why a membership ended: left, switched, revoked by an operator, or rejected. */
    endedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One current (pending or active) membership per staff member: switching ends the old one first.
    uniqueIndex("clinic_memberships_current_uq")
      .on(t.customerId)
      .where(sql`${t.state} in ('pending', 'active')`),
    index("clinic_memberships_customer_idx").on(t.customerId, t.createdAt),
    index("clinic_memberships_clinic_idx").on(t.clinicId, t.state),
  ],
);

/** Every move of a membership, for the member's history and the operator's audit. */
export const clinicMembershipEvents = pgTable(
  "clinic_membership_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    membershipId: uuid()
      .notNull()
      .references(() => clinicMemberships.id, { onDelete: "cascade" }),
    kind: text().$type<"requested" | "joined" | "approved" | "rejected" | "left" | "switched" | "revoked">().notNull(),
    /** Who made the move: "member", "operator", or the approving administrator's e-mail. */
    actor: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("clinic_membership_events_membership_idx").on(t.membershipId, t.at)],
);
