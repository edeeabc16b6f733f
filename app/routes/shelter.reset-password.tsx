import { Form, Link, useActionData, useNavigation } from "react-router";
import { resetPasswordSchema } from "../../rules/account/forms";
import { FormAlert, SubmitButton } from "../components/form-field";
import { Screen } from "../components/screen";
import { resetPasswordAction } from "./shelter.reset-password.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/shelter.reset-password";
import { NewPasswordFields } from "../features/account/new-password-fields";

export const meta = titleMeta("resetPassword");

// The token is in the address: no Referer may carry it to another site.
export const headers = () => ({ "Referrer-Policy": "no-referrer" });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export const action = (args: Route.ActionArgs) => resetPasswordAction(args);

export default function Page({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const form = useZodForm(resetPasswordSchema, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  const tokenError = form.errors.token;
  return (
    <Screen title={usePageTitle("resetPassword")}>
      {!loaderData.token || tokenError ? (
        <FormAlert>
          {tokenError ?? "This page needs the link from your reset email."}{" "}
          <Link to="/shelter/forgot-password" className="font-semibold underline">
            Ask for a new link
          </Link>
        </FormAlert>
      ) : null}
      {loaderData.token ? (
        <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-md" data-testid="reset-form">
          <input type="hidden" name="token" value={loaderData.token} />
          {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
          <NewPasswordFields errors={form.errors} />
          <SubmitButton busy={busy}>Save new password</SubmitButton>
        </Form>
      ) : null}
    </Screen>
  );
}
