import { forgotPasswordSchema, formValues } from "../../rules/account/forms";
import { invalid } from "../features/account/session.server";
import { linkOrigin, requestPasswordReset } from "../../server/workflows/password-reset";
import type { Route } from "./+types/shelter.forgot-password";
import { fieldErrors } from "../../rules/shared/zod-errors";

// The forgot-password form action runs on the server only: it calls server code the page bundle must not load.

export async function forgotPasswordAction({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error), { email: values.email ?? "" });
  const result = await requestPasswordReset(context.services, {
    email: parsed.data.email,
    ip: context.clientIp,
    origin: linkOrigin(context.config, request.url),
    storeName: context.config.storeName,
    site: context.site.id,
  });
  if (!result.ok) return invalid({ form: result.message }, { email: parsed.data.email }, 429);
  // The same words whether or not the address has an account.
  return { ok: true as const, errors: {}, values: { email: parsed.data.email } };
}
