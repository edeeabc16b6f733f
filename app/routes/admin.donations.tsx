import { formatUtcDateTime } from "../../rules/shared/dates";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { CAMPAIGN_LABELS, donationsHref, hundredthsText, DonationsTabs } from "../features/admin/donations";
import { Fields, type FieldSpec } from "../features/admin/donation-fields";
import { ChangeHistory } from "../features/admin/change-history";
import { Field, Tick, buttonClass, inputClass } from "../features/admin/donations-parts";
import { donationStoreOf, formObject } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.donations";
import { Options } from "../features/admin/options";

export const meta = () => [{ title: "Donations · Console" }];

// The donation store's configuration (SPEC §3): every setting an operator sets, in one form saved
// by the donations console workflow (validated by field, one audited transaction). The provider's
// API reads the store on every call, so the widget's next request sees the change.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "donations.manage");
  const { stores, current, storeParam } = await donationStoreOf(context, request);
  const store = (await context.services.consoleDonations.store(current.id))!;
  const [audit, names] = await Promise.all([
    context.services.operators.auditEntries({ targetType: "donation_store", targetId: store.id, limit: 20 }),
    context.services.consoleDonations.causeNames([
      ...(store.defaultCauseId ? [store.defaultCauseId] : []),
      ...store.defaultCauseIds,
      ...store.featuredCauseIds,
    ]),
  ]);
  /** "Name (id)" for each id; one that is gone or hidden says so. */
  const named = (ids: readonly string[]) => ids.map((id) => (names.has(id) ? `${names.get(id)} (${id})` : `${id}: not a shown cause`)).join(", ");
  return {
    stores,
    storeParam,
    store: {
      id: store.id,
      name: store.name,
      activeCampaigns: store.activeCampaigns as number[],
      defaultDonationType: String(store.defaultDonationType),
      defaultDonation: hundredthsText(store.defaultDonationHundredths),
      defaultCauseId: store.defaultCauseId ?? "",
      defaultCauseIds: store.defaultCauseIds.join("\n"),
      featuredCauseIds: store.featuredCauseIds.join("\n"),
      isActive: store.isActive,
      letShoppersChoose: store.letShoppersChoose,
      searchEnabled: store.searchEnabled,
      isExperienceActive: store.isExperienceActive,
      address: store.addressInformation ?? { address1: "", city: "", state: "", zip: "", country: "" },
      contact: store.contactInformation ?? { name: "", email: "", phone: "" },
    },
    causeNames: {
      defaultCauseId: store.defaultCauseId ? named([store.defaultCauseId]) : "",
      defaultCauseIds: named(store.defaultCauseIds),
      featuredCauseIds: named(store.featuredCauseIds),
    },
    audit: audit.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, action: e.action, outcome: e.outcome })),
  };
}

type Answer = { done?: string; message?: string; errors?: Record<string, string> };

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "donations.manage");
  const { current } = await donationStoreOf(context, request);
  const form = await request.formData();
  const r = await context.services.consoleDonations.updateStore(operator, current.id, formObject(form, ["activeCampaigns"]));
  if (r.ok) return { done: "Saved. The widget uses the new configuration from its next request." } satisfies Answer;
  return refused<Answer>({ message: r.code === "INVALID" ? "Check the fields marked." : r.message, errors: "errors" in r ? r.errors : {} }, r.code);
}

/** SPEC §3 defaultDonationType. */
const DONATION_TYPE_OPTIONS = [
  { value: "0", label: "Percentage of each line" },
  { value: "1", label: "Flat amount per unit (USD)" },
];

/** The store's causes, by id (their names come with the hints). */
const CAUSE_FIELDS = [
  { name: "defaultCauseId", label: "Default cause", mono: true },
  { name: "defaultCauseIds", label: "Default causes (one per line, at most 10)", rows: 4, mono: true },
  { name: "featuredCauseIds", label: "Featured causes (one per line, at most 20)", rows: 4, mono: true },
] as const satisfies readonly FieldSpec[];

/** The address and contact inputs, in the order the form shows them. */
const CONTACT_FIELDS = [
  { name: "address1", label: "Street", maxLength: 200, className: "md:col-span-3" },
  { name: "city", label: "City", maxLength: 100 },
  { name: "state", label: "State", maxLength: 50 },
  { name: "zip", label: "ZIP code", maxLength: 20 },
  { name: "country", label: "Country (two letters)", maxLength: 2, uppercase: true },
  { name: "contactName", label: "Contact name", maxLength: 100 },
  { name: "contactEmail", label: "Contact e-mail", maxLength: 200, type: "email" },
  { name: "contactPhone", label: "Contact phone", maxLength: 30, type: "tel" },
] as const satisfies readonly FieldSpec[];

const SECTION_CLASS = "rounded border border-gray-300 bg-white p-4";

