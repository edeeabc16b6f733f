import { Form, redirect, useActionData, useNavigation } from "react-router";
import { CONTACT_SUBJECTS, contactSchema, formErrors, formValues } from "../../rules/account-forms";
import { FormAlert, SelectField, SubmitButton, TextArea, TextField } from "../components/form-field";
import { Screen } from "../components/screen";
import { invalid } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { useZodForm } from "../lib/use-zod-form";
import { sendContactMessage } from "../../server/workflows/contact";
import type { Route } from "./+types/contact-us";

export const meta = titleMeta("contact");

const SUBJECT_OPTIONS = CONTACT_SUBJECTS.map((s) => ({ value: s, label: s }));

export async function loader({ context, request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const c = context.customer ? await context.services.identity.customer(context.customer.id) : null;
  return { sent, prefill: c ? { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone ?? "" } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) return invalid(formErrors(parsed.error), values);
  const sent = await sendContactMessage(context.services, {
    site: context.site.id,
    customerId: context.customer?.id ?? null,
    clientIp: context.clientIp,
    storeName: context.config.storeName,
    contactTo: context.config.mail.contactTo,
    message: parsed.data,
  });
  if (!sent.ok) return invalid({ form: sent.message }, values);
  return redirect("/contact-us?sent=1");
}

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
          <SelectField name="subject" label="Subject" required placeholder="Choose a subject" options={SUBJECT_OPTIONS} errors={form.errors} defaultValue={v.subject} />
          <TextArea name="message" label="Message" required errors={form.errors} defaultValue={v.message} />
          <SubmitButton busy={busy}>Send message</SubmitButton>
        </Form>
      )}
    </Screen>
  );
}
