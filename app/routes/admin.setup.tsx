import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { formValues } from "../../rules/account/forms";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../rules/account/common-passwords";
import { ROLE_LABELS } from "../../rules/console/operator-roles";
import { FormAlert, SubmitButton, TextField } from "../components/form-field";
import { operatorCookie } from "../features/admin/operator.server";
import { ConsoleFrame, consoleHeaders } from "../features/admin/console-frame";
import { invalid } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.setup";

export const headers = consoleHeaders;
export const meta = () => [{ title: "Set up your console account" }, { name: "robots", content: "noindex, nofollow" }];

// A one-time setup link (logged at the first start, printed by `npm run admin:create`, or given by
// an owner): choose a name and a password; the link is then spent.

const MIN_PASSWORD = 12;

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await context.services.operators.setupLink(token);
  return { valid: Boolean(link), email: link?.email || null, role: link ? ROLE_LABELS[link.role] : null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const values = formValues(await request.formData());
  const errors: Record<string, string> = {};
  // The first owner's link names no e-mail: it is chosen here.
  const link = await context.services.operators.setupLink(token);
  const email = (values.email ?? "").trim().toLowerCase();
  if (link && !link.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = "Enter a valid e-mail";
  const name = (values.name ?? "").trim();
  if (!name) errors.name = "Enter your name";
  else if (name.length > 100) errors.name = "At most 100 characters";
  if ((values.password ?? "").length < MIN_PASSWORD) errors.password = `At least ${MIN_PASSWORD} characters`;
  else if ((values.password ?? "").length > 200) errors.password = "At most 200 characters";
  else if (isCommonPassword(values.password!)) errors.password = COMMON_PASSWORD_MESSAGE;
  else if (values.password !== values.confirmPassword) errors.confirmPassword = "The passwords do not match";
  if (Object.keys(errors).length) return invalid({ errors, name });
  const done = await context.services.operators.completeSetup(token, { name, password: values.password!, email }, context.clientIp);
  if (!done.ok)
    return data({ errors: { [done.field === "email" ? "email" : "form"]: done.message }, name }, { status: done.code === "RATE_LIMITED" ? 429 : 400 });
  throw redirect("/admin/dashboard", { headers: { "Set-Cookie": operatorCookie(request, done.sessionToken) } });
}

export default function AdminSetup() {
  const link = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.errors ?? {};
  return (
    <ConsoleFrame>
      <main id="main" className="mx-auto max-w-sm px-4 py-16">
        <h1 className="text-2xl font-bold text-secondary">Set up your console account</h1>
        {!link.valid ? (
          <FormAlert>This setup link has expired or was already used. Ask an owner for a new one, or run `npm run admin:create`.</FormAlert>
        ) : (
          <>
            <p className="mt-2" data-testid="setup-for">
              {link.email ? `${link.email} · ` : ""}
              {link.role}
            </p>
            {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
            <Form method="post" noValidate data-testid="admin-setup">
              {link.email ? null : <TextField name="email" label="E-mail" type="email" autoComplete="username" errors={errors} />}
              <TextField name="name" label="Your name" autoComplete="name" errors={errors} defaultValue={answer?.name} />
              <TextField
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                errors={errors}
                hint={`At least ${MIN_PASSWORD} characters`}
              />
              <TextField name="confirmPassword" label="Repeat password" type="password" autoComplete="new-password" errors={errors} />
              <SubmitButton>Create my account</SubmitButton>
            </Form>
          </>
        )}
      </main>
    </ConsoleFrame>
  );
}
