import { data, redirect, useActionData } from "react-router";
import { FormAlert, TextField } from "../components/form-field";
import { consoleHeaders } from "../features/admin/console-frame";
import { ConsoleSignInPage } from "../features/admin/console-sign-in";
import { clearOperatorCookie, consoleNext, operatorToken } from "../features/admin/operator.server";
import { invalid } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.login.code";

export const headers = consoleHeaders;
export const meta = () => [{ title: "Sign-in code · Console" }, { name: "robots", content: "noindex, nofollow" }];

// Sign-in, step two, for an operator with a second factor: the 6-digit code from the authenticator
// app. Without a pending sign-in (none, or more than 5 minutes old) → back to the password.

async function pending(context: Route.LoaderArgs["context"], request: Request) {
  const token = operatorToken(request);
  const operator = token ? await context.services.operators.pendingSecondFactor(token) : null;
  if (!token || !operator) throw redirect("/admin/login", { headers: { "Set-Cookie": clearOperatorCookie(request) } });
  return token;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await pending(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const token = await pending(context, request);
  const code = String((await request.formData()).get("code") ?? "").trim();
  if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return invalid({ errors: { code: "Enter the 6-digit code from your authenticator app" } });
  const done = await context.services.operators.completeSecondFactor(token, code, context.clientIp);
  if (!done.ok) {
    if (done.code === "EXPIRED") throw redirect("/admin/login", { headers: { "Set-Cookie": clearOperatorCookie(request) } });
    return data({ errors: { code: done.message } }, { status: done.code === "RATE_LIMITED" ? 429 : 401 });
  }
  throw redirect(consoleNext(new URL(request.url).searchParams.get("next")));
}

export default function AdminLoginCode() {
  const errors = useActionData<typeof action>()?.errors ?? {};
  return (
    <ConsoleSignInPage
      title="Enter your sign-in code"
      path="/admin/login/code"
      testId="admin-login-code"
      notice={<FormAlert tone="info">Open your authenticator app and enter the 6-digit code it shows for this console.</FormAlert>}
      submit="Continue"
    >
      <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} errors={errors} />
    </ConsoleSignInPage>
  );
}
