import { canRenewNow, canRetryRenewal, type ConsoleSubscriptionAction } from "../../rules/console/subscription-actions";
import { parseConsoleAction } from "../../rules/console/subscription-action-input";
import { dayOf } from "../../rules/shared/calendar-days";
import type { SubscriptionActionInput } from "../../rules/autoship/subscription-input";
import { systemClock, type Clock } from "../clock";
import type { AutoshipService, OnBehalf } from "../modules/autoship";
import type { Operator, OperatorsService } from "../modules/operators";
import { consoleGuard, type Denied } from "./console";
import type { RenewalOutcome } from "./renew-subscription";

// The console's Subscriptions writes, on the customer's behalf. Each one: the role is checked
// (consoleGuard: a refusal is audited and answered 403), the reason is required, then the autoship
// module's own customer command does the work — the same transition table, dates, row lock and
// confirmation mail as when the customer does it in My Subscriptions — with the operator and reason
// written into the subscription's event history; a retry goes through the renewal workflow (the one
// renewal path: its lease and order key make two retries at once place one order). The audit log
// records every outcome with the state before and after.

export type SubscriptionsConsoleDeps = {
  operators: OperatorsService;
  autoship: Pick<
    AutoshipService,
    "act" | "consoleState" | "recordOnBehalf" | "bringForward" | "saveOfferSettings" | "setSaveOfferSettings" | "saveOfferReport"
  >;
  /**
   * The renewal workflow for one subscription's due cycle (renewSubscription, trigger "schedule");
   * `secret` signs the price guard mail's answer links.
   */
  retryRenewal: (subscriptionId: string, now: Date, secret?: string) => Promise<RenewalOutcome>;
  /** What else keeps customers, since a date: pets and life-stage swaps, deliveries combined into one box. */
  retention: (since: Date, now: Date) => Promise<RetentionFigures>;
  clock?: Clock;
};

export type RetentionFigures = {
  petsKept: number;
  petsWithBirthday: number;
  subscriptionsWithPet: number;
  /** Autoships whose pet reaches its next stage within 30 days, with a formula to propose then. */
  upcomingSwaps: number;
  swaps: { proposed: number; accepted: number; dismissed: number; waiting: number };
  combinedDeliveries: number;
};

export type ConsoleActionResult =
  | { ok: true; message: string; orderNumber?: string }
  | { ok: false; code: "INVALID"; errors: Record<string, string>; message: string }
  | { ok: false; code: "NOT_FOUND" | "NOT_ALLOWED" | "RETRY_FAILED"; field: string; message: string }
  | Denied;

/** The customer's command each operator action runs. */
const COMMAND: Record<Exclude<ConsoleSubscriptionAction, "retry" | "renew_now">, (input: { cancelReason?: string }) => SubscriptionActionInput> = {
  pause: () => ({ intent: "pause" }),
  resume: () => ({ intent: "resume" }),
  skip: () => ({ intent: "skip" }),
  cancel: (input) => ({ intent: "cancel", reason: input.cancelReason as Extract<SubscriptionActionInput, { intent: "cancel" }>["reason"] }),
};

const ACTION_NAME: Record<ConsoleSubscriptionAction, string> = {
  pause: "subscription.pause",
  resume: "subscription.resume",
  skip: "subscription.skip",
  cancel: "subscription.cancel",
  retry: "subscription.retry_renewal",
  renew_now: "subscription.renew_now",
};

/** The audit action of a raw intent (an unknown one is still audited, under the generic name). */
const actionName = (intent: unknown) =>
  typeof intent === "string" && intent in ACTION_NAME ? ACTION_NAME[intent as ConsoleSubscriptionAction] : "subscription.action";

const stateOf = (s: { status: string; hold: string | null; nextOrderDate: string; retryAt?: Date | string | null }) => ({
  status: s.status,
  hold: s.hold,
  nextOrderDate: s.nextOrderDate,
  ...(s.retryAt !== undefined ? { retryAt: s.retryAt instanceof Date ? s.retryAt.toISOString() : s.retryAt } : {}),
});

