import { data, redirect, useActionData } from "react-router";
import { formValues } from "../../rules/account/forms";
import { FormAlert, TextField } from "../components/form-field";
import { consoleNext, currentOperator, operatorCookie } from "../features/admin/operator.server";
import { consoleHeaders } from "../features/admin/console-frame";
import { ConsoleSignInPage } from "../features/admin/console-sign-in";
import { invalid } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.login";

export const headers = consoleHeaders;
export const meta = () => [{ title: "Sign in · Console" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (await currentOperator(context, request)) throw redirect(consoleNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const errors: Record<string, string> = {};
  if (!values.email?.trim()) errors.email = "Enter your e-mail";
  if (!values.password) errors.password = "Enter your password";
  if (Object.keys(errors).length) return invalid({ errors, email: values.email ?? "" });
  const signed = await context.services.operators.signIn(values.email!, values.password!, context.clientIp);
  if (!signed.ok) return data({ errors: { form: signed.message }, email: values.email ?? "" }, { status: signed.code === "RATE_LIMITED" ? 429 : 401 });
  const next = consoleNext(new URL(request.url).searchParams.get("next"));
  // With a second factor the session opens nothing yet: the code page comes first.
  const to = signed.secondFactor ? `/admin/login/code?next=${encodeURIComponent(next)}` : next;
  throw redirect(to, { headers: { "Set-Cookie": operatorCookie(request, signed.sessionToken) } });
}

export default function AdminLogin() {
  const answer = useActionData<typeof action>();
  const errors = answer?.errors ?? {};
  return (
    <ConsoleSignInPage
      title="Console sign-in"
      path="/admin/login"
      testId="admin-login"
      notice={errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      submit="Sign in"
    >
      <TextField name="email" label="E-mail" type="email" autoComplete="username" errors={errors} defaultValue={answer?.email} />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" errors={errors} />
    </ConsoleSignInPage>
  );
}
