import { useEffect } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import type { Route } from "./+types/account";
import { ACCOUNT_GATE_DELAY_MS, loginUrlFor } from "../../rules/account/sign-in-redirect";
import { useAccountPageKind } from "../features/account/use-account-page-kind";
import { softly } from "../features/content/content-loader.server";

/**
 * SPEC §2: any /account path needs a signed-in customer; otherwise a short notice, then
 * /shelter/login?redirect={base64 path} after 1000 ms — by script, or by <meta refresh> without it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The session was resolved once for this request (server/request-context.ts).
  const signedIn = context.customer !== null;
  // SPEC §7 get-account-pages-settings, for every account page (app/features/account/account-pages-settings.ts).
  const settings = signedIn
    ? await softly(context, "account pages settings", () => context.services.content.entry("account-pages-settings", "main", context.site.id))
    : null;
  return { signedIn, loginUrl: loginUrlFor(url.pathname + url.search), settings };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { signedIn, loginUrl } = loaderData;
  useAccountPageKind(signedIn);
  useEffect(() => {
    if (signedIn) return;
    const timer = window.setTimeout(() => navigate(loginUrl, { replace: true }), ACCOUNT_GATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, loginUrl, navigate]);

  if (signedIn) return <Outlet />;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="account-gate">
      <noscript>
        <meta httpEquiv="refresh" content={`${ACCOUNT_GATE_DELAY_MS / 1000};url=${loginUrl}`} />
      </noscript>
      <h1 className="text-2xl font-bold text-secondary">Please sign in</h1>
      <p className="mt-3" role="status">
        Your account pages need you to sign in. Taking you to the sign-in page…
      </p>
      <p className="mt-6">
        <Link to={loginUrl} replace className="font-semibold text-primary underline">
          Go to sign in now
        </Link>
      </p>
    </main>
  );
}
