import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormAlert } from "../components/form-field";
import { ConsolePage } from "../features/admin/console-frame";
import { ConsoleTable, RowLink } from "../features/admin/console-table";
import { donationsHref, hundredthsText, sourceLabel, valueCategoryLabel, DonationsTabs } from "../features/admin/donations";
import { donationStoreOf } from "../features/admin/donations.server";
import { centsToAmount } from "../../rules/shared/money";
import { requireOperator } from "../features/admin/operator.server";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.donations.segments";

export const meta = () => [{ title: "Segments · Donations · Console" }];

// The store's customer segments in the order the widget tries them (priority, lowest first; the
// first active match wins, SPEC §4), each turned on or off here and edited on its own page.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const { current, storeParam } = await donationStoreOf(context, request);
  const segments = await context.services.consoleDonations.segments(current.id);
  return {
    storeParam,
    storeName: current.name,
    segments: segments.map((s) => ({
      id: s.id,
      name: s.name,
      isActive: s.isActive,
      excludeSegment: s.excludeSegment,
      priorityIndex: s.priorityIndex,
      reads: `${sourceLabel(s.frontEndSource)} ${s.frontEndPropertyName}`,
      match: `${valueCategoryLabel(s.valueCategory)}${s.specifiedValues.length ? `: ${s.specifiedValues.join(", ")}` : ""}`,
      effect: s.excludeSegment
        ? "Hides the widget"
        : s.donationAction === "percentage"
          ? `${hundredthsText(s.donationActionValue)} % of each line`
          : s.donationAction === "flat"
            ? `$${centsToAmount(s.donationActionValue)} per unit`
            : "Store default",
    })),
  };
}

type Answer = { done?: string; message?: string; segmentId?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "donations.manage");
  const form = await request.formData();
  const segmentId = String(form.get("segmentId") ?? "");
  const active = form.get("intent") === "activate";
  const r = await context.services.consoleDonations.setSegmentActive(operator, segmentId, active);
  if (r.ok) return { done: active ? "Segment turned on." : "Segment turned off.", segmentId } satisfies Answer;
  const message = "errors" in r ? (Object.values(r.errors)[0] ?? r.message) : r.message;
  return refused<Answer>({ message, segmentId }, r.code);
}

export default function AdminDonationSegments() {
  const { storeParam, storeName, segments } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  return (
    <ConsolePage title="Donations · Segments">
      <DonationsTabs storeParam={storeParam} />
      <p className="mt-4 text-sm">
        Segments of {storeName}, in the order the widget tries them: the first active one that matches the shopper wins; an exclusion hides the widget.
      </p>
      <p className="mt-2">
        <Link to={donationsHref("/admin/donations/segments/new", storeParam)} className="font-semibold text-primary underline">
          New segment
        </Link>
      </p>
      {answer?.done ? <FormAlert tone="success">{answer.done}</FormAlert> : answer?.message ? <FormAlert>{answer.message}</FormAlert> : null}
      <ConsoleTable
        caption="Customer segments by priority"
        className="mt-4 border-collapse"
        bodyTestId="segments-rows"
        rowClassName="align-top"
        rows={segments}
        columns={[
          { label: "Priority", cell: (s) => s.priorityIndex },
          { label: "Name", cell: (s) => <RowLink to={donationsHref(`/admin/donations/segments/${s.id}`, storeParam)}>{s.name}</RowLink> },
          { label: "Reads", cell: (s) => s.reads },
          { label: "Matches when the value", cell: (s) => s.match },
          { label: "Effect", cell: (s) => s.effect },
          {
            label: "Status",
            cell: (s) => (
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="segmentId" value={s.id} />
                <span>{s.isActive ? "Active" : "Inactive"}</span>
                <button
                  type="submit"
                  name="intent"
                  value={s.isActive ? "deactivate" : "activate"}
                  disabled={busy}
                  className="rounded border border-primary px-2 py-1 text-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
                  aria-label={`${s.isActive ? "Turn off" : "Turn on"} ${s.name}`}
                >
                  {s.isActive ? "Turn off" : "Turn on"}
                </button>
              </Form>
            ),
          },
        ]}
      />
      {segments.length === 0 ? <p className="mt-4">No segment yet.</p> : null}
    </ConsolePage>
  );
}
