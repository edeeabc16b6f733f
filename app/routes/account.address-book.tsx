import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { addressSchema, formValues } from "../../rules/account/forms";
import { US_STATES } from "../../rules/shared/us-states";
import { FormAlert, SelectField, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { AddressLines } from "../components/address-lines";
import { AccountNav } from "../features/account/account-nav";
import { useAccountPagesSettings } from "../features/account/account-pages-settings";
import { RichText } from "../features/content/content-parts";
import { requireCustomer } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/account.address-book";
import { fieldErrors } from "../../rules/shared/zod-errors";

export const meta = titleMeta("addressBook");

// The address book: add, edit (?edit={id}), delete, set default. Plain forms with intents, so it all
// works before JavaScript; every write is scoped to the signed-in customer's own addresses.

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) return { customer: null, editing: null, adding: false, notice: null };
  const url = new URL(request.url);
  const customer = await context.services.identity.customer(context.customer.id);
  const editId = url.searchParams.get("edit");
  const editing = customer?.addresses.find((a) => a.id === editId) ?? null;
  if (editId && !editing) throw data("Address not found", { status: 404 });
  return { customer, editing, adding: url.searchParams.get("new") === "1", notice: url.searchParams.get("saved") };
}

type Answer = { ok: false; errors: Record<string, string>; values: Record<string, string>; id: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = requireCustomer(context, request);
  const identity = context.services.identity;
  const values = formValues(await request.formData());
  const id = values.id ?? "";
  const notFound = () => {
    throw data("Address not found", { status: 404 });
  };
  switch (values.intent) {
    case "delete":
      if (!(await identity.deleteAddress(customer.id, id))) notFound();
      return redirect("/account/address-book?saved=deleted");
    case "default":
      if (!(await identity.setDefaultAddress(customer.id, id))) notFound();
      return redirect("/account/address-book?saved=default");
    case "create":
    case "update": {
      const parsed = addressSchema.safeParse(values);
      if (!parsed.success) return data<Answer>({ ok: false, errors: fieldErrors(parsed.error), values, id: id || null }, { status: 400 });
      if (values.intent === "create") {
        const added = await identity.addAddress(customer.id, parsed.data, values.makeDefault === "on");
        if (added && !added.ok) return data<Answer>({ ok: false, errors: { form: added.message }, values, id: null }, { status: 400 });
        return redirect("/account/address-book?saved=added");
      }
      if (!(await identity.updateAddress(customer.id, id, parsed.data))) notFound();
      if (values.makeDefault === "on") await identity.setDefaultAddress(customer.id, id);
      return redirect("/account/address-book?saved=updated");
    }
    default:
      return data<Answer>({ ok: false, errors: { form: "Unknown action." }, values, id: null }, { status: 400 });
  }
}

const NOTICES: Record<string, string> = {
  added: "The address was added.",
  updated: "The address was saved.",
  deleted: "The address was deleted.",
  default: "Your default address was changed.",
};

function AddressForm({ editing, answer }: { editing: Route.ComponentProps["loaderData"]["editing"]; answer: Answer | undefined }) {
  const form = useZodForm(addressSchema, answer?.errors);
  const busy = useNavigation().state === "submitting";
  const v = answer?.values ?? (editing as Record<string, string> | null) ?? {};
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-lg" data-testid="address-form">
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField name="firstName" label="First name" autoComplete="given-name" errors={form.errors} defaultValue={v.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" errors={form.errors} defaultValue={v.lastName} />
      </div>
      <TextField name="address1" label="Street address" autoComplete="address-line1" required errors={form.errors} defaultValue={v.address1} />
      <TextField name="address2" label="Apartment, suite (optional)" autoComplete="address-line2" errors={form.errors} defaultValue={v.address2} />
      <TextField name="city" label="City" autoComplete="address-level2" required errors={form.errors} defaultValue={v.city} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          name="provinceCode"
          label="State"
          required
          placeholder="Choose a state"
          options={STATE_OPTIONS}
          errors={form.errors}
          defaultValue={v.provinceCode}
        />
        <TextField
          name="zip"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          required
          errors={form.errors}
          defaultValue={v.zip}
        />
      </div>
      <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" errors={form.errors} defaultValue={v.phone} />
      <div className="mt-4 flex items-center gap-2">
        <input id="makeDefault" name="makeDefault" type="checkbox" className="h-4 w-4" defaultChecked={Boolean(editing?.isDefault)} />
        <label htmlFor="makeDefault">Use as my default address</label>
      </div>
      <div className="flex items-center gap-4">
        <SubmitButton busy={busy}>{editing ? "Save address" : "Add address"}</SubmitButton>
        <Link to="/account/address-book" className="mt-6 text-primary underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("addressBook");
  const answer = useActionData<typeof action>() as Answer | undefined;
  const settings = useAccountPagesSettings();
  const { customer, editing, adding, notice } = loaderData;
  if (!customer) return null;
  const showForm = Boolean(editing) || adding || Boolean(answer);
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      {settings.addressBookHtml ? (
        <div data-testid="address-book-intro">
          <RichText html={settings.addressBookHtml} className="mt-4" />
        </div>
      ) : null}
      {notice && NOTICES[notice] ? <FormAlert tone="success">{NOTICES[notice]}</FormAlert> : null}
      {showForm ? (
        <section aria-labelledby="address-form-heading" className="mt-6">
          <h2 id="address-form-heading" className="text-xl font-bold text-secondary">
            {editing ? "Edit address" : "Add a new address"}
          </h2>
          <AddressForm key={editing?.id ?? "new"} editing={editing} answer={answer} />
        </section>
      ) : (
        <p className="mt-6">
          <Link to="?new=1" className="rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
            Add a new address
          </Link>
        </p>
      )}
      <ul className="mt-8 grid gap-4 md:grid-cols-2" data-testid="address-list">
        {customer.addresses.length === 0 ? <li>No addresses saved yet.</li> : null}
        {customer.addresses.map((a) => (
          <li key={a.id} className="rounded border border-gray-200 p-4" data-testid="address-card">
            {a.isDefault ? <p className="mb-2 text-sm font-bold text-success-dark">Default address</p> : null}
            <AddressLines address={a} />
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <Link to={`?edit=${a.id}`} className="text-primary underline" aria-label={`Edit ${a.address1}`}>
                Edit
              </Link>
              {a.isDefault ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" name="intent" value="default" className="text-primary underline">
                    Set as default
                  </button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" name="intent" value="delete" className="text-error underline" aria-label={`Delete ${a.address1}`}>
                  Delete
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