export function createSubscriptionsConsole(deps: SubscriptionsConsoleDeps) {
  const { operators, autoship } = deps;
  const clock = deps.clock ?? systemClock;
  const allowed = consoleGuard(operators);

  /**
   * One operator action on a subscription, from the form's fields (`intent`, `reason`, `note`, and
   * for a cancel `cancelReason` and `confirm`). `origin` builds the customer mail's link when
   * PUBLIC_URL is not set; `secret` (the app's signing key) puts the price guard's answer links in
   * the mail of a renewal it holds.
   */
  async function act(operator: Operator, subscriptionId: string, raw: Record<string, unknown>, origin?: string, secret?: string): Promise<ConsoleActionResult> {
    const action = actionName(raw.intent);
    const denied = await allowed(operator, "subscriptions.manage", action, "subscription", subscriptionId);
    if (denied) return denied;
    const parsed = parseConsoleAction(raw);
    // Nothing was attempted: refused input is answered, not audited.
    if (!parsed.ok) return { ok: false, code: "INVALID", errors: parsed.errors, message: Object.values(parsed.errors)[0] ?? "Invalid input" };
    const input = parsed.input;
    const onBehalf: OnBehalf = { id: operator.id, email: operator.email, reason: input.reason, note: input.note ?? null };
    const audit = (outcome: "ok" | "failed", before: unknown, after: unknown) =>
      operators.audit({
        operator,
        action,
        targetType: "subscription",
        targetId: subscriptionId,
        outcome,
        before,
        after: { ...(after as object), reason: input.reason, note: input.note ?? null },
      });

    const state = await autoship.consoleState(subscriptionId);
    if (!state) {
      await audit("failed", null, { error: "NOT_FOUND" });
      return { ok: false, code: "NOT_FOUND", field: "subscriptionId", message: "No such subscription." };
    }

    if (input.intent === "retry") {
      const now = clock();
      if (!canRetryRenewal(state, dayOf(now))) {
        await audit("failed", stateOf(state), { error: "NOT_ALLOWED" });
        return { ok: false, code: "NOT_ALLOWED", field: "intent", message: "Only a due renewal that is held or failed can be retried." };
      }
      const outcome = await deps.retryRenewal(subscriptionId, now, secret);
      await autoship.recordOnBehalf(subscriptionId, "renewal_retried", onBehalf, {
        outcome: outcome.code,
        ...(outcome.ok ? { orderNumber: outcome.orderNumber } : { message: outcome.message }),
      });
      const after = await autoship.consoleState(subscriptionId);
      await audit(outcome.ok ? "ok" : "failed", stateOf(state), {
        ...(after ? stateOf(after) : {}),
        outcome: outcome.code,
        ...(outcome.ok ? { orderId: outcome.orderId, orderNumber: outcome.orderNumber } : {}),
      });
      if (!outcome.ok) return { ok: false, code: "RETRY_FAILED", field: "intent", message: outcome.message };
      return { ok: true, message: `Order ${outcome.orderNumber} was placed.`, orderNumber: outcome.orderNumber };
    }

    if (input.intent === "renew_now") {
      const now = clock();
      if (!canRenewNow(state, dayOf(now))) {
        await audit("failed", stateOf(state), { error: "NOT_ALLOWED" });
        return { ok: false, code: "NOT_ALLOWED", field: "intent", message: "Only an active Autoship whose next order is still ahead can be renewed now." };
      }
      const moved = await autoship.bringForward(subscriptionId, onBehalf);
      if (!moved.ok) {
        await audit("failed", stateOf(state), { error: moved.code, message: moved.message });
        return { ok: false, code: moved.code === "NOT_FOUND" ? "NOT_FOUND" : "NOT_ALLOWED", field: moved.field, message: moved.message };
      }
      // The cycle is due now: the one renewal path places it (or holds it) as on its scheduled day.
      const outcome = await deps.retryRenewal(subscriptionId, now, secret);
      await autoship.recordOnBehalf(subscriptionId, "renewal_started", onBehalf, {
        outcome: outcome.code,
        ...(outcome.ok ? { orderNumber: outcome.orderNumber } : { message: outcome.message }),
      });
      const after = await autoship.consoleState(subscriptionId);
      await audit(outcome.ok ? "ok" : "failed", moved.before, {
        ...(after ? stateOf(after) : {}),
        outcome: outcome.code,
        ...(outcome.ok ? { orderId: outcome.orderId, orderNumber: outcome.orderNumber } : {}),
      });
      if (outcome.ok) return { ok: true, message: `Order ${outcome.orderNumber} was placed.`, orderNumber: outcome.orderNumber };
      // Held by the price guard: the renewal did what the schedule does; the customer decides.
      if (outcome.code === "PRICE_HELD") return { ok: true, message: `The renewal is held. ${outcome.message}` };
      return { ok: false, code: "RETRY_FAILED", field: "intent", message: outcome.message };
    }

    const result = await autoship.act(
      { customerId: state.customerId, origin, operator: onBehalf },
      subscriptionId,
      COMMAND[input.intent](input.intent === "cancel" ? input : {}),
    );
    if (!result.ok) {
      await audit("failed", stateOf(state), { error: result.code, message: result.message });
      return result.code === "NOT_FOUND"
        ? { ok: false, code: "NOT_FOUND", field: result.field, message: result.message }
        : { ok: false, code: "NOT_ALLOWED", field: result.field, message: result.message };
    }
    await audit("ok", result.before ?? stateOf(state), stateOf(result.subscription));
    return { ok: true, message: `${result.message} The customer was e-mailed.` };
  }

  /** The save offers' results over the last `days` days and the discount setting (read by whoever manages subscriptions). */
  async function saveOffers(days: number) {
    const since = new Date(clock().getTime() - days * 86_400_000);
    const [settings, report, retention] = await Promise.all([autoship.saveOfferSettings(), autoship.saveOfferReport(since), deps.retention(since, clock())]);
    return { settings, report, retention };
  }

  /** The discount offered to a customer who finds Autoship too expensive: owner and manager only, audited. */
  async function setSaveOffer(operator: Operator, raw: { percent: unknown; intervalMonths: unknown }): Promise<SaveOfferSettingsResult> {
    const action = "subscription.save_offer_settings";
    const denied = await allowed(operator, "subscriptions.offers", action, "settings", "autoship_save_offer");
    if (denied) return denied;
    const input = { percent: wholeNumber(raw.percent), intervalMonths: wholeNumber(raw.intervalMonths) };
    const set = await autoship.setSaveOfferSettings(input);
    if (!set.ok) return { ok: false, code: "INVALID", errors: { [set.field]: set.message }, message: set.message };
    await operators.audit({ operator, action, targetType: "settings", targetId: "autoship_save_offer", outcome: "ok", before: set.before, after: input });
    return {
      ok: true,
      message: input.percent ? `Customers who find Autoship too expensive are offered ${input.percent}% off one delivery.` : "The discount offer is off.",
    };
  }

  return { act, saveOffers, setSaveOffer };
}

/** A form's whole number, or NaN (refused by the module with its message). */
const wholeNumber = (v: unknown) => (typeof v === "string" && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : Number.NaN);

export type SaveOfferSettingsResult = { ok: true; message: string } | { ok: false; code: "INVALID"; errors: Record<string, string>; message: string } | Denied;

export type SubscriptionsConsole = ReturnType<typeof createSubscriptionsConsole>;
