import { Form, Link } from "react-router";
import { FormAlert } from "../components/form-field";
import { Screen } from "../components/screen";
import { confirmAction } from "../features/marketing/marketing.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/email.confirm";

export const meta = titleMeta("emailConfirm");

// One subscriber's link: never kept by a cache, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

// The confirmation mail's link lands here: the page says what the link does and one button does it
// (a POST: a mail scanner fetching the link confirms nothing). The signed token is the proof; it
// works once, and only the latest mail's.

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export const action = ({ request, context }: Route.ActionArgs) => confirmAction(context, request);

export default function EmailConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Screen title={usePageTitle("emailConfirm")}>
      <div className="max-w-xl" data-testid="confirm-answer">
        {actionData?.ok ? (
          <FormAlert tone="success">
            {actionData.alreadyConfirmed ? "This address was already confirmed." : "Thank you: your subscription is confirmed."} Every mail we send has a link
            to change topics, pause or unsubscribe.
          </FormAlert>
        ) : actionData ? (
          <FormAlert>
            {actionData.message} You can <Link to="/email/signup">sign up again</Link>.
          </FormAlert>
        ) : (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="mt-4">Confirm that you want to receive our emails at this address.</p>
            <button
              type="submit"
              className="mt-4 min-h-10 rounded bg-primary px-5 py-2 font-semibold text-white hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              Confirm my subscription
            </button>
          </Form>
        )}
      </div>
    </Screen>
  );
}
