import type { RoleCode } from "../../rules/staff/roles";
import { accountGroupForRole, ROLE_CODES, roleLabel } from "../../rules/staff/roles";
import type { Db } from "../db/client";
import { clinicListing, type ClinicDirectoryPage, type ClinicSearch, type ClinicsService, type ClinicView } from "../modules/clinics";
import type { IdentityService } from "../modules/identity";
import type { MailService } from "../modules/mail";
import type { RateLimitService } from "../modules/rate-limit";
import type { Logger } from "../log";
import { templates, type MailContent } from "../modules/mail";

// A staff member joins, switches or leaves a clinic (SPEC §5 registered rule, §7 join-clinic).
// Guarantees:
//   1. the membership and the member's identity data (account group, SF_PreferedShipTo,
//      SF_StoreSoldTo) change in one transaction: registered exactly while an active membership
//      exists — an open clinic registers at once, an approval clinic only when approved, and
//      leaving or a revoked membership unregisters at once;
//   2. one member's moves run one at a time (clinics.lockMember), so two joins at the same moment
//      leave one current membership;
//   3. every move is kept in the membership history with who made it;
//   4. after the commit, a waiting request is mailed to the clinic's administrator and a decision
//      (approved, declined, ended) to the member; a mail that fails changes nothing.

export type MembershipDeps = { db: Db; services: { clinics: ClinicsService; identity: IdentityService; mail: MailService }; log?: Logger };

const PROGRAM = "Pro Staff Feeding";

/** After the commit: a mail is worth no membership change, so a failure is logged, not thrown. */
async function mailAfter(deps: MembershipDeps, to: string | null | undefined, template: "clinicRequest" | "clinicDecision", content: MailContent) {
  if (!to) return;
  await deps.services.mail.send({ template, to, content }).catch((err: unknown) => deps.log?.error({ err, template }, "membership mail not recorded"));
}

async function tellMember(deps: MembershipDeps, customerId: string, clinic: ClinicView, decision: "approved" | "declined" | "ended") {
  const member = await deps.services.identity.summary(customerId);
  if (member)
    await mailAfter(
      deps,
      member.email,
      "clinicDecision",
      templates.clinicDecision({ programName: PROGRAM, clinicName: clinic.name, firstName: member.firstName, decision }),
    );
}

export type JoinResult =
  | { ok: true; state: "active" | "pending"; clinic: ClinicView }
  | { ok: false; code: "CLINIC_NOT_FOUND" | "NOT_STAFF" | "ALREADY_MEMBER"; message: string; field: string };

const identityFor = (role: RoleCode, clinic: ClinicView) => ({
  accountGroup: accountGroupForRole(role),
  preferredShipTo: clinic.shipTo,
  storeSoldTo: clinic.soldTo,
});
const asRole = (code: string): RoleCode | null => ((ROLE_CODES as readonly string[]).includes(code) ? (code as RoleCode) : null);

/** Joins the clinic with this group id, ending any current membership first (a switch). */
export async function joinClinic(deps: MembershipDeps, customerId: string, groupId: string): Promise<JoinResult> {
  const { clinics, identity } = deps.services;
  const clinic = await clinics.byGroupId(groupId);
  if (!clinic) return { ok: false, code: "CLINIC_NOT_FOUND", message: "No clinic or school with this group id.", field: "groupID" };
  const result = await deps.db.transaction(async (tx) => {
    await clinics.lockMember(tx, customerId);
    const profile = await identity.staffProfile(customerId, tx);
    const role = profile ? asRole(profile.roleCode) : null;
    if (!role) return { ok: false as const, code: "NOT_STAFF" as const, message: "Only a staff account can join a clinic.", field: "sessionToken" };
    const current = await clinics.current(customerId, tx);
    if (current?.clinic.id === clinic.id)
      return {
        ok: false as const,
        code: "ALREADY_MEMBER" as const,
        message: `You are already ${current.membership.state === "active" ? "a member" : "waiting for approval"} at ${clinic.name}.`,
        field: "groupID",
      };
    if (current) await clinics.endCurrent(tx, customerId, "switched", "member");
    const state: "active" | "pending" = clinic.verification === "open" ? "active" : "pending";
    await clinics.start(tx, customerId, clinic.id, state, "member");
    // Pending: not registered until approved (any previous clinic's data is gone with the switch).
    await identity.setStaffIdentity(customerId, state === "active" ? identityFor(role, clinic) : null, tx);
    return { ok: true as const, state, clinic, role };
  });
  if (!result.ok) return result;
  // A request that waits is worth telling the clinic's administrator about.
  if (result.state === "pending") {
    const member = await identity.summary(customerId);
    if (member)
      await mailAfter(
        deps,
        clinic.administratorEmail,
        "clinicRequest",
        templates.clinicRequest({
          programName: PROGRAM,
          clinicName: clinic.name,
          memberName: `${member.firstName} ${member.lastName}`.trim() || member.email,
          memberEmail: member.email,
          role: roleLabel(result.role) ?? result.role,
        }),
      );
  }
  return { ok: true, state: result.state, clinic };
}

