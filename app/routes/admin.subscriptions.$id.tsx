import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { formValues } from "../../rules/account/forms";
import { CANCEL_REASONS, cancelReasonLabel, isActionAllowed } from "../../rules/autoship/subscription-states";
import { dayOf } from "../../rules/shared/calendar-days";
import {
  canRenewNow,
  canRetryRenewal,
  CONSOLE_ACTION_LABELS,
  holdLabel,
  OPERATOR_REASONS,
  operatorReasonLabel,
  type ConsoleSubscriptionAction,
} from "../../rules/console/subscription-actions";
import { formatUsd } from "../../rules/shared/money";
import { Checkbox, FormAlert, SelectField, TextArea } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.subscriptions.$id";

export const meta = () => [{ title: "Subscription · Console" }];

// One subscription: the customer, the item, its rhythm, price, card (brand and last four only),
// address, status and hold, every renewal with its order, and the whole history with who did what
// (the customer, the schedule, an operator with their reason). The operator's actions on the
// customer's behalf each need a reason; cancelling also asks for a confirmation.

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "subscriptions.manage");
  const s = await context.services.autoship.consoleGet(params.id);
  if (!s) throw data({ message: "No such subscription." }, { status: 404 });
  const today = dayOf(new Date());
  const actions = (["pause", "resume", "skip", "cancel"] as const).filter((a) => isActionAllowed(s.status, a)) as ConsoleSubscriptionAction[];
  if (canRetryRenewal(s, today)) actions.push("retry");
  if (canRenewNow(s, today)) actions.push("renew_now");
  // The customer's cancel reasons travel as data: the storefront's autoship rules stay out of the console's bundle.
  const customerReason = (e: { kind: string; detail: Record<string, unknown> }) =>
    e.kind === "cancelled" && typeof e.detail.reason === "string" ? cancelReasonLabel(e.detail.reason) : null;
  // Dates formatted here, not in the page: the page then loads no date formatter.
  const retryAt = s.retryAt ? formatUtcDateTime(s.retryAt) : null;
  const events = s.events.map((e) => ({ ...e, at: formatUtcDateTime(e.at), customerReason: customerReason(e) }));
  return { s: { ...s, retryAt, events }, actions, cancelReasons: CANCEL_REASONS };
}

type Answer = { intent: string; errors: Record<string, string> };

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "subscriptions.manage");
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  const result = await context.services.consoleSubscriptions.act(operator, params.id, values, new URL(request.url).origin, context.sessionSecret);
  if (result.ok) return { done: result.message };
  if (result.code === "NOT_FOUND") throw refused({ message: result.message }, result.code);
  return refused<Answer>({ intent, errors: result.code === "INVALID" ? result.errors : { form: result.message } }, result.code);
}

const ACTOR_LABELS: Record<string, string> = { customer: "Customer", system: "Schedule", operator: "Operator" };
const STATUS_LABELS: Record<string, string> = { active: "Active", paused: "Paused", cancelled: "Cancelled" };

/** The event's facts as "key: value", without the operator block (shown on its own). */
function eventFacts(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([k, v]) => k !== "operator" && v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ");
}

