import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ListLink } from "../features/admin/console-frame";
import { ACTION_OPTIONS, SOURCE_OPTIONS, VALUE_CATEGORY_OPTIONS, donationsHref, hundredthsText, DonationsTabs } from "../features/admin/donations";
import { Fields, type FieldSpec } from "../features/admin/donation-fields";
import { ChangeHistory } from "../features/admin/change-history";
import { Tick, buttonClass } from "../features/admin/donations-parts";
import { donationStoreOf, formObject } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.donations.segments.$id";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.isNew ? "New segment" : (data?.segment.name ?? "Segment")} · Donations · Console` }];

// One customer segment (SPEC §3, every field), new (`/new`) or existing: what the widget reads
// (window property, data layer or URL parameter), how it compares the value, its priority, and what
// it does — exclude the shopper, or give another percentage or flat amount. Saved through the
// donations console workflow (validated by field; no two active segments share a priority).

const EMPTY = {
  name: "",
  description: "",
  isActive: true,
  excludeSegment: false,
  frontEndSource: "2",
  frontEndPropertyName: "",
  backEndPropertyName: "",
  valueCategory: "eq",
  specifiedValues: "",
  priorityIndex: "",
  donationAction: "none",
  donationActionValue: "",
};

/** The segment's fields, in the groups the form shows them. */
const SEGMENT_FIELDS = {
  about: [
    { name: "name", label: "Name", maxLength: 100 },
    { name: "priorityIndex", label: "Priority", inputMode: "numeric", hint: "0–999; lower is tried first. Two active segments cannot share one." },
    { name: "description", label: "Description", maxLength: 500, className: "md:col-span-2" },
  ],
  reads: [
    { name: "frontEndSource", label: "Source", options: SOURCE_OPTIONS },
    { name: "frontEndPropertyName", label: "Property or parameter name", maxLength: 100, mono: true },
    { name: "backEndPropertyName", label: "Back-end property name (optional)", maxLength: 100, mono: true },
  ],
  matches: [
    { name: "valueCategory", label: "The value", options: VALUE_CATEGORY_OPTIONS },
    { name: "specifiedValues", label: "Values (one per line)", rows: 4, mono: true, hint: "For “equals” and “in the list”; at most 50." },
  ],
  does: [
    { name: "donationAction", label: "Donation action", options: ACTION_OPTIONS },
    {
      name: "donationActionValue",
      label: "Action value",
      inputMode: "decimal",
      hint: "A percentage (e.g. 10) or dollars per unit (e.g. 0.50); empty for None.",
    },
  ],
} as const satisfies Record<string, readonly FieldSpec<keyof typeof EMPTY>[]>;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const { current, storeParam } = await donationStoreOf(context, request);
  if (params.id === "new") return { isNew: true, storeParam, storeName: current.name, segment: EMPTY, audit: [], created: false };
  const s = await context.services.consoleDonations.segment(params.id);
  if (!s || s.storeId !== current.id) throw data({ message: "No such segment." }, { status: 404 });
  const audit = await context.services.operators.auditEntries({ targetType: "donation_segment", targetId: s.id, limit: 20 });
  return {
    isNew: false,
    storeParam,
    storeName: current.name,
    segment: {
      name: s.name,
      description: s.description,
      isActive: s.isActive,
      excludeSegment: s.excludeSegment,
      frontEndSource: String(s.frontEndSource),
      frontEndPropertyName: s.frontEndPropertyName,
      backEndPropertyName: s.backEndPropertyName,
      valueCategory: s.valueCategory === null ? "eq" : String(s.valueCategory),
      specifiedValues: s.specifiedValues.join("\n"),
      priorityIndex: String(s.priorityIndex),
      donationAction: s.donationAction,
      donationActionValue: s.donationAction === "none" ? "" : hundredthsText(s.donationActionValue),
    },
    audit: audit.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
    created: new URL(request.url).searchParams.has("created"),
  };
}

type Answer = { done?: string; message?: string; errors?: Record<string, string> };

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "donations.manage");
  const { current, storeParam } = await donationStoreOf(context, request);
  const raw = formObject(await request.formData());
  const c = context.services.consoleDonations;
  if (params.id === "new") {
    const r = await c.createSegment(operator, current.id, raw);
    if (r.ok) throw redirect(donationsHref(`/admin/donations/segments/${r.segmentId}`, storeParam, { created: 1 }));
    return refused<Answer>({ message: r.code === "INVALID" ? "Check the fields marked." : r.message, errors: "errors" in r ? r.errors : {} }, r.code);
  }
  // A segment of another store is not this page's to change.
  const s = await c.segment(params.id);
  if (!s || s.storeId !== current.id) return data<Answer>({ message: "No such segment." }, { status: 404 });
  const r = await c.updateSegment(operator, params.id, raw);
  if (r.ok) return { done: "Saved." } satisfies Answer;
  return refused<Answer>({ message: r.code === "INVALID" ? "Check the fields marked." : r.message, errors: "errors" in r ? r.errors : {} }, r.code);
}

export default function AdminDonationSegment() {
  const { isNew, storeParam, storeName, segment, audit, created } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const errors = answer?.errors ?? {};
  return (
    <ConsolePage title={isNew ? "New segment" : segment.name}>
      <DonationsTabs storeParam={storeParam} />
      <ListLink to={donationsHref("/admin/donations/segments", storeParam)}>All segments of {storeName}</ListLink>
      {answer?.done || (created && !answer) ? (
        <FormAlert tone="success">{answer?.done ?? "Segment created."}</FormAlert>
      ) : answer?.message ? (
        <FormAlert>{answer.message}</FormAlert>
      ) : null}
      <Form method="post" className="mt-4 space-y-4 rounded border border-gray-300 bg-white p-4" data-testid="segment-form" noValidate>
        <div className="grid gap-4 md:grid-cols-2">
          <Fields fields={SEGMENT_FIELDS.about} values={segment} errors={errors} />
        </div>
        <div className="grid gap-2 md:grid-cols-2">
          <Tick name="isActive" label="Active" defaultChecked={segment.isActive} error={errors.isActive} />
          <Tick
            name="excludeSegment"
            label="Exclusion: hide the widget for these shoppers"
            defaultChecked={segment.excludeSegment}
            error={errors.excludeSegment}
          />
        </div>
        <fieldset className="grid gap-4 md:grid-cols-3">
          <legend className="font-semibold">What the widget reads</legend>
          <Fields fields={SEGMENT_FIELDS.reads} values={segment} errors={errors} />
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="font-semibold">When it matches</legend>
          <Fields fields={SEGMENT_FIELDS.matches} values={segment} errors={errors} />
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="font-semibold">What it does to the donation</legend>
          <Fields fields={SEGMENT_FIELDS.does} values={segment} errors={errors} />
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClass}>
          {isNew ? "Create segment" : "Save segment"}
        </button>
      </Form>
      {!isNew ? <ChangeHistory id="segment-history" entries={audit} /> : null}
    </ConsolePage>
  );
}
