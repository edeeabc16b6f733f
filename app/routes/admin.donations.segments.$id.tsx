import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ListLink } from "../features/admin/console-frame";
import { ACTION_OPTIONS, SOURCE_OPTIONS, VALUE_CATEGORY_OPTIONS, donationsHref, hundredthsText } from "../features/admin/donations";
import { ChangeHistory } from "../features/admin/change-history";
import { DonationsTabs, Field, Tick, buttonClass, inputClass } from "../features/admin/donations-parts";
import { donationStoreOf, formObject } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.donations.segments.$id";
import { Options } from "../features/admin/console-form";

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
          <Field label="Name" error={errors.name}>
            {(a11y) => <input {...a11y} name="name" defaultValue={segment.name} maxLength={100} className={inputClass} />}
          </Field>
          <Field label="Priority" error={errors.priorityIndex} hint="0–999; lower is tried first. Two active segments cannot share one.">
            {(a11y) => <input {...a11y} name="priorityIndex" inputMode="numeric" defaultValue={segment.priorityIndex} className={inputClass} />}
          </Field>
          <Field label="Description" error={errors.description} className="md:col-span-2">
            {(a11y) => <input {...a11y} name="description" defaultValue={segment.description} maxLength={500} className={inputClass} />}
          </Field>
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
          <Field label="Source" error={errors.frontEndSource}>
            {(a11y) => (
              <select {...a11y} name="frontEndSource" defaultValue={segment.frontEndSource} className={inputClass}>
                <Options options={SOURCE_OPTIONS} />
              </select>
            )}
          </Field>
          <Field label="Property or parameter name" error={errors.frontEndPropertyName}>
            {(a11y) => (
              <input {...a11y} name="frontEndPropertyName" defaultValue={segment.frontEndPropertyName} maxLength={100} className={`${inputClass} font-mono`} />
            )}
          </Field>
          <Field label="Back-end property name (optional)" error={errors.backEndPropertyName}>
            {(a11y) => (
              <input {...a11y} name="backEndPropertyName" defaultValue={segment.backEndPropertyName} maxLength={100} className={`${inputClass} font-mono`} />
            )}
          </Field>
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="font-semibold">When it matches</legend>
          <Field label="The value" error={errors.valueCategory}>
            {(a11y) => (
              <select {...a11y} name="valueCategory" defaultValue={segment.valueCategory} className={inputClass}>
                <Options options={VALUE_CATEGORY_OPTIONS} />
              </select>
            )}
          </Field>
          <Field label="Values (one per line)" error={errors.specifiedValues} hint="For “equals” and “in the list”; at most 50.">
            {(a11y) => <textarea {...a11y} name="specifiedValues" defaultValue={segment.specifiedValues} rows={4} className={`${inputClass} font-mono`} />}
          </Field>
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="font-semibold">What it does to the donation</legend>
          <Field label="Donation action" error={errors.donationAction}>
            {(a11y) => (
              <select {...a11y} name="donationAction" defaultValue={segment.donationAction} className={inputClass}>
                <Options options={ACTION_OPTIONS} />
              </select>
            )}
          </Field>
          <Field label="Action value" error={errors.donationActionValue} hint="A percentage (e.g. 10) or dollars per unit (e.g. 0.50); empty for None.">
            {(a11y) => <input {...a11y} name="donationActionValue" inputMode="decimal" defaultValue={segment.donationActionValue} className={inputClass} />}
          </Field>
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClass}>
          {isNew ? "Create segment" : "Save segment"}
        </button>
      </Form>
      {!isNew ? <ChangeHistory id="segment-history" entries={audit} /> : null}
    </ConsolePage>
  );
}
