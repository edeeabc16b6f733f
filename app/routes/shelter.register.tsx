import { Form, Link, useActionData, useNavigation } from "react-router";
import { formValues, registerSchema } from "../../rules/account-forms";
import { Checkbox, FormAlert, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { completeSignIn, invalid, refererPath, sendSignedInBack } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/shelter.register";
import { fieldErrors } from "../../rules/zod-errors";

export const meta = titleMeta("register");

export function loader({ request, context }: Route.LoaderArgs) {
  sendSignedInBack(context, request);
  return { redirectParam: new URL(request.url).searchParams.get("redirect"), previous: refererPath(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const keep = { firstName: values.firstName ?? "", lastName: values.lastName ?? "", email: values.email ?? "" };
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error), keep);
  const result = await context.services.identity.register(parsed.data, context.site.id, context.clientIp);
  if (!result.ok) return invalid({ [result.field ?? "form"]: result.message }, keep, result.code === "RATE_LIMITED" ? 429 : 409);
  return completeSignIn(context, request, result, { previous: values.previous, redirect: values.redirect });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const form = useZodForm(registerSchema, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  const v = actionData?.values ?? {};
  return (
    <Screen title={usePageTitle("register")}>
      <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-md" data-testid="register-form">
        {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
        {loaderData.redirectParam ? <input type="hidden" name="redirect" value={loaderData.redirectParam} /> : null}
        {loaderData.previous ? <input type="hidden" name="previous" value={loaderData.previous} /> : null}
        <TextField name="firstName" label="First name" autoComplete="given-name" required errors={form.errors} defaultValue={v.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" required errors={form.errors} defaultValue={v.lastName} />
        <TextField name="email" label="Email" type="email" autoComplete="email" required errors={form.errors} defaultValue={v.email} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          errors={form.errors}
          hint="At least 8 characters, with a letter and a number."
        />
        <TextField name="confirmPassword" label="Repeat password" type="password" autoComplete="new-password" required errors={form.errors} />
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