export default function AdminDonationStore() {
  const { stores, storeParam, store, audit, causeNames } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const errors = answer?.errors ?? {};

  return (
    <ConsolePage title="Donations">
      <DonationsTabs storeParam={storeParam} />
      {stores.length > 1 ? (
        <Form method="get" className="mt-4 flex items-end gap-2">
          <Field label="Store">
            {(a11y) => (
              <select {...a11y} name="store" defaultValue={store.id} className={inputClass}>
                <Options
                  options={stores.map((s) => ({
                    value: s.id,
                    label: (
                      <>
                        {s.name} ({s.id})
                      </>
                    ),
                  }))}
                />
              </select>
            )}
          </Field>
          <button type="submit" className={buttonClass}>
            Open
          </button>
        </Form>
      ) : null}
      <h2 className="mt-4 text-xl font-semibold">Store configuration</h2>
      <p className="text-sm">
        Store id <span className="font-mono">{store.id}</span> (the widget's x-store-id)
      </p>
      {answer?.done ? <FormAlert tone="success">{answer.done}</FormAlert> : answer?.message ? <FormAlert>{answer.message}</FormAlert> : null}

      <Form method="post" action={donationsHref("/admin/donations", storeParam)} className="mt-4 space-y-4" data-testid="donation-store-form" noValidate>
        <ConsoleSection id="store-general" title="General" className={SECTION_CLASS} heading="h3">
          <div className="mt-2 grid gap-4 md:grid-cols-2">
            <Field label="Name" error={errors.name}>
              {(a11y) => <input {...a11y} name="name" defaultValue={store.name} maxLength={100} className={inputClass} />}
            </Field>
          </div>
          <div className="mt-4 grid gap-2 md:grid-cols-2">
            <Tick name="isActive" label="Store active (off: no donations anywhere)" defaultChecked={store.isActive} />
            <Tick name="isExperienceActive" label="Widget shown to shoppers" defaultChecked={store.isExperienceActive} />
            <Tick name="letShoppersChoose" label="Shoppers may choose the cause" defaultChecked={store.letShoppersChoose} />
            <Tick name="searchEnabled" label="Shoppers may search charities" defaultChecked={store.searchEnabled} />
          </div>
        </ConsoleSection>

        <section aria-labelledby="store-campaigns" className={SECTION_CLASS}>
          <fieldset aria-describedby={errors.activeCampaigns || errors["activeCampaigns.0"] ? "campaigns-error" : undefined}>
            <legend id="store-campaigns" className="text-lg font-semibold">
              Active campaigns
            </legend>
            <div className="mt-2 grid gap-2 md:grid-cols-2">
              {CAMPAIGN_LABELS.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="checkbox" name="activeCampaigns" value={value} defaultChecked={store.activeCampaigns.includes(value)} className="h-4 w-4" />
                  {value}. {label}
                </label>
              ))}
            </div>
            {errors.activeCampaigns || errors["activeCampaigns.0"] ? (
              <p id="campaigns-error" className="mt-1 text-sm font-medium text-error">
                {errors.activeCampaigns ?? errors["activeCampaigns.0"]}
              </p>
            ) : null}
          </fieldset>
        </section>

        <ConsoleSection id="store-donation" title="Default donation" className={SECTION_CLASS} heading="h3">
          <div className="mt-2 grid gap-4 md:grid-cols-2">
            <Fields
              fields={[
                { name: "defaultDonationType", label: "Type", options: DONATION_TYPE_OPTIONS },
                {
                  name: "defaultDonation",
                  label: "Amount",
                  inputMode: "decimal",
                  hint: "A percentage (e.g. 5 or 2.5), or dollars per unit (e.g. 0.25), by the type.",
                },
              ]}
              values={store}
              errors={errors}
            />
          </div>
        </ConsoleSection>

        <ConsoleSection id="store-causes" title="Causes" className={SECTION_CLASS} heading="h3">
          <p className="text-sm">Cause ids: a charity's EIN (e.g. 00-1000001) or a portfolio's 32 hex characters; find them under Causes.</p>
          <div className="mt-2 grid gap-4 md:grid-cols-3">
            <Fields
              fields={CAUSE_FIELDS.map((f) => ({
                ...f,
                hint:
                  f.name === "defaultCauseId"
                    ? `Preselected when shoppers may choose; the cause when they may not. Now: ${causeNames.defaultCauseId || "none"}.`
                    : causeNames[f.name] && `Now: ${causeNames[f.name]}.`,
              }))}
              values={store}
              errors={errors}
            />
          </div>
        </ConsoleSection>

        <ConsoleSection id="store-contact" title="Address and contact" className={SECTION_CLASS} heading="h3">
          <p className="text-sm">Leave the whole address empty, or complete it.</p>
          <div className="mt-2 grid gap-4 md:grid-cols-3">
            <Fields
              fields={CONTACT_FIELDS}
              values={{
                ...store.address,
                contactName: store.contact.name,
                contactEmail: store.contact.email,
                contactPhone: store.contact.phone,
              }}
              errors={errors}
            />
          </div>
        </ConsoleSection>

        <ConsoleSection id="store-placement" title="Placement and look" className={SECTION_CLASS} heading="h3">
          <p className="mt-2 text-sm" data-testid="placement-note">
            The widget sits in the shop&apos;s own places (product page, cart) and the order confirmation always shows what the order gave; amounts are in US
            dollars.
          </p>
          <p className="mt-3 text-sm" data-testid="custom-css-note">
            <strong>Custom CSS</strong> is not accepted: it would be served on every shop page that shows the widget, where it could hide or restyle the
            checkout and overlay text of its own. The widget uses the shop's own styles.
          </p>
          {errors.customCSS ? <p className="mt-1 text-sm font-medium text-error">{errors.customCSS}</p> : null}
        </ConsoleSection>

        <button type="submit" disabled={busy} className={buttonClass}>
          Save store configuration
        </button>
      </Form>

      <ChangeHistory id="store-history" entries={audit} testId="donation-store-history" />
    </ConsolePage>
  );
}
