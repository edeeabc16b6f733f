import type { RoleCode } from "../../rules/staff/roles";
import { accountGroupForRole } from "../../rules/staff/roles";
import type { Services } from "../wiring";

let n = 0;

/**
 * A staff account on the staff site, registered as joining a clinic would leave it (account group
 * for the role, a ship-to and a sold-to), unless `registered` is false. With `clinic` (a group id of
 * the seeded directory) it really joins that clinic, as the checkout needs. For tests.
 */
export async function staffMember(
  services: Pick<Services, "identity"> & Partial<Pick<Services, "membership">>,
  opts: { role?: RoleCode; registered?: boolean; email?: string; shipTo?: string; clinic?: string } = {},
): Promise<{ customerId: string; token: string; email: string; cookie: string }> {
  const role = opts.role ?? "TECH";
  const email = opts.email ?? `staff-${++n}-${Math.random().toString(36).slice(2, 8)}@clinic.test`;
  const student = role === "STUDENT";
  const r = await services.identity.register(
    {
      firstName: "Sam",
      lastName: "Staff",
      email,
      password: "kibble-staff-1",
      confirmPassword: "kibble-staff-1",
      acceptsMarketing: false,
      roleCode: role,
      graduationYear: student ? 2028 : null,
      currentSchoolName: student ? "Northfield College of Veterinary Medicine" : null,
      acceptsProgramTerms: true,
    },
    "hpsf",
  );
  if (!r.ok) throw new Error(`staff registration failed: ${r.message}`);
  if (opts.clinic) {
    const joined = await services.membership!.join(r.customerId, opts.clinic, null);
    if (!joined.ok) throw new Error(`joining ${opts.clinic} failed: ${joined.code}`);
  } else if (opts.registered !== false) {
    await services.identity.setStaffIdentity(r.customerId, {
      accountGroup: accountGroupForRole(role),
      preferredShipTo: opts.shipTo ?? "T9000001",
      storeSoldTo: "S9000001",
    });
  }
  return { customerId: r.customerId, token: r.token, email, cookie: `sessionToken=${r.token}` };
}
