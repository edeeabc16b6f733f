import { redirect } from "react-router";
import { contactSchema, formValues } from "../../rules/account/forms";
import { invalid } from "../features/account/session.server";
import { sendContactMessage } from "../../server/workflows/contact";
import type { Route } from "./+types/contact-us";
import { fieldErrors } from "../../rules/shared/zod-errors";

// The contact form action runs on the server only: it calls server code the page bundle must not load.

export async function contactAction({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error), values);
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
