import { data, Form } from "react-router";
import { BackLink } from "../components/back-link";
import { FormAlert, TextField } from "../components/form-field";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/autoship.manage.$token";

export const meta = titleMeta("autoshipManage");

// One customer's link: never kept by the guest page cache, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

// The reminder mail's links (skip, deliver now, delay one week, change the quantity) land here: the
// page says what the link does and one button does it (a POST from this page: looking at a link — or
// a mail scanner fetching it — changes nothing). The token is the proof (signed, for one delivery,
// once); no sign-in needed.

export async function loader({ params, context }: Route.LoaderArgs) {
  return context.services.autoship.readMailLink(context.sessionSecret, params.token, new Date());
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const done = await context.services.autoship.confirmMailLink(
    context.sessionSecret,
    params.token,
    { quantity: form.get("quantity") ?? undefined },
    new Date(),
    {
      clientIp: context.clientIp,
      origin: new URL(request.url).origin,
    },
  );
  if (done.ok) return done;
  return data(done, { status: done.code === "FIELD" ? 400 : done.code === "RATE_LIMITED" ? 429 : 409 });
}

const buttonClass =
  "mt-4 min-h-6 rounded bg-primary px-5 py-2 font-semibold text-white hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2";

export default function ManageFromMail({ loaderData, actionData }: Route.ComponentProps) {
  const title = usePageTitle("autoshipManage");
  const fieldError = actionData && !actionData.ok && actionData.code === "FIELD" ? actionData.message : undefined;
  const outcome = actionData && !fieldError ? actionData : null;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold text-secondary">{title}</h1>
      <div className="mt-6" data-testid="mail-action">
        {outcome ? (
          <FormAlert tone={outcome.ok ? "success" : "error"}>{outcome.message}</FormAlert>
        ) : !loaderData.ok ? (
          <FormAlert>{loaderData.message}</FormAlert>
        ) : (
          <Form method="post">
            <p>
              Autoship {loaderData.contractId}: {loaderData.quantity} × {loaderData.item}
            </p>
            <p className="mt-2 font-semibold">{loaderData.question}</p>
            {loaderData.action === "change_quantity" ? (
              <TextField
                name="quantity"
                label="Quantity"
                inputMode="numeric"
                required
                defaultValue={String(loaderData.quantity)}
                errors={fieldError ? { quantity: fieldError } : {}}
              />
            ) : null}
            <button type="submit" className={buttonClass}>
              {loaderData.button}
            </button>
          </Form>
        )}
      </div>
      <BackLink to="/account/autoships">Manage your Autoships</BackLink>
    </main>
  );
}
