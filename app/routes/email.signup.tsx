import { Form, useActionData, useNavigation } from "react-router";
import { signUpSchema } from "../../rules/marketing/sign-up-input";
import { TOPIC_LABELS, topicsOf } from "../../rules/marketing/subscriber";
import { FormAlert, SubmitButton, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { signUpAction } from "../features/marketing/marketing.server";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import type { Route } from "./+types/email.signup";

export const meta = titleMeta("emailSignUp");

// The marketing list's sign-up: the footer's form posts here, and the answer shows on this page
// (no JavaScript needed). The answer is the same for every address: a confirmation link goes out
// when the address needs one, and only a confirmed address receives marketing.

export const action = ({ request, context }: Route.ActionArgs) => signUpAction(context, request);

export default function EmailSignUpPage() {
  const { site } = usePublicConfig();
  const actionData = useActionData<typeof action>();
  const form = useZodForm(signUpSchema, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  const topics = topicsOf(site.id);
  return (
    <Screen title={usePageTitle("emailSignUp")}>
      {actionData?.ok ? (
        <FormAlert tone="success">
          <span data-testid="signup-answer">
            Thank you. If {actionData.values.email} still needs to confirm, we have mailed it a link: open it within 7 days to start receiving our emails.
          </span>
        </FormAlert>
      ) : null}
      <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-md" data-testid="signup-form">
        <p className="mt-4">
          {site.isStaff
            ? "News of the staff feeding program, for its members."
            : "Offers, new products, Autoship tips and news of the causes your orders support."}{" "}
          We mail you a link to confirm; every mail has a link to unsubscribe at once.
        </p>
        <TextField name="email" label="Email" type="email" autoComplete="email" required errors={form.errors} defaultValue={actionData?.values.email} />
        {topics.length > 1 ? (
          <fieldset className="mt-4">
            <legend className="font-semibold">Topics (none ticked: all of them)</legend>
            {topics.map((t) => (
              <label key={t} className="mt-2 flex min-h-6 items-center gap-2">
                <input type="checkbox" name="topics" value={t} className="h-4 w-4" />
                {TOPIC_LABELS[t]}
              </label>
            ))}
          </fieldset>
        ) : null}
        <SubmitButton busy={busy}>Sign up</SubmitButton>
      </Form>
    </Screen>
  );
}
