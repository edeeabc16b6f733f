import { suppressionForm } from "../../rules/marketing/suppression-form";
import { fieldErrors } from "../../rules/shared/zod-errors";
import type { MarketingService } from "../modules/marketing";
import type { Operator, OperatorsService } from "../modules/operators";
import { consoleGuard, type Denied } from "./console";

// The console's one write on the e-mail list: suppressing an address (owner, manager and marketing:
// marketing.manage). The role is checked first (a refusal is audited and answered 403), the form is
// read by the rule's schema (each bad field named), and the audit log records the address and reason.

export type SuppressResult = { ok: true; message: string } | { ok: false; code: "INVALID"; errors: Record<string, string>; message: string } | Denied;

export function createMarketingListConsole(deps: { operators: OperatorsService; marketing: Pick<MarketingService, "suppress"> }) {
  const allowed = consoleGuard(deps.operators);
  return {
    async suppress(operator: Operator, form: Record<string, unknown>): Promise<SuppressResult> {
      const action = "marketing.suppress";
      const denied = await allowed(operator, "marketing.manage", action, "subscriber", String(form.email ?? "").slice(0, 320));
      if (denied) return denied;
      const parsed = suppressionForm.safeParse(form);
      if (!parsed.success) return { ok: false, code: "INVALID", errors: fieldErrors(parsed.error), message: "Correct the fields shown." };
      const { email, reason } = parsed.data;
      await deps.marketing.suppress(email, reason);
      await deps.operators.audit({ operator, action, targetType: "subscriber", targetId: email, outcome: "ok", after: { state: "suppressed", reason } });
      return { ok: true, message: `${email} will receive no marketing from either site again.` };
    },
  };
}
