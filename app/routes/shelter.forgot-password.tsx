import { Form, Link, useActionData, useNavigation } from "react-router";
import { forgotPasswordSchema } from "../../rules/account/forms";
import { FormAlert, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { sendSignedInBack } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import { forgotPasswordAction } from "./shelter.forgot-password.server";
import type { Route } from "./+types/shelter.forgot-password";

export const meta = titleMeta("forgotPassword");

export function loader({ request, context }: Route.LoaderArgs) {
  sendSignedInBack(context, request);
  return null;
}

export const action = (args: Route.ActionArgs) => forgotPasswordAction(args);

export default function Page() {
  const actionData = useActionData<typeof action>();
  const form = useZodForm(forgotPasswordSchema, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  return (
    <Screen title={usePageTitle("forgotPassword")}>
      {actionData?.ok ? (
        <FormAlert tone="success">
          If an account exists for {actionData.values.email}, we sent it an email with a link to reset the password. The link works once and for one hour.
        </FormAlert>
      ) : (
        <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-md" data-testid="forgot-form">
          <p className="mt-4">Enter the email address of your account and we will send you a link to choose a new password.</p>
          {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
          <TextField name="email" label="Email" type="email" autoComplete="email" required errors={form.errors} defaultValue={actionData?.values.email} />
          <SubmitButton busy={busy}>Send reset link</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/shelter/login" className="text-primary underline">
          Back to log in
        </Link>
      </p>
    </Screen>
  );
}
