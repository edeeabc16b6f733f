import { may, ORDER_MOVE_PERMISSION, type OperatorRole, type Permission } from "../../rules/console/operator-roles";
import type { Operator, OperatorsService } from "../modules/operators";
import type { OrdersService } from "../modules/orders";
import type { AdvanceOrderResult, AdvanceTarget } from "./advance-order";
import type { DecisionResult } from "./clinic-membership";
import type { RefundOrderInput, RefundOrderResult } from "./refund-order";

// The operator console's writes. Each one: the role is checked against rules/console/operator-roles.ts (a
// refusal is audited too, then answered 403), the existing workflow does the work (advance-order,
// the membership decisions — nothing is written twice), and the audit log records who did what,
// with the state before and after.

export type ConsoleDeps = {
  operators: OperatorsService;
  orders: OrdersService;
  advanceOrder: (input: { orderRef: string; to: AdvanceTarget; trackingNumber?: string | null; actor: string }) => Promise<AdvanceOrderResult>;
  refundOrderPart: (input: RefundOrderInput) => Promise<RefundOrderResult>;
  approveMembership: (membershipId: string, actor: string) => Promise<DecisionResult>;
  endMembership: (membershipId: string, actor: string) => Promise<DecisionResult>;
  publicUrl: string;
};

export type Denied = { ok: false; code: "FORBIDDEN"; message: string };
const FORBIDDEN_MESSAGE = "Your role does not allow this.";

/**
 * The check every console write (and page) starts with: whether the operator may; a refusal is
 * written to the audit log before it is answered. Each console area's writes use this one.
 */
export function consoleGuard(operators: OperatorsService) {
  return async function allowed(operator: Operator, permission: Permission, action: string, targetType: string, targetId: string): Promise<Denied | null> {
    if (may(operator.role, permission)) return null;
    await operators.audit({ operator, action, targetType, targetId, outcome: "denied" });
    return { ok: false, code: "FORBIDDEN", message: FORBIDDEN_MESSAGE };
  };
}
export type ConsoleGuard = ReturnType<typeof consoleGuard>;

export function createConsole(deps: ConsoleDeps) {
  const { operators } = deps;
  const allowed = consoleGuard(operators);

  return {
    allowed,

    /** Moves an order along its lifecycle through the advance-order workflow (which mails the customer). */
    async advanceOrder(operator: Operator, p: { orderId: string; to: AdvanceTarget; trackingNumber?: string | null }): Promise<AdvanceOrderResult | Denied> {
      const action = `order.${p.to}`;
      const denied = await allowed(operator, ORDER_MOVE_PERMISSION[p.to], action, "order", p.orderId);
      if (denied) return denied;
      const result = await deps.advanceOrder({ orderRef: p.orderId, to: p.to, trackingNumber: p.trackingNumber ?? null, actor: `operator:${operator.email}` });
      await operators.audit({
        operator,
        action,
        targetType: "order",
        targetId: p.orderId,
        outcome: result.ok ? "ok" : "failed",
        before: result.ok ? { status: result.from } : "status" in result ? { status: result.status } : null,
        after: result.ok ? { status: result.order.status, trackingNumber: result.order.trackingNumber } : { error: result.code },
      });
      return result;
    },

    /** Refunds units of some lines and/or an amount (refund-order workflow: stock, money, the customer's mail). */
    async refundOrderPart(operator: Operator, p: Omit<RefundOrderInput, "orderRef" | "actor"> & { orderId: string }): Promise<RefundOrderResult | Denied> {
      const action = "order.partial_refund";
      const denied = await allowed(operator, "orders.refund", action, "order", p.orderId);
      if (denied) return denied;
      const result = await deps.refundOrderPart({ ...p, orderRef: p.orderId, actor: `operator:${operator.email}` });
      await operators.audit({
        operator,
        action,
        targetType: "order",
        targetId: p.orderId,
        outcome: result.ok ? "ok" : "failed",
        before: result.ok ? { status: result.from } : null,
        after: result.ok
          ? {
              status: result.order.status,
              refundedCents: result.refundedCents,
              lines: result.plan.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
              otherCents: result.plan.otherCents,
              restocked: result.restocked,
              reason: p.reason,
            }
          : { error: result.code, ...("field" in result ? { field: result.field } : {}) },
      });
      return result;
    },

    /** Approves a pending clinic membership, or ends one (a pending request is declined, an active one revoked). */
    async decideMembership(operator: Operator, p: { membershipId: string; decision: "approve" | "end" }): Promise<DecisionResult | Denied> {
      const action = `clinic_membership.${p.decision}`;
      const denied = await allowed(operator, "clinics.members", action, "clinic_membership", p.membershipId);
      if (denied) return denied;
      const actor = `operator:${operator.email}`;
      const result = p.decision === "approve" ? await deps.approveMembership(p.membershipId, actor) : await deps.endMembership(p.membershipId, actor);
      await operators.audit({
        operator,
        action,
        targetType: "clinic_membership",
        targetId: p.membershipId,
        outcome: result.ok ? "ok" : "failed",
        after: result.ok ? { customerId: result.customerId, clinic: result.clinic.clinicID } : { error: result.code },
      });
      return result;
    },

    /** Owner only: a one-time setup link for a colleague with a role (the link is shown once, not stored). */
    async inviteOperator(operator: Operator, p: { email: string; role: OperatorRole }): Promise<{ ok: true; url: string; expiresAt: Date } | Denied> {
      const denied = await allowed(operator, "operators.manage", "operator.invite", "operator", p.email);
      if (denied) return denied;
      const link = await operators.issueSetupLink({ email: p.email, role: p.role, createdBy: operator.email });
      await operators.audit({
        operator,
        action: "operator.invite",
        targetType: "operator",
        targetId: p.email.trim().toLowerCase(),
        outcome: "ok",
        after: { role: p.role },
      });
      return { ok: true, url: `${deps.publicUrl}/admin/setup?token=${link.token}`, expiresAt: link.expiresAt };
    },

    /** Owner only: an operator no longer signs in; their sessions end at once. */
    async deactivateOperator(
      operator: Operator,
      operatorId: string,
    ): Promise<{ ok: true } | { ok: false; code: "NOT_FOUND" | "SELF"; message: string } | Denied> {
      const denied = await allowed(operator, "operators.manage", "operator.deactivate", "operator", operatorId);
      if (denied) return denied;
      if (operatorId === operator.id) return { ok: false, code: "SELF", message: "You cannot deactivate yourself." };
      const done = await operators.deactivate(operatorId);
      await operators.audit({
        operator,
        action: "operator.deactivate",
        targetType: "operator",
        targetId: operatorId,
        outcome: done ? "ok" : "failed",
        after: { active: false },
      });
      return done ? { ok: true } : { ok: false, code: "NOT_FOUND", message: "No such operator." };
    },
  };
}

export type Console = ReturnType<typeof createConsole>;