function ActionForm({
  intent,
  errors,
  busy,
  cancelReasons,
}: {
  intent: ConsoleSubscriptionAction;
  errors: Record<string, string>;
  busy: boolean;
  cancelReasons: readonly { value: string; label: string }[];
}) {
  const label = CONSOLE_ACTION_LABELS[intent];
  const destructive = intent === "cancel";
  return (
    <Form method="post" className="rounded border border-gray-300 bg-white p-3" aria-label={label} data-testid={`action-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <h3 className="font-semibold">{label}</h3>
      <SelectField name="reason" label="Reason" options={OPERATOR_REASONS} placeholder="Select a reason" errors={errors} required />
      <TextArea name="note" label="Note (optional; required for “Other”)" rows={2} errors={errors} />
      {destructive ? (
        <>
          <SelectField
            name="cancelReason"
            label="The customer's reason"
            options={cancelReasons}
            placeholder="Select the customer's reason"
            errors={errors}
            required
          />
          <Checkbox name="confirm" label="Cancel this subscription; the customer is e-mailed" error={errors.confirm} />
        </>
      ) : null}
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <button
        type="submit"
        disabled={busy}
        className={`mt-3 min-h-10 rounded px-4 font-semibold text-white disabled:bg-disabled ${destructive ? "bg-error" : "bg-primary"}`}
      >
        {busy ? "Working…" : label}
      </button>
    </Form>
  );
}

export default function AdminSubscription() {
  const { s, actions, cancelReasons } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const nav = useNavigation();
  const failed = answer && "errors" in answer ? (answer as Answer) : null;
  const v = s.view;
  const address = v?.shippingAddress ?? s.row.shippingAddress;
  return (
    <ConsolePage title={`Subscription ${s.row.contractId}`}>
      <p className="mt-1 text-sm">
        <Link to="/admin/subscriptions" className="text-primary underline">
          All subscriptions
        </Link>
      </p>
      {answer && "done" in answer ? (
        <div data-testid="subscription-notice">
          <FormAlert tone="success">{answer.done}</FormAlert>
        </div>
      ) : null}
      {failed && !actions.includes(failed.intent as ConsoleSubscriptionAction) && failed.errors.form ? <FormAlert>{failed.errors.form}</FormAlert> : null}

      <section aria-labelledby="summary-heading" className="mt-4 grid gap-4 rounded border border-gray-300 bg-white p-4 md:grid-cols-2">
        <h2 id="summary-heading" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Status</dt>
          <dd data-testid="subscription-status">
            {STATUS_LABELS[s.status]}
            {s.hold ? <span className="ml-2 font-semibold text-error">Held: {holdLabel(s.hold)}</span> : null}
            {v?.cancelReasonLabel ? ` (${v.cancelReasonLabel})` : null}
          </dd>
          {s.retryAt ? (
            <>
              <dt className="font-semibold">Next retry</dt>
              <dd>
                {s.retryAt}
                {s.failedAttempts ? ` · ${s.failedAttempts} declined attempt${s.failedAttempts === 1 ? "" : "s"}` : ""}
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">Customer</dt>
          <dd>
            <Link to={`/admin/customers/${s.customerId}`} className="text-primary underline">
              {address.firstName} {address.lastName}
            </Link>{" "}
            &lt;{s.row.email}&gt;
          </dd>
          <dt className="font-semibold">Site</dt>
          <dd>{s.row.site === "hpsf" ? "Staff" : "Shop"}</dd>
          <dt className="font-semibold">Item</dt>
          <dd>{v ? `${v.productTitle} — ${v.variantTitle} (${v.sku})` : "No longer in the catalogue"}</dd>
          <dt className="font-semibold">Quantity</dt>
          <dd>{s.row.quantity}</dd>
          <dt className="font-semibold">Frequency</dt>
          <dd>{s.row.frequencyLabel}</dd>
          <dt className="font-semibold">Next order</dt>
          <dd data-testid="next-order-date">{s.nextOrderDate}</dd>
          <dt className="font-semibold">Price</dt>
          <dd>{v ? `${formatUsd(v.totalCents)} (${formatUsd(v.autoshipUnitPriceCents)} each)` : "—"}</dd>
          <dt className="font-semibold">Payment</dt>
          <dd>{v?.paymentMethod ? `${v.paymentMethod.brand} ending in ${v.paymentMethod.last4}` : "No saved card"}</dd>
        </dl>
        <div className="text-sm">
          <h3 className="font-semibold">Ships to</h3>
          <address className="not-italic">
            {address.firstName} {address.lastName}
            <br />
            {address.address1}
            {address.address2 ? `, ${address.address2}` : ""}
            <br />
            {address.city}, {address.provinceCode} {address.zip}
          </address>
        </div>
      </section>

      {actions.length ? (
        <ConsoleSection id="actions-heading" title="Act for the customer">
          <p className="text-sm">The customer is e-mailed as when they make the change themselves.</p>
          <div className="mt-2 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {actions.map((a) => (
              <ActionForm
                key={a}
                intent={a}
                errors={failed?.intent === a ? failed.errors : {}}
                busy={nav.state === "submitting" && nav.formData?.get("intent") === a}
                cancelReasons={cancelReasons}
              />
            ))}
          </div>
        </ConsoleSection>
      ) : null}

      <ConsoleSection id="renewals-heading" title="Renewals">
        <ConsoleTable
          testId="renewals"
          empty="No renewal yet."
          rows={s.renewals}
          rowKey={(r) => r.cycleDate}
          columns={[
            { label: "Cycle date", cell: (r) => r.cycleDate },
            { label: "Outcome", cell: (r) => r.status.replace(/_/g, " ") },
            { label: "Attempts", cell: (r) => r.attempts },
            {
              label: "Order",
              cell: (r) =>
                r.orderId ? (
                  <Link to={`/admin/orders/${r.orderId}`} className="text-primary underline">
                    {r.orderNumber ?? "Order"}
                  </Link>
                ) : (
                  "—"
                ),
            },
          ]}
        />
      </ConsoleSection>

      <ConsoleSection id="history-heading" title="History">
        <ol className="mt-2 space-y-1 text-sm" data-testid="subscription-history">
          {s.events.map((e) => {
            const op = e.detail.operator as { email?: string; reason?: string; note?: string | null } | undefined;
            const facts = eventFacts(e.detail);
            return (
              <li key={e.id} className="rounded bg-white px-3 py-2">
                <span className="font-semibold">{e.kind.replace(/_/g, " ")}</span> — {e.at} — {ACTOR_LABELS[e.actor] ?? e.actor}
                {op ? ` ${op.email}: ${operatorReasonLabel(op.reason) ?? op.reason}${op.note ? ` (“${op.note}”)` : ""}` : ""}
                {e.customerReason ? ` · customer's reason: ${e.customerReason}` : ""}
                {facts ? <span className="block text-xs text-gray-700">{facts}</span> : null}
              </li>
            );
          })}
        </ol>
      </ConsoleSection>
    </ConsolePage>
  );
}
