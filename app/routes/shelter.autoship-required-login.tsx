import { Link } from "react-router";
import { NotBuiltYet } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("autoshipRequiredLogin");

/** SPEC §2: sign-in required before an autoship checkout; a page without the layout. */
export default function AutoshipRequiredLogin() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-secondary">{usePageTitle("autoshipRequiredLogin")}</h1>
      <p className="mt-4">Autoship orders renew on their own, so they need an account. Please sign in or create one.</p>
      <NotBuiltYet what="Signing in" />
      <p className="mt-6">
        <Link to="/cart" className="font-semibold text-primary underline">
          Back to the cart
        </Link>
      </p>
    </main>
  );
}
