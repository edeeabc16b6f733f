import { isEligibleForPd, isRegistered } from "../rules/staff/roles";
import type { StaffProfile } from "./modules/identity";

/** A signed-in staff member's standing on the staff site: registered (SPEC §5) and eligible for program prices. */
export type StaffAccess = { profile: StaffProfile | null; registered: boolean; eligibleForPd: boolean };

export function staffAccess(profile: StaffProfile | null, pdAccountGroups: readonly string[]): StaffAccess {
  const registered = isRegistered(profile);
  return { profile, registered, eligibleForPd: registered && isEligibleForPd(profile?.accountGroup, pdAccountGroups) };
}
