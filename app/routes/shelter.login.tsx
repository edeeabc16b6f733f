import { useActionData } from "react-router";
import { formValues, loginSchema } from "../../rules/account/forms";
import { Screen } from "../components/screen";
import { LoginForm } from "../features/account/login-form";
import { completeSignIn, invalid, refererPath, sendSignedInBack } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/shelter.login";
import { fieldErrors } from "../../rules/shared/zod-errors";

export const meta = titleMeta("login");

export function loader({ request, context }: Route.LoaderArgs) {
  sendSignedInBack(context, request);
  const url = new URL(request.url);
  return {
    redirectParam: url.searchParams.get("redirect"),
    // SPEC §2: after sign-in, the page the shopper came from comes first.
    previous: refererPath(request),
    notice: url.searchParams.get("reset") === "1" ? "Your password was changed. Log in with the new one." : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error), { email: values.email ?? "" });
  const result = await context.services.identity.signIn(parsed.data.email, parsed.data.password, context.clientIp, context.site.id);
  if (!result.ok) return invalid({ form: result.message }, { email: parsed.data.email }, result.code === "RATE_LIMITED" ? 429 : 401);
  return completeSignIn(context, request, result, { previous: values.previous, redirect: values.redirect });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <Screen title={usePageTitle("login")}>
      <LoginForm actionData={actionData} redirectParam={loaderData.redirectParam} previous={loaderData.previous} notice={loaderData.notice} />
    </Screen>
  );
}
