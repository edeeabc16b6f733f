import { expect, it } from "vitest";
import { may, OPERATOR_COOKIE, OPERATOR_ROLES, type OperatorRole, type Permission } from "../../rules/console/operator-roles";
import type { Operator } from "../modules/operators";
import type { Services } from "../wiring";

// Test helpers for the operator console: a real operator of a role (made through a setup link, as
// in the shop), and the role × action matrix every console area runs over its own writes.

/** A new operator of a role, signed in: the operator and the cookie header of its console session. */
export async function operatorSession(services: Services, role: OperatorRole): Promise<{ operator: Operator; cookie: string }> {
  const link = await services.operators.issueSetupLink({ email: `${role}-${Math.random().toString(36).slice(2, 10)}@console.test`, role, createdBy: "test" });
  const done = await services.operators.completeSetup(link.token, { name: role, password: "correct horse battery" });
  if (!done.ok) throw new Error(done.message);
  return { operator: done.operator, cookie: `${OPERATOR_COOKIE}=${done.sessionToken}` };
}

export async function operatorOf(services: Services, role: OperatorRole): Promise<Operator> {
  return (await operatorSession(services, role)).operator;
}

export type ConsoleWrite = {
  /** The audit action the write records, e.g. "order.refunded". */
  name: string;
  permission: Permission;
  run: (op: Operator) => Promise<{ ok: boolean; code?: string }>;
};

/**
 * Every role against every write: an allowed call reaches its workflow (aimed at nothing real it
 * answers "not found" or similar) and leaves one audit entry of its own; a refused one answers
 * FORBIDDEN and leaves one "denied" entry.
 */
export function roleMatrix(services: () => Services, writes: readonly ConsoleWrite[]) {
  const cases = OPERATOR_ROLES.flatMap((role) => writes.map((w) => [role, w.name, may(role, w.permission)] as const));
  it.each(cases)("%s → %s: allowed %s", async (role, name, allowed) => {
    const op = await operatorOf(services(), role);
    const write = writes.find((w) => w.name === name)!;
    const before = await services().operators.auditEntries({ operatorEmail: op.email, limit: 200 });
    const result = await write.run(op);
    const after = await services().operators.auditEntries({ operatorEmail: op.email, limit: 200 });
    const added = after.slice(0, after.length - before.length);
    if (allowed) {
      expect(result.code).not.toBe("FORBIDDEN");
      expect(added.map((e) => [e.action, e.outcome === "denied"])).toEqual([[name, false]]);
    } else {
      expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
      expect(added.map((e) => [e.action, e.outcome])).toEqual([[name, "denied"]]);
    }
  });
}
