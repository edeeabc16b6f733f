import { data, type AppLoadContext } from "react-router";
import { formValues } from "../../../rules/account/forms";
import { preferencesSchema } from "../../../rules/marketing/preferences-input";
import { marketingParamsOf, signUpSchema } from "../../../rules/marketing/sign-up-input";
import { fieldErrors } from "../../../rules/shared/zod-errors";
import { linkOrigin } from "../../../server/workflows/password-reset";
import { invalid } from "../account/session.server";

// The marketing list's page edges (server only): the footer's sign-up, the registration box, the
// confirmation link and the preference centre. Each parses its form with the rules/ schema and makes
// one call to the marketing module; links in mails point at this request's origin (linkOrigin:
// PUBLIC_URL, else a host of SITE_HOSTS — never a Host header made up by the caller).

const facts = (context: AppLoadContext, request: Request) => ({ ip: context.clientIp, origin: linkOrigin(context.config, request.url) });

/**
 * The footer form (and /email/signup): the same answer whether the address is new, pending,
 * subscribed or suppressed, so the form tells no one who is on the list.
 */
export async function signUpAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const values = formValues(form);
  const keep = { email: values.email ?? "" };
  // Every `topics` box ticked (formValues keeps one value per name); none: all the site's topics.
  const topics = form.getAll("topics");
  const parsed = signUpSchema.safeParse({ ...values, topics: topics.length ? topics : undefined });
  if (!parsed.success) return invalid(fieldErrors(parsed.error), keep);
  const done = await context.services.marketing.subscribe(
    { site: context.site.id, email: parsed.data.email, source: "footer", topics: parsed.data.topics, integrationInfo: marketingParamsOf(parsed.data) },
    facts(context, request),
  );
  if (!done.ok) return invalid({ email: done.message }, keep, 429);
  return { ok: true as const, errors: {}, values: keep };
}

/** Registration with the marketing box ticked: a confirmation request like any other; never fails the registration. */
export async function optInAtRegistration(context: AppLoadContext, request: Request, account: { customerId: string; email: string }) {
  await context.services.marketing
    .subscribe({ site: context.site.id, email: account.email, source: "registration", customerId: account.customerId }, facts(context, request))
    .catch((err: unknown) => context.log.error({ err }, "marketing opt-in at registration not recorded"));
}

export async function confirmAction(context: AppLoadContext, request: Request) {
  const { token } = formValues(await request.formData());
  const done = await context.services.marketing.confirm(token, facts(context, request));
  return done.ok ? done : data(done, { status: 400 });
}

export async function preferencesAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const values = formValues(form);
  const parsed = preferencesSchema.safeParse({ ...values, topics: form.getAll("topics") });
  if (!parsed.success) return invalid(fieldErrors(parsed.error), {});
  const done = await context.services.marketing.updatePreferences(values.token, parsed.data, facts(context, request));
  return done.ok ? { ok: true as const, intent: parsed.data.intent, errors: {} } : invalid({ form: done.message }, {}, 409);
}
