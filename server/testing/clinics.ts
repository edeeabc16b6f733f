import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { clinicMemberships } from "../modules/clinics/schema";

// Clinic memberships as stored, ended ones included, for tests that count what a join left behind.

export const membershipsOf = (db: Db, customerId: string) =>
  db
    .select({ id: clinicMemberships.id, clinicId: clinicMemberships.clinicId, state: clinicMemberships.state })
    .from(clinicMemberships)
    .where(eq(clinicMemberships.customerId, customerId));

export const membershipCount = (db: Db) => db.$count(clinicMemberships);
