import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountGroupForRole, type RoleCode } from "../../rules/staff/roles";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { membershipsOf } from "../testing/clinics";
import { CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, SPRINGFIELD_PET_CLINIC_GROUP_ID } from "../modules/clinics";
import type { ClinicView } from "../modules/clinics";
import { createServices, type Services } from "../wiring";
import { staffMember } from "../testing/staff";
import { approveMembership, endMembership, joinClinic, leaveClinic, type MembershipDeps } from "./clinic-membership";

// The clinic-membership workflow (SPEC §5 registered rule, §7 join-clinic): the membership and the
// member's identity data change together; one member's moves run one at a time. PGlite by default,
// PostgreSQL under `npm run test:pg`.

let database: Database;
let services: Services;
let deps: MembershipDeps;
let openClinic: ClinicView;
let approvalClinic: ClinicView;
let homeDelivery: ClinicView;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  services = createServices(database.db, parseConfig({}));
  deps = { db: database.db, services };
  openClinic = (await services.clinics.byGroupId(SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID))!;
  approvalClinic = (await services.clinics.byGroupId(SPRINGFIELD_PET_CLINIC_GROUP_ID))!;
  homeDelivery = (await services.clinics.byGroupId(CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID))!;
});
afterAll(() => database?.close());

const NO_IDENTITY = { accountGroup: null, preferredShipTo: null, storeSoldTo: null };

const identityOf = async (customerId: string) => {
  const p = await services.identity.staffProfile(customerId);
  return p && { accountGroup: p.accountGroup, preferredShipTo: p.preferredShipTo, storeSoldTo: p.storeSoldTo };
};
const newMember = async (role: RoleCode = "TECH") => (await staffMember(services, { role, registered: false })).customerId;
const kinds = async (customerId: string) => (await services.clinics.history(customerId)).map((h) => h.kind).reverse();
const currentRows = async (customerId: string) => (await membershipsOf(database.db, customerId)).filter((m) => m.state === "pending" || m.state === "active");

