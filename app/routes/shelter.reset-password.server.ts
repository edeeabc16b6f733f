import { redirect } from "react-router";
import { formValues, resetPasswordSchema } from "../../rules/account/forms";
import { invalid } from "../features/account/session.server";
import { resetPassword } from "../../server/workflows/password-reset";
import type { Route } from "./+types/shelter.reset-password";
import { fieldErrors } from "../../rules/shared/zod-errors";

// The reset-password form action runs on the server only: it calls server code the page bundle must not load.

export async function resetPasswordAction({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = resetPasswordSchema.safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const result = await resetPassword(context.services, { token: parsed.data.token, password: parsed.data.password, ip: context.clientIp });
  if (!result.ok) return invalid({ [result.field ?? "form"]: result.message }, {}, result.code === "RATE_LIMITED" ? 429 : 400);
  return redirect("/shelter/login?reset=1");
}
