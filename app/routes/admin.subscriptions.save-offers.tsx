import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { SaveOffer } from "../../rules/autoship/save-offers";
import { cancelReasonLabel } from "../../rules/autoship/subscription-states";
import { may } from "../../rules/console/operator-roles";
import { FormAlert, TextField } from "../components/form-field";
import { refused } from "../features/admin/console-action.server";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { ConsoleTable } from "../features/admin/console-table";
import { requireOperator } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.subscriptions.save-offers";

export const meta = () => [{ title: "Save offers · Subscriptions · Console" }];

// What keeps Autoship customers. The cancellation flow's results: per cancel reason, which offer the
// customers were shown, how many took it and stayed, how many cancelled anyway; the discount offered
// for "It costs too much" (owner and manager set it; every change is audited); the pets customers
// keep, the life-stage swaps proposed and to come, and the deliveries combined into one box.

const PERIODS = [30, 90, 365] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "subscriptions.manage");
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.find((d) => d === asked) ?? 90;
  const { settings, report, retention } = await context.services.consoleSubscriptions.saveOffers(days);
  // The reasons' words are read here: the lifecycle's rules (and their parser) stay out of the page's script.
  const rows = report.map((r) => ({ ...r, reasonLabel: cancelReasonLabel(r.reason) ?? r.reason }));
  return { days, settings, report: rows, retention, canEdit: may(operator.role, "subscriptions.offers") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "subscriptions.manage");
  const form = await request.formData();
  const result = await context.services.consoleSubscriptions.setSaveOffer(operator, {
    percent: form.get("percent"),
    intervalMonths: form.get("intervalMonths"),
  });
  if (!result.ok) return refused({ ok: false as const, errors: "errors" in result ? result.errors : { form: result.message } }, result.code);
  return { ok: true as const, message: result.message };
}

const OFFER_LABELS: Record<SaveOffer["kind"], string> = {
  frequency: "A longer frequency",
  discount: "A one-time discount",
  skip_or_delay: "Skip or delay",
  swap: "Another size, flavour or recipe",
  none: "No offer",
};

export default function SaveOffers() {
  const { days, settings, report, retention, canEdit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer && !answer.ok ? answer.errors : {};
  const offered = report.filter((r) => r.offer !== "none");
  const stayed = offered.reduce((n, r) => n + r.stayed, 0);
  const shown = offered.reduce((n, r) => n + r.stayed + r.left, 0);
  return (
    <ConsolePage title="Subscriptions · Save offers">
      <p className="mt-2">
        <Link to="/admin/subscriptions" className="text-primary underline">
          All subscriptions
        </Link>
      </p>
      <nav aria-label="Period" className="mt-4 flex gap-3">
        {PERIODS.map((d) => (
          <Link key={d} to={`?days=${d}`} aria-current={d === days ? "page" : undefined} className={d === days ? "font-semibold" : "text-primary underline"}>
            Last {d} days
          </Link>
        ))}
      </nav>
      <ConsoleSection id="results" title="What each reason was offered, and who stayed">
        <p className="mt-2" data-testid="save-offer-summary">
          {shown
            ? `${stayed} of ${shown} customers shown an offer stayed (${Math.round((stayed / shown) * 100)}%).`
            : "No customer was shown an offer in this period."}
        </p>
        <ConsoleTable
          caption={`Cancellation reasons and offers, last ${days} days`}
          testId="save-offer-report"
          rowKey={(r) => `${r.reason}:${r.offer}`}
          rows={report}
          empty="Nobody cancelled or took an offer in this period."
          columns={[
            { label: "Reason", rowHeader: true, cell: (r) => r.reasonLabel },
            { label: "Offer", cell: (r) => OFFER_LABELS[r.offer] },
            { label: "Stayed", className: "text-right", cell: (r) => (r.offer === "none" ? "—" : r.stayed) },
            { label: "Cancelled", className: "text-right", cell: (r) => r.left },
          ]}
        />
      </ConsoleSection>
      <ConsoleSection id="pets" title="Pets, life-stage swaps and combined deliveries">
        <dl className="mt-2 grid max-w-xl grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="retention-figures">
          <dt>Pets kept in My Pets (with a birthday)</dt>
          <dd className="text-right">
            {retention.petsKept} ({retention.petsWithBirthday})
          </dd>
          <dt>Active Autoships feeding a kept pet</dt>
          <dd className="text-right">{retention.subscriptionsWithPet}</dd>
          <dt>Life-stage swaps coming in the next 30 days</dt>
          <dd className="text-right">{retention.upcomingSwaps}</dd>
          <dt>Life-stage swaps proposed, last {days} days</dt>
          <dd className="text-right">{retention.swaps.proposed}</dd>
          <dt>… accepted / kept their food / not answered yet</dt>
          <dd className="text-right">
            {retention.swaps.accepted} / {retention.swaps.dismissed} / {retention.swaps.waiting}
          </dd>
          <dt>Deliveries that combined several Autoships into one box, last {days} days</dt>
          <dd className="text-right">{retention.combinedDeliveries}</dd>
        </dl>
      </ConsoleSection>
      <ConsoleSection id="discount" title="The discount offer">
        <p className="mt-2">
          {settings.percent
            ? `Now: ${settings.percent}% off one delivery, offered to a subscription at most every ${settings.intervalMonths} months.`
            : "Now: no discount is offered."}
        </p>
        {answer?.ok ? <FormAlert tone="success">{answer.message}</FormAlert> : errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {canEdit ? (
          <Form method="post" className="mt-3 grid max-w-md gap-3" aria-label="The discount offer">
            <TextField
              name="percent"
              label="Percent off one delivery (0 = no offer)"
              inputMode="numeric"
              defaultValue={String(settings.percent)}
              required
              errors={errors}
            />
            <TextField
              name="intervalMonths"
              label="Offer one subscription at most every … months (12 or more)"
              inputMode="numeric"
              defaultValue={String(settings.intervalMonths)}
              required
              errors={errors}
            />
            <button type="submit" className="justify-self-start rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
              Save
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm">Only an owner or a manager can change it.</p>
        )}
      </ConsoleSection>
    </ConsolePage>
  );
}
