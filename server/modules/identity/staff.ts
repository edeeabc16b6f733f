import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffProfiles } from "./schema";

// The staff-feeding user's identity data (SPEC §3): role and school from registration, and the
// account group, ship-to and sold-to that a clinic membership sets (SAP_CustomerAccountGroup,
// SF_PreferedShipTo, SF_StoreSoldTo). Who may set them is the clinic-membership workflow's rule.

export type StaffProfile = {
  roleCode: string;
  graduationYear: number | null;
  currentSchoolName: string | null;
  accountGroup: string | null;
  preferredShipTo: string | null;
  storeSoldTo: string | null;
};

export type StaffIdentityData = { accountGroup: string; preferredShipTo: string; storeSoldTo: string };

export function createStaff(db: Db, deps: { clock: () => Date }) {
  return {
    /** The staff profile of an account, or null for a shop account. */
    async staffProfile(customerId: string, conn: Db = db): Promise<StaffProfile | null> {
      const [row] = await conn
        .select({
          roleCode: staffProfiles.roleCode,
          graduationYear: staffProfiles.graduationYear,
          currentSchoolName: staffProfiles.currentSchoolName,
          accountGroup: staffProfiles.accountGroup,
          preferredShipTo: staffProfiles.preferredShipTo,
          storeSoldTo: staffProfiles.storeSoldTo,
        })
        .from(staffProfiles)
        .where(eq(staffProfiles.customerId, customerId));
      return row ?? null;
    },

    /**
     * Sets the identity data a clinic gives (null clears it: the user is unregistered at once);
     * inside the caller's transaction when given one (the membership changes with it).
     */
    async setStaffIdentity(customerId: string, data: StaffIdentityData | null, conn: Db = db): Promise<boolean> {
      const updated = await conn
        .update(staffProfiles)
        .set({
          accountGroup: data?.accountGroup ?? null,
          preferredShipTo: data?.preferredShipTo ?? null,
          storeSoldTo: data?.storeSoldTo ?? null,
          updatedAt: deps.clock(),
        })
        .where(eq(staffProfiles.customerId, customerId))
        .returning({ id: staffProfiles.customerId });
      return updated.length > 0;
    },
  };
}