describe("joinClinic", () => {
  it("an open clinic: active, with the role's account group, the clinic's ship-to and sold-to", async () => {
    for (const role of ["TECH", "DVM", "STUDENT"] as const) {
      const member = await newMember(role);
      const r = await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
      expect(r).toEqual({ ok: true, state: "active", clinic: openClinic });
      expect(await identityOf(member)).toEqual({ accountGroup: accountGroupForRole(role), preferredShipTo: openClinic.shipTo, storeSoldTo: openClinic.soldTo });
      const current = await services.clinics.current(member);
      expect(current?.membership.state).toBe("active");
      expect(current?.clinic.id).toBe(openClinic.id);
      expect(await kinds(member)).toEqual(["joined"]);
    }
  });

  it("takes the group id in any case and with spaces", async () => {
    const member = await newMember();
    const r = await joinClinic(deps, member, ` ${CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID.toLowerCase()} `);
    expect(r).toEqual({ ok: true, state: "active", clinic: homeDelivery });
    expect((await identityOf(member))?.preferredShipTo).toBe(homeDelivery.shipTo);
  });

  it("an approval clinic: pending, and any identity data is cleared", async () => {
    // Registered with someone else's ship-to (as an operator or an old import may have left it).
    const { customerId: member } = await staffMember(services, { role: "DVM" });
    expect((await identityOf(member))?.accountGroup).toBe("SF_DVM");
    const r = await joinClinic(deps, member, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    expect(r).toEqual({ ok: true, state: "pending", clinic: approvalClinic });
    expect(await identityOf(member)).toEqual(NO_IDENTITY);
    expect((await services.clinics.current(member))?.membership.state).toBe("pending");
    expect(await kinds(member)).toEqual(["requested"]);
  });

  it("switching from an active clinic to an approval clinic leaves the member unregistered", async () => {
    const member = await newMember();
    expect((await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID)).ok).toBe(true);
    const r = await joinClinic(deps, member, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    expect(r).toEqual({ ok: true, state: "pending", clinic: approvalClinic });
    expect(await identityOf(member)).toEqual(NO_IDENTITY);
    expect(await kinds(member)).toEqual(["joined", "switched", "requested"]);
    const history = await services.clinics.history(member);
    expect(history.map((h) => [h.kind, h.clinicID, h.actor])).toEqual([
      ["requested", approvalClinic.clinicID, "member"],
      ["switched", openClinic.clinicID, "member"],
      ["joined", openClinic.clinicID, "member"],
    ]);
    const rows = await currentRows(member);
    expect(rows.map((m) => [m.clinicId, m.state])).toEqual([[approvalClinic.id, "pending"]]);
  });

  it("switching between open clinics moves the ship-to", async () => {
    const member = await newMember();
    await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(await joinClinic(deps, member, CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID)).toEqual({ ok: true, state: "active", clinic: homeDelivery });
    expect(await identityOf(member)).toEqual({ accountGroup: "SF_TECH", preferredShipTo: homeDelivery.shipTo, storeSoldTo: homeDelivery.soldTo });
    expect(await kinds(member)).toEqual(["joined", "switched", "joined"]);
  });

  it("the same clinic twice: ALREADY_MEMBER, active or pending, nothing changes", async () => {
    const member = await newMember();
    await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    const again = await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(again).toMatchObject({ ok: false, code: "ALREADY_MEMBER", field: "groupID" });
    expect(await identityOf(member)).toEqual({ accountGroup: "SF_TECH", preferredShipTo: openClinic.shipTo, storeSoldTo: openClinic.soldTo });
    expect(await kinds(member)).toEqual(["joined"]);

    const waiting = await newMember();
    await joinClinic(deps, waiting, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    expect(await joinClinic(deps, waiting, SPRINGFIELD_PET_CLINIC_GROUP_ID)).toMatchObject({ ok: false, code: "ALREADY_MEMBER", field: "groupID" });
    expect(await kinds(waiting)).toEqual(["requested"]);
  });

  it("an unknown group: CLINIC_NOT_FOUND; a shop (d2c) account: NOT_STAFF; nothing written", async () => {
    const member = await newMember();
    expect(await joinClinic(deps, member, "G999999")).toMatchObject({ ok: false, code: "CLINIC_NOT_FOUND", field: "groupID" });
    expect(await services.clinics.current(member)).toBeNull();
    expect(await identityOf(member)).toEqual(NO_IDENTITY);

    const shopper = await services.identity.register(
      {
        firstName: "Kim",
        lastName: "Park",
        email: "shopper-membership@example.test",
        password: "kibble123",
        confirmPassword: "kibble123",
        acceptsMarketing: false,
      },
      "d2c",
    );
    if (!shopper.ok) throw new Error(shopper.message);
    expect(await joinClinic(deps, shopper.customerId, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID)).toMatchObject({
      ok: false,
      code: "NOT_STAFF",
      field: "sessionToken",
    });
    expect(await services.clinics.current(shopper.customerId)).toBeNull();
    expect(await services.clinics.history(shopper.customerId)).toEqual([]);
  });
});

describe("approveMembership and endMembership", () => {
  it("approving a pending membership registers the member", async () => {
    const member = await newMember("FACULTY");
    await joinClinic(deps, member, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    const pending = (await services.clinics.current(member))!;
    const r = await approveMembership(deps, pending.membership.id, "admin@springfield-pet-clinic.clinic.example");
    expect(r).toEqual({ ok: true, customerId: member, clinic: approvalClinic });
    expect(await identityOf(member)).toEqual({ accountGroup: "SF_FACULTY", preferredShipTo: approvalClinic.shipTo, storeSoldTo: approvalClinic.soldTo });
    expect((await services.clinics.current(member))?.membership).toMatchObject({ id: pending.membership.id, state: "active" });
    expect((await services.clinics.history(member))[0]).toMatchObject({ kind: "approved", actor: "admin@springfield-pet-clinic.clinic.example" });
    // Twice, or an unknown id: NOT_PENDING.
    expect(await approveMembership(deps, pending.membership.id, "operator")).toMatchObject({ ok: false, code: "NOT_PENDING" });
    expect(await approveMembership(deps, "00000000-0000-4000-8000-000000000000", "operator")).toMatchObject({ ok: false, code: "NOT_PENDING" });
    expect(await approveMembership(deps, "not-a-uuid", "operator")).toMatchObject({ ok: false, code: "NOT_PENDING" });
  });

  it("ending an active membership revokes it and unregisters the member at once", async () => {
    const member = await newMember();
    await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    const { membership } = (await services.clinics.current(member))!;
    expect(await endMembership(deps, membership.id, "operator")).toEqual({ ok: true, customerId: member, clinic: openClinic });
    expect(await identityOf(member)).toEqual(NO_IDENTITY);
    expect(await services.clinics.current(member)).toBeNull();
    expect(await services.clinics.membershipById(membership.id)).toMatchObject({ state: "revoked", endedReason: "revoked" });
    expect((await services.clinics.history(member))[0]).toMatchObject({ kind: "revoked", actor: "operator" });
    // Once ended it cannot be ended or approved again.
    expect(await endMembership(deps, membership.id, "operator")).toMatchObject({ ok: false, code: "NOT_ACTIVE" });
    expect(await approveMembership(deps, membership.id, "operator")).toMatchObject({ ok: false, code: "NOT_PENDING" });
  });

  it("ending a pending membership rejects it", async () => {
    const member = await newMember();
    await joinClinic(deps, member, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    const { membership } = (await services.clinics.current(member))!;
    expect(await endMembership(deps, membership.id, "admin")).toEqual({ ok: true, customerId: member, clinic: approvalClinic });
    expect(await services.clinics.membershipById(membership.id)).toMatchObject({ state: "revoked", endedReason: "rejected" });
    expect(await kinds(member)).toEqual(["requested", "rejected"]);
    expect(await identityOf(member)).toEqual(NO_IDENTITY);
  });

  it("a membership ended by a switch is not current: NOT_ACTIVE, the current one untouched", async () => {
    const member = await newMember();
    await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    const first = (await services.clinics.current(member))!.membership.id;
    await joinClinic(deps, member, CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID);
    expect(await endMembership(deps, first, "operator")).toMatchObject({ ok: false, code: "NOT_ACTIVE" });
    expect(await identityOf(member)).toEqual({ accountGroup: "SF_TECH", preferredShipTo: homeDelivery.shipTo, storeSoldTo: homeDelivery.soldTo });
    expect(await endMembership(deps, "00000000-0000-4000-8000-000000000000", "operator")).toMatchObject({ ok: false, code: "NOT_ACTIVE" });
  });
});

describe("leaveClinic", () => {
  it("unregisters the member at once; NO_MEMBERSHIP when there is none", async () => {
    const member = await newMember();
    expect(await leaveClinic(deps, member)).toMatchObject({ ok: false, code: "NO_MEMBERSHIP" });
    await joinClinic(deps, member, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect(await leaveClinic(deps, member)).toEqual({ ok: true, clinic: openClinic });
    expect(await identityOf(member)).toEqual(NO_IDENTITY);
    expect(await services.clinics.current(member)).toBeNull();
    expect(await kinds(member)).toEqual(["joined", "left"]);
    expect(await leaveClinic(deps, member)).toMatchObject({ ok: false, code: "NO_MEMBERSHIP" });
  });

  it("withdraws a pending request", async () => {
    const member = await newMember();
    await joinClinic(deps, member, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    expect(await leaveClinic(deps, member)).toEqual({ ok: true, clinic: approvalClinic });
    expect(await services.clinics.current(member)).toBeNull();
    expect(await kinds(member)).toEqual(["requested", "left"]);
  });
});

describe("concurrency", () => {
  it("10 joins at once over two open clinics leave one current membership, and the ship-to of its clinic", async () => {
    const member = await newMember();
    const groups = [SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID];
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => joinClinic(deps, member, groups[i % 2])));
    for (const r of results) {
      if (r.ok) expect(r.state).toBe("active");
      else expect(r.code).toBe("ALREADY_MEMBER");
    }
    const joined = results.filter((r) => r.ok).length;
    expect(joined).toBeGreaterThanOrEqual(1);
    const current = await currentRows(member);
    expect(current.length).toBe(1);
    const clinic = [openClinic, homeDelivery].find((c) => c.id === current[0].clinicId)!;
    expect(current[0].state).toBe("active");
    expect(await identityOf(member)).toEqual({ accountGroup: "SF_TECH", preferredShipTo: clinic.shipTo, storeSoldTo: clinic.soldTo });
    // Every successful join is one membership; every one but the last ended by a switch.
    const all = await membershipsOf(database.db, member);
    expect(all.length).toBe(joined);
    const history = await kinds(member);
    expect(history.filter((k) => k === "joined").length).toBe(joined);
    expect(history.filter((k) => k === "switched").length).toBe(joined - 1);
  });
});

describe("membership mails", () => {
  it("a waiting request goes to the clinic's administrator; approval and decline go to the member", async () => {
    const { email, customerId } = await staffMember(services, { role: "DVM", registered: false });
    expect(await joinClinic(deps, customerId, SPRINGFIELD_PET_CLINIC_GROUP_ID)).toMatchObject({ ok: true, state: "pending" });
    const [request] = await services.mail.latest({ to: approvalClinic.administratorEmail!, limit: 1 });
    expect(request!.subject).toBe(`Sam Staff asks to join ${approvalClinic.name} in Pro Staff Feeding`);
    expect(request!.text).toContain(`${email}, Veterinarian`);

    const pending = (await services.clinics.current(customerId))!;
    expect((await approveMembership(deps, pending.membership.id, "operator")).ok).toBe(true);
    expect((await services.mail.latest({ to: email, limit: 1 }))[0]!.subject).toBe(`Welcome to Pro Staff Feeding at ${approvalClinic.name}`);

    const other = await staffMember(services, { role: "TECH", registered: false });
    await joinClinic(deps, other.customerId, SPRINGFIELD_PET_CLINIC_GROUP_ID);
    const waiting = (await services.clinics.current(other.customerId))!;
    expect((await endMembership(deps, waiting.membership.id, "operator")).ok).toBe(true);
    expect((await services.mail.latest({ to: other.email, limit: 1 }))[0]!.text).toContain(
      `your request to join ${approvalClinic.name} was declined`.replace(/^y/, "Y"),
    );
  });

  it("joining an open clinic mails no one", async () => {
    const { customerId } = await staffMember(services, { registered: false });
    const before = (await services.mail.latest({ to: openClinic.administratorEmail ?? "nobody@clinic.example", limit: 50 })).length;
    await joinClinic(deps, customerId, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID);
    expect((await services.mail.latest({ to: openClinic.administratorEmail ?? "nobody@clinic.example", limit: 50 })).length).toBe(before);
  });
});
