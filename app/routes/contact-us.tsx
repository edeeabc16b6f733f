import { Form, useActionData, useNavigation } from "react-router";
import { CONTACT_SUBJECTS, contactSchema } from "../../rules/account/forms";
import { FormAlert, SelectField, SubmitButton, TextArea, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import { contactAction } from "./contact-us.server";
import type { Route } from "./+types/contact-us";

export const meta = titleMeta("contact");

const SUBJECT_OPTIONS = CONTACT_SUBJECTS.map((s) => ({ value: s, label: s }));

export async function loader({ context, request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const c = context.customer ? await context.services.identity.customer(context.customer.id) : null;
  return { sent, prefill: c ? { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone ?? "" } : null };
}

export const action = (args: Route.ActionArgs) => contactAction(args);

export default function Page({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const form = useZodForm(contactSchema, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  const v: Record<string, string> = actionData?.values ?? loaderData.prefill ?? {};
  return (
    <Screen title={usePageTitle("contact")}>
      {loaderData.sent ? (
        <FormAlert tone="success">Thank you! We received your message and sent you a confirmation by email. We answer within two business days.</FormAlert>
      ) : (
        <Form method="post" noValidate onSubmit={form.onSubmit} onBlur={form.onBlur} onChange={form.onChange} className="max-w-xl" data-testid="contact-form">
          <p className="mt-4">Questions about food, an order or your account? Write to us.</p>
          {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField name="firstName" label="First name" autoComplete="given-name" required errors={form.errors} defaultValue={v.firstName} />
            <TextField name="lastName" label="Last name" autoComplete="family-name" required errors={form.errors} defaultValue={v.lastName} />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="email" required errors={form.errors} defaultValue={v.email} />
          <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" errors={form.errors} defaultValue={v.phone} />
          <SelectField
            name="subject"
            label="Subject"
            required
            placeholder="Choose a subject"
            options={SUBJECT_OPTIONS}
            errors={form.errors}
            defaultValue={v.subject}
          />
          <TextArea name="message" label="Message" required errors={form.errors} defaultValue={v.message} />
          <SubmitButton busy={busy}>Send message</SubmitButton>
        </Form>
      )}
    </Screen>
  );
}
