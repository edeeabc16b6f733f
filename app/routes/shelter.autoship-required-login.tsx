import { loginUrlFor } from "../../rules/account/sign-in-redirect";
import { LoginForm } from "../features/account/login-form";
import { sendSignedInBack } from "../features/account/session.server";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/shelter.autoship-required-login";
import { BackLink } from "../components/back-link";

export const meta = titleMeta("autoshipRequiredLogin");

const RESUME = "/checkout/start";

export function loader({ request, context }: Route.LoaderArgs) {
  sendSignedInBack(context, request);
  // After signing in the hand-off resumes: on to the checkout, or back to the cart when the autoship
  // terms still need acknowledging or the (merged) cart is over a limit (SPEC §4 "After login").
  return { redirectParam: new URL(loginUrlFor(RESUME), "http://x").searchParams.get("redirect") };
}

/** SPEC §2: sign-in required before an autoship checkout; a page without the layout. */
export default function AutoshipRequiredLogin({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-secondary">{usePageTitle("autoshipRequiredLogin")}</h1>
      <p className="mt-4">Autoship orders renew on their own, so they need an account. Please sign in or create one.</p>
      <LoginForm actionData={undefined} redirectParam={loaderData.redirectParam} previous={RESUME} />
      <BackLink to="/cart">Back to the cart</BackLink>
    </main>
  );
}
