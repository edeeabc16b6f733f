import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ConsoleSection, ListLink } from "../features/admin/console-frame";
import { hundredthsText, DonationsTabs } from "../features/admin/donations";
import { ChangeHistory } from "../features/admin/change-history";
import { Field, Tick, buttonClass, inputClass } from "../features/admin/donations-parts";
import { formObject } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.donations.causes.$id";

export const meta = () => [{ title: "Cause · Donations · Console" }];

// One cause: what shoppers see of it, a portfolio's charities, and the settings an operator sets —
// its multiplier, the default flag and whether shoppers see it (a store's default cause cannot be
// hidden). Saved through the donations console workflow, audited.

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const found = await context.services.consoleDonations.cause(params.id);
  if (!found) throw data({ message: "No such cause." }, { status: 404 });
  const audit = await context.services.operators.auditEntries({ targetType: "donation_cause", targetId: params.id, limit: 20 });
  const c = found.cause;
  return {
    cause: {
      id: c.id,
      kind: c.kind,
      name: c.name,
      website: c.website,
      place: [c.streetAddress, c.city, c.state, c.zip].filter(Boolean).join(", "),
      category: c.categoryName,
      ntee: c.nteeFull,
      logo: c.logoUrl ? "Own logo" : `Category icon ${c.categoryIconId}`,
      multiplier: hundredthsText(c.multiplierHundredths),
      isDefault: c.isDefault,
      active: c.active,
    },
    charities: found.charities,
    defaultOf: found.defaultOf,
    audit: audit.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
  };
}

type Answer = { done?: string; message?: string; errors?: Record<string, string> };

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "donations.manage");
  const r = await context.services.consoleDonations.updateCause(operator, params.id, formObject(await request.formData()));
  if (r.ok) return { done: "Saved." } satisfies Answer;
  return refused<Answer>({ message: r.code === "INVALID" ? "Check the fields marked." : r.message, errors: "errors" in r ? r.errors : {} }, r.code);
}

export default function AdminDonationCause() {
  const { cause, charities, defaultOf, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const errors = answer?.errors ?? {};
  return (
    <ConsolePage title={cause.name}>
      <DonationsTabs storeParam={null} />
      <ListLink to="/admin/donations/causes">All causes</ListLink>
      <div className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <ConsoleSection id="cause-about" title="About" className="rounded border border-gray-300 bg-white p-4">
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">Id</dt>
            <dd className="font-mono">{cause.id}</dd>
            <dt className="font-semibold">Kind</dt>
            <dd>{cause.kind === "portfolio" ? "Portfolio" : "Charity"}</dd>
            <dt className="font-semibold">Category</dt>
            <dd>
              {cause.category}
              {cause.ntee ? ` (NTEE ${cause.ntee})` : ""}
            </dd>
            <dt className="font-semibold">Place</dt>
            <dd>{cause.place || "—"}</dd>
            <dt className="font-semibold">Website</dt>
            <dd>{cause.website || "—"}</dd>
            <dt className="font-semibold">Logo</dt>
            <dd>{cause.logo}</dd>
            <dt className="font-semibold">Default of</dt>
            <dd>{defaultOf.length ? defaultOf.map((s) => s.name).join(", ") : "No store"}</dd>
          </dl>
          {charities.length ? (
            <>
              <h3 className="mt-4 font-semibold">Charities in this portfolio</h3>
              <ol className="mt-1 list-decimal pl-6 text-sm">
                {charities.map((ch) => (
                  <li key={ch.id}>
                    <Link to={`/admin/donations/causes/${encodeURIComponent(ch.id)}`} className="text-primary underline">
                      {ch.name}
                    </Link>
                    {ch.active ? null : " (hidden)"}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </ConsoleSection>
        <ConsoleSection id="cause-settings" title="Settings" className="rounded border border-gray-300 bg-white p-4">
          {answer?.done ? <FormAlert tone="success">{answer.done}</FormAlert> : answer?.message ? <FormAlert>{answer.message}</FormAlert> : null}
          <Form method="post" className="mt-2 space-y-3" data-testid="cause-form" noValidate>
            <Field label="Multiplier" error={errors.multiplier} hint="×0.01 to ×10: the donation to this cause is multiplied by it.">
              {(a11y) => <input {...a11y} name="multiplier" inputMode="decimal" defaultValue={cause.multiplier} className={inputClass} />}
            </Field>
            <Tick name="isDefault" label="Default cause" defaultChecked={cause.isDefault} error={errors.isDefault} />
            <Tick name="active" label="Shown to shoppers (search, pickers, donations)" defaultChecked={cause.active} error={errors.active} />
            <button type="submit" disabled={busy} className={buttonClass}>
              Save cause
            </button>
          </Form>
        </ConsoleSection>
      </div>
      <ChangeHistory id="cause-history" entries={audit} />
    </ConsolePage>
  );
}
