import { Form, Link } from "react-router";
import { readCookie } from "../../rules/location";
import { Screen } from "../components/screen";
import { isOwnNavigation, signOutResponse } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { SESSION_COOKIE } from "../../server/modules/identity/session-cookie";
import type { Route } from "./+types/logout";

export const meta = titleMeta("logout");

// SPEC §2: /logout signs the customer out and lands on /. Opened from our own pages or typed, a
// GET does it at once; opened from another site (a link, an image, a frame) it only shows the
// Log Out button, whose POST is refused cross-site — so no other site can sign a customer out.

const sessionToken = (request: Request) => readCookie(request.headers.get("cookie"), SESSION_COOKIE);

export async function loader({ request, context }: Route.LoaderArgs) {
  if (isOwnNavigation(request)) throw await signOutResponse(context, request, sessionToken(request), { returnTo: null, reason: "sign_out" });
  return { signedIn: Boolean(context.customer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = form.get("returnTo");
  return signOutResponse(context, request, sessionToken(request), {
    returnTo: typeof returnTo === "string" ? returnTo : null,
    reason: form.get("reason") === "inactivity" ? "inactivity" : "sign_out",
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Screen title={usePageTitle("logout")}>
      {loaderData.signedIn ? (
        <Form method="post" className="mt-6">
          <button type="submit" className="rounded bg-primary px-5 py-2 font-semibold text-white hover:bg-secondary">
            Log Out
          </button>
        </Form>
      ) : (
        <p className="mt-4">
          You are signed out.{" "}
          <Link to="/" className="text-primary underline">
            Continue shopping
          </Link>
        </p>
      )}
    </Screen>
  );
}
