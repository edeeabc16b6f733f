import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { changePasswordSchema, formValues, profileSchema } from "../../rules/account/forms";
import { Checkbox, FormAlert, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { requireCustomer } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/account.my-profile";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { NewPasswordFields } from "../features/account/new-password-fields";

export const meta = titleMeta("profile");

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.customer) return { customer: null, emailPreferences: null };
  const customer = await context.services.identity.customer(context.customer.id);
  // The marketing list's preference centre, by the same signed link its mails carry.
  const emailPreferences = customer ? await context.services.marketing.preferencesPathFor(context.site.id, customer.email) : null;
  return { customer, emailPreferences };
}

type Answer = { intent: "profile" | "password"; ok: boolean; errors: Record<string, string>; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { customer, session } = requireCustomer(context, request);
  const values = formValues(await request.formData());
  if (values.intent === "password") {
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return data<Answer>({ intent: "password", ok: false, errors: fieldErrors(parsed.error) }, { status: 400 });
    const result = await context.services.identity.changePassword(
      customer.id,
      parsed.data.currentPassword,
      parsed.data.password,
      session.sessionId,
      context.clientIp,
    );
    if (!result.ok)
      return data<Answer>(
        { intent: "password", ok: false, errors: { [result.field!]: result.message } },
        { status: result.code === "RATE_LIMITED" ? 429 : 400 },
      );
    return data<Answer>({ intent: "password", ok: true, errors: {}, message: "Your password was changed." });
  }
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) return data<Answer>({ intent: "profile", ok: false, errors: fieldErrors(parsed.error) }, { status: 400 });
  await context.services.identity.updateProfile(customer.id, parsed.data);
  return data<Answer>({ intent: "profile", ok: true, errors: {}, message: "Your profile was saved." });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("profile");
  const answer = useActionData<typeof action>();
  const profileForm = useZodForm(profileSchema, answer?.intent === "profile" ? answer.errors : undefined);
  const passwordForm = useZodForm(changePasswordSchema, answer?.intent === "password" ? answer.errors : undefined);
  const busy = useNavigation().state === "submitting";
  const c = loaderData.customer;
  if (!c) return null;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="text-xl font-bold text-secondary">
            Personal details
          </h2>
          {answer?.intent === "profile" && answer.ok ? <FormAlert tone="success">{answer.message}</FormAlert> : null}
          <Form method="post" noValidate onSubmit={profileForm.onSubmit} onBlur={profileForm.onBlur} onChange={profileForm.onChange} data-testid="profile-form">
            <input type="hidden" name="intent" value="profile" />
            <p className="mt-4 text-sm">
              Email: <strong>{c.email}</strong>
            </p>
            <TextField name="firstName" label="First name" autoComplete="given-name" required errors={profileForm.errors} defaultValue={c.firstName} />
            <TextField name="lastName" label="Last name" autoComplete="family-name" required errors={profileForm.errors} defaultValue={c.lastName} />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" errors={profileForm.errors} defaultValue={c.phone} />
            <Checkbox name="acceptsMarketing" label="Send me offers and news by email" defaultChecked={c.acceptsMarketing} />
            <SubmitButton busy={busy}>Save profile</SubmitButton>
          </Form>
          <p className="mt-6" data-testid="email-preferences">
            {loaderData.emailPreferences ? (
              <Link to={loaderData.emailPreferences} className="text-primary underline">
                Email preferences: topics, pause, unsubscribe
              </Link>
            ) : (
              <>
                Not on our email list.{" "}
                <Link to="/email/signup" className="text-primary underline">
                  Sign up for our emails
                </Link>
              </>
            )}
          </p>
        </section>
        <section aria-labelledby="password-heading">
          <h2 id="password-heading" className="text-xl font-bold text-secondary">
            Change password
          </h2>
          {answer?.intent === "password" && answer.ok ? <FormAlert tone="success">{answer.message}</FormAlert> : null}
          <Form
            method="post"
            noValidate
            onSubmit={passwordForm.onSubmit}
            onBlur={passwordForm.onBlur}
            onChange={passwordForm.onChange}
            data-testid="password-form"
          >
            <input type="hidden" name="intent" value="password" />
            <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" required errors={passwordForm.errors} />
            <NewPasswordFields errors={passwordForm.errors} />
            <SubmitButton busy={busy}>Change password</SubmitButton>
          </Form>
        </section>
      </div>
    </Screen>
  );
}
