import { Form, useNavigation } from "react-router";
import { CLINIC_SEARCH_TYPES } from "../../../rules/staff/roles";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../components/form-field";
import type { ClinicFinderData, ClinicSummary } from "./clinic-types";

// Find a clinic or school and join it (SPEC §2 staff registration, §7 search-clinic / join-clinic):
// a search form (GET, so results have a URL), a result list with a Join button each, and the
// member's current membership with a Leave button.

const TYPE_LABELS: Record<(typeof CLINIC_SEARCH_TYPES)[number], string> = { name: "Clinic name", city: "City", zip: "ZIP code", groupId: "Group ID" };
const TYPE_OPTIONS = CLINIC_SEARCH_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

function ClinicAddress({ clinic }: { clinic: ClinicSummary }) {
  const a = clinic.address;
  return (
    <address className="not-italic text-sm text-gray-700">
      {a.address1}
      {a.address2 ? `, ${a.address2}` : ""}, {a.city}, {a.provinceCode} {a.zip}
      {a.phone ? <> · {a.phone}</> : null}
    </address>
  );
}

export function CurrentClinic({ current }: { current: NonNullable<ClinicFinderData["current"]> }) {
  const busy = useNavigation().state === "submitting";
  const pending = current.state === "pending";
  return (
    <section aria-labelledby="current-clinic" className="rounded border border-gray-200 p-4" data-testid="current-clinic">
      <h2 id="current-clinic" className="text-lg font-semibold">
        {pending ? "Waiting for approval" : "Your clinic"}
      </h2>
      <p className="mt-1 font-medium">{current.clinic.name}</p>
      <ClinicAddress clinic={current.clinic} />
      <p className="mt-2 text-sm" data-testid="membership-state">
        {pending
          ? `Your request to join is pending. It is approved by ${current.approver}; until then program prices and ordering stay closed.`
          : `Active member${current.clinic.homeDeliveryOnly ? " · this clinic receives no deliveries: orders ship to your home" : ""}.`}
      </p>
      <Form method="post" className="mt-3">
        <SubmitButton name="intent" value="leave" busy={busy}>
          {pending ? "Withdraw request" : "Leave this clinic"}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ClinicFinder({ finder, errors }: { finder: ClinicFinderData; errors?: Record<string, string> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="find-clinic" className="mt-6">
      <h2 id="find-clinic" className="text-lg font-semibold">
        {finder.current ? "Switch to another clinic" : "Find your clinic or school"}
      </h2>
      <Form method="get" className="mt-2 grid max-w-xl gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end" role="search" aria-label="Clinic directory">
        <input type="hidden" name="step" value="clinic" />
        <SelectField name="type" label="Search by" options={TYPE_OPTIONS} defaultValue={finder.query.type} errors={{}} />
        <TextField name="q" label="Search for" defaultValue={finder.query.q} errors={finder.error ? { q: finder.error } : {}} />
        <div className="mt-4">
          <button
            type="submit"
            className="rounded bg-primary px-4 py-2 font-semibold text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Search
          </button>
        </div>
      </Form>
      {errors?.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {finder.results !== null ? (
        <div className="mt-4" aria-live="polite">
          <p className="text-sm text-gray-700" data-testid="clinic-result-count">
            {finder.total === 0
              ? "No clinic or school matches. Try the city or ZIP code."
              : `${finder.total} found${finder.total > finder.results.length ? `, showing the first ${finder.results.length}` : ""}.`}
          </p>
          <ul className="mt-2 divide-y divide-gray-200" data-testid="clinic-results">
            {finder.results.map((c) => (
              <li key={c.groupID} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{c.name}</p>
                  <ClinicAddress clinic={c} />
                  <p className="text-xs text-gray-600">
                    Group {c.groupID}
                    {c.kind === "school" ? " · school" : ""}
                    {c.homeDeliveryOnly ? " · home delivery only" : ""}
                    {c.needsApproval ? " · joining needs the clinic's approval" : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="groupID" value={c.groupID} />
                  <button
                    type="submit"
                    name="intent"
                    value="join"
                    disabled={busy}
                    aria-label={`Join ${c.name}`}
                    className="rounded border border-primary px-3 py-1.5 font-semibold text-primary hover:bg-primary hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
                  >
                    Join
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
