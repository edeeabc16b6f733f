import { automationSettingsForm, type AutomationSettings } from "../../rules/marketing/automations";
import { fieldErrors } from "../../rules/shared/zod-errors";
import type { MarketingService } from "../modules/marketing";
import type { Operator, OperatorsService } from "../modules/operators";
import { consoleGuard, type Denied } from "./console";

// The console's switches and delays of the automatic mails (back-in-stock, abandoned cart,
// win-back): owner and manager (marketing.automations). The role is checked first (a refusal is
// audited and answered 403), the form is read by the rule's schema (each bad field named), and the
// audit log records the settings before and after.

export type AutomationSettingsResult =
  { ok: true; settings: AutomationSettings; message: string } | { ok: false; code: "INVALID"; errors: Record<string, string>; message: string } | Denied;

export function createMarketingAutomationsConsole(deps: { operators: OperatorsService; marketing: Pick<MarketingService, "automations"> }) {
  const allowed = consoleGuard(deps.operators);
  const automations = deps.marketing.automations;
  return {
    settings: () => automations.settings(),

    async saveSettings(operator: Operator, form: Record<string, unknown>): Promise<AutomationSettingsResult> {
      const action = "marketing.automation_settings";
      const denied = await allowed(operator, "marketing.automations", action, "settings", "marketing_automations");
      if (denied) return denied;
      const parsed = automationSettingsForm.safeParse(form);
      if (!parsed.success) return { ok: false, code: "INVALID", errors: fieldErrors(parsed.error), message: "Correct the fields shown." };
      const before = await automations.settings();
      const settings = await automations.saveSettings(parsed.data, operator.email);
      await deps.operators.audit({ operator, action, targetType: "settings", targetId: "marketing_automations", outcome: "ok", before, after: settings });
      return { ok: true, settings, message: "The automatic mails' settings are saved." };
    },
  };
}
