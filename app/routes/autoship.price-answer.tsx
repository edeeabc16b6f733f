import { data, Form } from "react-router";
import { FormAlert } from "../components/form-field";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/autoship.price-answer";
import { BackLink } from "../components/back-link";

export const meta = titleMeta("autoshipPriceAnswer");

// One customer's link: never kept by the guest page cache, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

// The price guard mail's links land here: the page says what the link does and one button does it
// (a POST from this page: looking at a link — or a mail scanner fetching it — changes nothing). The
// token is the proof (signed, for one held renewal, once, until its deadline); no sign-in needed.

export async function loader({ params, context }: Route.LoaderArgs) {
  const read = await context.services.autoshipPrice.read(context.sessionSecret, params.token, new Date());
  return read.ok
    ? { ok: true as const, decision: read.decision, oldPrice: read.oldPrice, newPrice: read.newPrice }
    : { ok: false as const, message: read.message };
}

export async function action({ params, context }: Route.ActionArgs) {
  const done = await context.services.autoshipPrice.answerLink(context.sessionSecret, params.token, new Date());
  return done.ok ? { ok: true as const, message: done.message } : data({ ok: false as const, message: done.message }, { status: 409 });
}

export default function PriceAnswer({ loaderData, actionData }: Route.ComponentProps) {
  const title = usePageTitle("autoshipPriceAnswer");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold text-secondary">{title}</h1>
      <div className="mt-6" data-testid="price-answer">
        {actionData ? (
          <FormAlert tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>
        ) : !loaderData.ok ? (
          <FormAlert>{loaderData.message}</FormAlert>
        ) : (
          <Form method="post">
            <p>
              The price per item went up from <strong>{loaderData.oldPrice}</strong> to <strong>{loaderData.newPrice}</strong>.
            </p>
            <button
              type="submit"
              className="mt-4 rounded bg-primary px-5 py-2 font-semibold text-white hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {loaderData.decision === "accept" ? `Renew at ${loaderData.newPrice}` : "Skip this delivery"}
            </button>
          </Form>
        )}
      </div>
      <BackLink to="/account/autoships">Manage your Autoships</BackLink>
    </main>
  );
}