/** The member leaves their clinic (or withdraws a pending request): unregistered at once. */
export async function leaveClinic(
  deps: MembershipDeps,
  customerId: string,
): Promise<{ ok: true; clinic: ClinicView } | { ok: false; code: "NO_MEMBERSHIP"; message: string }> {
  const { clinics, identity } = deps.services;
  return deps.db.transaction(async (tx) => {
    await clinics.lockMember(tx, customerId);
    const ended = await clinics.endCurrent(tx, customerId, "left", "member");
    if (!ended) return { ok: false as const, code: "NO_MEMBERSHIP" as const, message: "You are not a member of a clinic." };
    await identity.setStaffIdentity(customerId, null, tx);
    return { ok: true as const, clinic: ended.clinic };
  });
}

export type DecisionResult = { ok: true; customerId: string; clinic: ClinicView } | { ok: false; code: "NOT_PENDING" | "NOT_ACTIVE"; message: string };

/** An operator or the clinic's administrator approves a pending membership: the member is registered. */
export async function approveMembership(deps: MembershipDeps, membershipId: string, actor: string): Promise<DecisionResult> {
  const { clinics, identity } = deps.services;
  const found = await clinics.membershipById(membershipId);
  if (!found || found.state !== "pending") return { ok: false, code: "NOT_PENDING", message: "No pending membership with this id." };
  const result = await deps.db.transaction(async (tx) => {
    await clinics.lockMember(tx, found.customerId);
    const approved = await clinics.approve(tx, membershipId, actor);
    if (!approved) return { ok: false as const, code: "NOT_PENDING" as const, message: "No pending membership with this id." };
    const profile = await identity.staffProfile(approved.customerId, tx);
    const role = profile ? asRole(profile.roleCode) : null;
    if (role) await identity.setStaffIdentity(approved.customerId, identityFor(role, approved.clinic), tx);
    return { ok: true as const, customerId: approved.customerId, clinic: approved.clinic };
  });
  if (result.ok) await tellMember(deps, result.customerId, result.clinic, "approved");
  return result;
}

/** Rejects a pending membership, or revokes an active one: the member is unregistered at once. */
export async function endMembership(deps: MembershipDeps, membershipId: string, actor: string): Promise<DecisionResult> {
  const { clinics, identity } = deps.services;
  const found = await clinics.membershipById(membershipId);
  if (!found || found.state === "revoked") return { ok: false, code: "NOT_ACTIVE", message: "No current membership with this id." };
  const result = await deps.db.transaction(async (tx) => {
    await clinics.lockMember(tx, found.customerId);
    const current = await clinics.current(found.customerId, tx);
    if (current?.membership.id !== membershipId) return { ok: false as const, code: "NOT_ACTIVE" as const, message: "No current membership with this id." };
    const ended = await clinics.endCurrent(tx, found.customerId, current.membership.state === "pending" ? "rejected" : "revoked", actor);
    await identity.setStaffIdentity(found.customerId, null, tx);
    return { ok: true as const, customerId: found.customerId, clinic: ended!.clinic, wasPending: current.membership.state === "pending" };
  });
  if (!result.ok) return result;
  await tellMember(deps, result.customerId, result.clinic, result.wasPending ? "declined" : "ended");
  return { ok: true, customerId: result.customerId, clinic: result.clinic };
}

type RateLimited = { ok: false; code: "RATE_LIMITED"; message: string };

/**
 * Searching the directory and joining, switching and leaving clinics, for the clinic step, My
 * Clinic and the identity API alike; searches and joins rate-limited per member and client IP.
 */
export function createMembership(deps: MembershipDeps, rateLimit: RateLimitService) {
  return {
    /** The directory as any staff member may see it: listings (clinicListing), never a clinic's accounts or administrator. */
    async searchClinics(customerId: string, query: ClinicSearch, ip: string | null): Promise<ClinicDirectoryPage | RateLimited> {
      const attempt = await rateLimit.take("clinic_search", `customer:${customerId}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const found = await deps.services.clinics.search(query);
      return { ...found, results: found.results.map(clinicListing) };
    },
    async join(customerId: string, groupId: string, ip: string | null): Promise<JoinResult | RateLimited> {
      const attempt = await rateLimit.take("join_clinic", `customer:${customerId}`, ip);
      return attempt.ok ? joinClinic(deps, customerId, groupId) : { ok: false, code: "RATE_LIMITED", message: attempt.message };
    },
    leave: (customerId: string) => leaveClinic(deps, customerId),
    approve: (membershipId: string, actor: string) => approveMembership(deps, membershipId, actor),
    end: (membershipId: string, actor: string) => endMembership(deps, membershipId, actor),
  };
}
