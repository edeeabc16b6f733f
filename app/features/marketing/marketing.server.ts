import { data, type AppLoadContext } from "react-router";
import { formValues } from "../../../rules/account/forms";
import { backInStockSchema } from "../../../rules/marketing/back-in-stock-input";
import { preferencesSchema } from "../../../rules/marketing/preferences-input";
import { shownLocation, userLocationFromCookies } from "../../../rules/shared/shopper-location";
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

/**
 * "Notify me when it's back" on a product page: a guest's address goes through the list's double
 * opt-in, a signed-in customer's is their account's (one click). The ZIP the page shows stock for is
 * kept with the request: the mail goes when the warehouse serving it has the variant again.
 */
export async function backInStockAction(context: AppLoadContext, request: Request) {
  const values = formValues(await request.formData());
  const keep = { email: values.email ?? "" };
  const customerEmail = context.customer?.email ?? null;
  const parsed = backInStockSchema.safeParse({ ...values, email: customerEmail ?? values.email });
  if (!parsed.success) return invalid(fieldErrors(parsed.error), keep);
  if (!parsed.data.email) return invalid({ email: "Enter your email address" }, keep);
  const variant = (await context.services.catalog.variantsForCart([parsed.data.variantId], context.site.id)).get(parsed.data.variantId);
  if (!variant?.published) return invalid({ variantId: "This item is not in our shop." }, keep);
  const { zip } = shownLocation(userLocationFromCookies(request.headers.get("cookie")), await context.staffShipsTo?.());
  const done = await context.services.marketing.automations.requestBackInStock(
    { site: context.site.id, email: parsed.data.email, variantId: variant.id, zip, customerId: context.customer?.id ?? null },
    facts(context, request),
  );
  if (!done.ok) return invalid({ email: done.message }, keep, 429);
  return {
    ok: true as const,
    errors: {},
    values: keep,
    item: `${variant.product.title} ${variant.title}`.trim(),
    path: `/products/${variant.variantURL}?sku=${encodeURIComponent(variant.sku)}`,
    zip,
    signedIn: customerEmail !== null,
    // A guest's answer is the same for every address: whether one is on the list is nobody else's to learn.
    confirmed: customerEmail !== null && done.confirmed,
  };
}
