import type { SiteId } from "../../rules/shared/site";
import type { Config } from "../config";
import type { Failure } from "../modules/identity";
import type { Operator, OperatorsService } from "../modules/operators";
import { isErasedEmail } from "../modules/identity";
import { consoleGuard, type Denied } from "./console";
import type { EraseResult } from "./erase-customer";
import { linkOrigin } from "./password-reset";

// The console's customer writes: a password-reset mail sent for the customer (the shop's own
// forgot-password workflow — the same single-use link, rate limit and mail; the token is never
// shown to the operator nor logged) and the erasure of their personal data (erase-customer.ts).
// Each: the role is checked by consoleGuard, the workflow does the work, the audit log records who
// did it — with ids and counts only, never the personal data.

export type CustomersConsoleDeps = {
  operators: OperatorsService;
  config: Pick<Config, "publicUrl" | "siteHosts" | "port">;
  /** The account's e-mail and site, for the mail (never written to the audit log). */
  account: (customerId: string) => Promise<{ email: string; site: SiteId } | null>;
  requestPasswordReset: (input: { email: string; site: SiteId; origin: string }) => Promise<{ ok: true } | Failure<"RATE_LIMITED">>;
  eraseCustomer: (customerId: string, confirmEmail: string) => Promise<EraseResult>;
};

export type ResetMailResult = { ok: true } | { ok: false; code: "NOT_FOUND" | "ERASED" | "RATE_LIMITED"; message: string };

/**
 * The origin of the customer's own site for the link: the shop's (PUBLIC_URL or the console's own
 * origin), or for a staff account the staff site's host from SITE_HOSTS on the same scheme and port.
 */
export function siteLinkOrigin(config: CustomersConsoleDeps["config"], requestUrl: string, site: SiteId): string {
  const base = new URL(linkOrigin(config as Config, requestUrl));
  if (site === "hpsf") {
    const host = [...config.siteHosts].find(([, s]) => s === "hpsf")?.[0];
    if (host) base.hostname = host;
  }
  return base.origin;
}

export function createCustomersConsole(deps: CustomersConsoleDeps) {
  const { operators } = deps;
  const allowed = consoleGuard(operators);

  return {
    /** Mails the customer a password-reset link, as their own "Forgot password" would. */
    async sendPasswordReset(operator: Operator, p: { customerId: string; requestUrl: string }): Promise<ResetMailResult | Denied> {
      const action = "customer.password_reset_mail";
      const denied = await allowed(operator, "customers.view", action, "customer", p.customerId);
      if (denied) return denied;
      const account = await deps.account(p.customerId);
      let result: ResetMailResult;
      if (!account) result = { ok: false, code: "NOT_FOUND", message: "No such customer." };
      else if (isErasedEmail(account.email)) result = { ok: false, code: "ERASED", message: "This account was erased: it has no address to mail." };
      else {
        const sent = await deps.requestPasswordReset({
          email: account.email,
          site: account.site,
          origin: siteLinkOrigin(deps.config, p.requestUrl, account.site),
        });
        result = sent.ok ? { ok: true } : { ok: false, code: "RATE_LIMITED", message: sent.message };
      }
      await operators.audit({
        operator,
        action,
        targetType: "customer",
        targetId: p.customerId,
        outcome: result.ok ? "ok" : "failed",
        after: result.ok ? { mailed: true } : { error: result.code },
      });
      return result;
    },

    /** Erases the customer's personal data (confirmed by typing their e-mail); orders are kept, anonymised. */
    async erase(operator: Operator, p: { customerId: string; confirmEmail: string }): Promise<EraseResult | Denied> {
      const action = "customer.erase";
      const denied = await allowed(operator, "customers.erase", action, "customer", p.customerId);
      if (denied) return denied;
      const result = await deps.eraseCustomer(p.customerId, p.confirmEmail);
      await operators.audit({
        operator,
        action,
        targetType: "customer",
        targetId: p.customerId,
        outcome: result.ok ? "ok" : "failed",
        // Counts only: what was removed, never what it said.
        after: result.ok ? { erased: result.counts } : { error: result.code },
      });
      return result;
    },
  };
}

export type CustomersConsole = ReturnType<typeof createCustomersConsole>;
