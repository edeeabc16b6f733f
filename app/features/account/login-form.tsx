import { Form, Link, useNavigation } from "react-router";
import { loginSchema } from "../../../rules/account/forms";
import { FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { useZodForm } from "../../lib/use-zod-form";

export type LoginActionData = { ok: false; errors: Record<string, string>; values: Record<string, string> } | undefined;

/** The sign-in form of /shelter/login and /shelter/autoship-required-login; posts to /shelter/login. */
export function LoginForm({
  actionData,
  redirectParam,
  previous,
  notice,
}: {
  actionData: LoginActionData;
  redirectParam: string | null;
  previous: string | null;
  notice?: string | null;
}) {
  const form = useZodForm(loginSchema, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      action="/shelter/login"
      noValidate
      onSubmit={form.onSubmit}
      onBlur={form.onBlur}
      onChange={form.onChange}
      className="max-w-md"
      data-testid="login-form"
    >
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
      {redirectParam ? <input type="hidden" name="redirect" value={redirectParam} /> : null}
      {previous ? <input type="hidden" name="previous" value={previous} /> : null}
      <TextField name="email" label="Email" type="email" autoComplete="email" required errors={form.errors} defaultValue={actionData?.values.email} />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required errors={form.errors} />
      <SubmitButton busy={busy}>Log In</SubmitButton>
      <p className="mt-4 text-sm">
        <Link to="/shelter/forgot-password" className="text-primary underline">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-2 text-sm">
        New here?{" "}
        <Link to="/shelter/register" className="text-primary underline">
          Create an account
        </Link>
      </p>
    </Form>
  );
}
