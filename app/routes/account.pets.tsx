import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { formValues } from "../../rules/account/forms";
import {
  BREED_SIZE_LABELS,
  BREED_SIZES,
  lifeStage,
  lifeStageLabel,
  petProfileSchema,
  SENSITIVITIES,
  SPECIES,
  SPECIES_LABELS,
} from "../../rules/pets/profile-and-life-stage";
import { formatUtcDay } from "../../rules/shared/dates";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { FieldMessage, FormAlert, SelectField, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { requireCustomer } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.pets";

export const meta = titleMeta("pets");

// My Pets: add, edit (?edit={id}), delete. Plain forms with intents, so it all works before
// JavaScript; every write is scoped to the signed-in customer's own pets (server/modules/pets).

const SPECIES_OPTIONS = SPECIES.map((s) => ({ value: s, label: SPECIES_LABELS[s] }));
const SIZE_OPTIONS = BREED_SIZES.map((s) => ({ value: s, label: BREED_SIZE_LABELS[s] }));

export async function loader({ context, request }: Route.LoaderArgs) {
  // Signed out: the account layout shows its sign-in gate in place of the page (routes/account.tsx).
  if (!context.customer) return { signedIn: false, pets: [], editing: null, adding: false, notice: null };
  const url = new URL(request.url);
  const pets = await context.services.pets.list(context.customer.id);
  const editId = url.searchParams.get("edit");
  const editing = editId ? (pets.find((p) => p.id === editId) ?? null) : null;
  if (editId && !editing) throw data("Pet not found", { status: 404 });
  const today = new Date();
  return {
    signedIn: true,
    pets: pets.map((p) => {
      const stage = lifeStage(p, today);
      // The next stage's day formatted here, not in the page: the page then loads no date formatter.
      return { ...p, stage: stage && { ...stage, next: stage.next && { ...stage.next, on: formatUtcDay(stage.next.on) } } };
    }),
    editing,
    adding: url.searchParams.get("new") === "1",
    notice: url.searchParams.get("saved"),
  };
}

type Answer = { ok: false; errors: Record<string, string>; values: Record<string, string>; sensitivities: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = requireCustomer(context, request);
  const service = context.services.pets;
  const form = await request.formData();
  const values = formValues(form);
  const sensitivities = form.getAll("sensitivities").filter((v): v is string => typeof v === "string");
  const id = values.id ?? "";
  const notFound = () => {
    throw data("Pet not found", { status: 404 });
  };
  const invalid = (errors: Record<string, string>) => data<Answer>({ ok: false, errors, values, sensitivities }, { status: 400 });
  switch (values.intent) {
    case "delete":
      if (!(await service.remove(customer.id, id))) notFound();
      return redirect("/account/pets?saved=deleted");
    case "create":
    case "update": {
      const parsed = petProfileSchema(new Date()).safeParse({ ...values, sensitivities });
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      if (values.intent === "create") {
        const added = await service.add(customer.id, parsed.data);
        if (!added.ok) return invalid({ form: added.message });
        return redirect("/account/pets?saved=added");
      }
      if (!(await service.update(customer.id, id, parsed.data))) notFound();
      return redirect("/account/pets?saved=updated");
    }
    default:
      return invalid({ form: "Unknown action." });
  }
}

const NOTICES: Record<string, string> = {
  added: "Your pet was added.",
  updated: "Your pet's profile was saved.",
  deleted: "The pet was removed.",
};

type Editing = Route.ComponentProps["loaderData"]["editing"];

function PetForm({ editing, answer }: { editing: Editing; answer: Answer | undefined }) {
  const busy = useNavigation().state === "submitting";
  const errors = answer?.errors ?? {};
  const v: Record<string, string | undefined> = answer?.values ?? {
    name: editing?.name,
    species: editing?.species,
    breedSize: editing?.breedSize ?? undefined,
    birthday: editing?.birthday ?? undefined,
    weightLb: editing?.weightLb == null ? undefined : String(editing.weightLb),
  };
  const checked = new Set<string>(answer?.sensitivities ?? editing?.sensitivities ?? []);
  return (
    <Form method="post" noValidate className="max-w-lg" data-testid="pet-form">
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <TextField name="name" label="Name" required maxLength={40} errors={errors} defaultValue={v.name} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField name="species" label="Species" required placeholder="Choose" options={SPECIES_OPTIONS} errors={errors} defaultValue={v.species} />
        <SelectField
          name="breedSize"
          label="Breed size (dogs)"
          placeholder="Choose a size"
          options={SIZE_OPTIONS}
          errors={errors}
          defaultValue={v.breedSize}
          hint="It decides when a puppy is grown."
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField name="birthday" label="Birthday (optional)" type="date" errors={errors} defaultValue={v.birthday} />
        <TextField name="weightLb" label="Weight in lb (optional)" inputMode="decimal" errors={errors} defaultValue={v.weightLb} />
      </div>
      <fieldset className="mt-4" aria-describedby={errors.sensitivities ? "sensitivities-error" : undefined}>
        <legend className="font-medium">Food sensitivities (optional)</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {SENSITIVITIES.map((s) => (
            <label key={s} className="flex min-h-6 items-center gap-2 capitalize">
              <input type="checkbox" name="sensitivities" value={s} defaultChecked={checked.has(s)} className="h-5 w-5" />
              {s}
            </label>
          ))}
        </div>
        <FieldMessage id="sensitivities" error={errors.sensitivities ?? errors["sensitivities.0"]} />
      </fieldset>
      <div className="flex items-center gap-4">
        <SubmitButton busy={busy}>{editing ? "Save pet" : "Add pet"}</SubmitButton>
        <Link to="/account/pets" className="mt-6 text-primary underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("pets");
  const answer = useActionData<typeof action>() as Answer | undefined;
  const { signedIn, pets, editing, adding, notice } = loaderData;
  if (!signedIn) return null;
  const showForm = Boolean(editing) || adding || Boolean(answer);
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <p className="mt-4 max-w-2xl">
        Tell us about the pets you feed: we use it to suggest portions and to let you know when it is time for the next life-stage formula.
      </p>
      {notice && NOTICES[notice] ? <FormAlert tone="success">{NOTICES[notice]}</FormAlert> : null}
      {showForm ? (
        <section aria-labelledby="pet-form-heading" className="mt-6">
          <h2 id="pet-form-heading" className="text-xl font-bold text-secondary">
            {editing ? `Edit ${editing.name}` : "Add a pet"}
          </h2>
          <PetForm key={editing?.id ?? "new"} editing={editing} answer={answer} />
        </section>
      ) : (
        <p className="mt-6">
          <Link to="?new=1" className="inline-block rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary">
            Add a pet
          </Link>
        </p>
      )}
      <h2 className="mt-8 text-xl font-bold text-secondary">Your pets</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="pet-list">
        {pets.length === 0 ? <li>No pets added yet.</li> : null}
        {pets.map((p) => (
          <li key={p.id} className="rounded border border-gray-200 p-4" data-testid="pet-card">
            <h3 className="text-lg font-bold">{p.name}</h3>
            <p>
              {SPECIES_LABELS[p.species]}
              {p.breedSize ? `, ${p.breedSize} breed` : ""}
              {p.weightLb ? `, ${p.weightLb} lb` : ""}
            </p>
            {p.stage ? (
              <p data-testid="pet-stage">
                {lifeStageLabel(p.species, p.stage.stage)}
                {p.stage.next ? ` — ${lifeStageLabel(p.species, p.stage.next.stage).toLowerCase()} from ${p.stage.next.on}` : ""}
              </p>
            ) : null}
            {p.sensitivities.length ? <p className="text-sm">Sensitive to: {p.sensitivities.join(", ")}</p> : null}
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <Link to={`?edit=${p.id}`} className="text-primary underline" aria-label={`Edit ${p.name}`}>
                Edit
              </Link>
              <Form method="post">
                <input type="hidden" name="id" value={p.id} />
                <button type="submit" name="intent" value="delete" className="min-h-6 text-error underline" aria-label={`Remove ${p.name}`}>
                  Remove
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
