import { useState } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { formValues, registerSchema } from "../../rules/account/forms";
import { CLINIC_STEP_PATH, STAFF_ROLES, staffRegisterSchema } from "../../rules/staff/roles";
import { Checkbox, FormAlert, SelectField, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { completeSignIn, invalid, refererPath, sendSignedInBack } from "../features/account/session.server";
import { optInAtRegistration } from "../features/marketing/marketing.server";
import { ClinicFinder, CurrentClinic } from "../features/staff/clinic-finder";
import { clinicFinderAction, loadClinicFinder } from "../features/staff/clinic-finder.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { usePublicConfig } from "../lib/use-public-config";
import { useHydrated } from "../lib/use-hydrated";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/shelter.register";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { NewPasswordFields } from "../features/account/new-password-fields";

export const meta = titleMeta("register");

// Registration (SPEC §2, §3). On the staff site it has two steps: the account (with role, school
// and the program's terms), then the clinic step — find the clinic or school and join it. A
// signed-in staff member who is not registered yet always lands on the clinic step (the gate sends
// them here); a registered one is sent back like any signed-in visitor.

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r.code, label: r.label }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.site.isStaff && context.customer && !context.staff?.registered) {
    return { step: "clinic" as const, finder: await loadClinicFinder(context, url), redirectParam: null, previous: null };
  }
  sendSignedInBack(context, request);
  return { step: "account" as const, finder: null, redirectParam: url.searchParams.get("redirect"), previous: refererPath(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  if (values.intent === "join" || values.intent === "leave") {
    if (!context.site.isStaff || !context.customer) throw redirect("/shelter/login");
    return clinicFinderAction(context, values, { joined: "/products", pending: CLINIC_STEP_PATH, left: CLINIC_STEP_PATH });
  }
  const keep = {
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    email: values.email ?? "",
    roleCode: values.roleCode ?? "",
    graduationYear: values.graduationYear ?? "",
    currentSchoolName: values.currentSchoolName ?? "",
  };
  const parsed = (context.site.isStaff ? staffRegisterSchema : registerSchema).safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error), keep);
  const result = await context.services.identity.register(parsed.data, context.site.id, context.clientIp);
  if (!result.ok) return invalid({ [result.field ?? "form"]: result.message }, keep, result.code === "RATE_LIMITED" ? 429 : 409);
  // The marketing box: a confirmation request like the footer's (double opt-in), never in the way of the account.
  if (parsed.data.acceptsMarketing) await optInAtRegistration(context, request, { customerId: result.customerId, email: parsed.data.email });
  // A new staff member is not registered for the program until they join a clinic: completeSignIn sends them to the clinic step.
  return completeSignIn(context, request, result, { previous: values.previous, redirect: values.redirect });
}

export default function Page() {
  const loaderData = useLoaderData<typeof loader>();
  const title = usePageTitle(loaderData.step === "clinic" ? "clinicStep" : "register");
  if (loaderData.step === "clinic") return <ClinicStep title={title} finder={loaderData.finder} />;
  return <AccountStep title={title} redirectParam={loaderData.redirectParam} previous={loaderData.previous} />;
}

function ClinicStep({ title, finder }: { title: string; finder: NonNullable<Route.ComponentProps["loaderData"]["finder"]> }) {
  const actionData = useActionData<typeof action>();
  const errors = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>) : undefined;
  return (
    <Screen title={title}>
      <p className="max-w-2xl">
        Program prices are for staff of a clinic or school in the program. Find yours and join it; some clinics approve each new member first.
      </p>
      {finder.current ? (
        <div className="mt-4 max-w-2xl">
          <CurrentClinic current={finder.current} />
        </div>
      ) : null}
      <ClinicFinder finder={finder} errors={errors} />
    </Screen>
  );
}

function AccountStep({ title, redirectParam, previous }: { title: string; redirectParam: string | null; previous: string | null }) {
  const { site } = usePublicConfig();
  const actionData = useActionData<typeof action>();
  const serverErrors = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>) : undefined;
  const form = useZodForm(site.isStaff ? staffRegisterSchema : registerSchema, serverErrors);
  const busy = useNavigation().state === "submitting";
  const v = (actionData && "values" in actionData ? actionData.values : {}) as Record<string, string>;
  return (
    <Screen title={title}>
      <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-md" data-testid="register-form">
        {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
        {redirectParam ? <input type="hidden" name="redirect" value={redirectParam} /> : null}
        {previous ? <input type="hidden" name="previous" value={previous} /> : null}
        <TextField name="firstName" label="First name" autoComplete="given-name" required errors={form.errors} defaultValue={v.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" required errors={form.errors} defaultValue={v.lastName} />
        <TextField name="email" label="Email" type="email" autoComplete="email" required errors={form.errors} defaultValue={v.email} />
        <NewPasswordFields errors={form.errors} label="Password" repeatLabel="Repeat password" />
        {site.isStaff ? <StaffFields errors={form.errors} values={v} /> : null}
        <Checkbox name="acceptsMarketing" label="Send me offers and news by email" />
        <SubmitButton busy={busy}>Create Account</SubmitButton>
        <p className="mt-4 text-sm">
          Already have an account?{" "}
          <Link to="/shelter/login" className="text-primary underline">
            Log in
          </Link>
        </p>
      </Form>
    </Screen>
  );
}

/** Role, and for students their graduation year and school (hidden for other roles once the page runs). */
function StaffFields({ errors, values }: { errors: Record<string, string>; values: Record<string, string> }) {
  const [role, setRole] = useState(values.roleCode ?? "");
  const hydrated = useHydrated();
  const showStudent = !hydrated || role === "STUDENT";
  return (
    <div
      onChange={(e) => {
        const target = e.target as unknown as HTMLSelectElement;
        if (target.name === "roleCode") setRole(target.value);
      }}
    >
      <SelectField
        name="roleCode"
        label="Your role"
        options={ROLE_OPTIONS}
        placeholder="Choose your role"
        required
        errors={errors}
        defaultValue={values.roleCode}
      />
      {showStudent ? (
        <>
          <TextField
            name="graduationYear"
            label="Graduation year"
            inputMode="numeric"
            errors={errors}
            defaultValue={values.graduationYear}
            hint="Students only."
          />
          <TextField name="currentSchoolName" label="School" errors={errors} defaultValue={values.currentSchoolName} hint="Students only." />
        </>
      ) : null}
      <Checkbox name="acceptsProgramTerms" label="I accept the Pro Staff Feeding program terms (for my own pets, not for resale)" />
      {errors.acceptsProgramTerms ? (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {errors.acceptsProgramTerms}
        </p>
      ) : null}
    </div>
  );
}
