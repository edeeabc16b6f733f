import { NOT_ELIGIBLE_NOTE } from "../rules/staff/program-prices";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { useEffect } from "react";
import { NavigationEffects } from "./components/navigation-effects";
import { LoadedLater } from "./lib/lazy-view";
import { ConsentBoot } from "./features/consent/consent-boot";
import { ErrorBoundaryPage } from "./components/error-boundary-page";
import type { PublicConfig } from "../server/context";
import { userLocationFromCookies } from "../rules/shared/shopper-location";
import { consentDecidedIn } from "../rules/consent/categories-and-cookie";
import { shopperOfRequest } from "./features/account/shopper.server";
import { signOutNotice } from "../rules/account/sign-out-notice";
import { SignedOutNotice } from "./features/account/signed-out-notice";

/**
 * The stylesheet as a React stylesheet resource (`precedence`): React writes it at the top of the
 * head, ahead of the script preloads it hoists there, so the page's one render-blocking request is
 * the first the browser starts rather than the last of a dozen.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appCss, precedence: "default" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const cookie = request.headers.get("cookie");
  // The header's shopper (cart count, first name), except in a page the cache shows to every shopper
  // of an audience (server/http/page-cache.ts): the browser asks for it after that page (use-shopper.ts).
  const shopper = context.forEveryone
    ? null
    : await shopperOfRequest(context, cookie).catch((err: unknown) => {
        // Not worth failing every page for: the browser asks again after the page.
        context.log.error({ err }, "shopper header failed");
        return null;
      });
  return {
    config: context.publicConfig,
    // The shopper's ZIP for every page (SPEC §9 userLocation; default guest ZIP 80011).
    location: userLocationFromCookies(cookie),
    shopper,
    // Log In or Log Out in the header, known to every page (a form that works without script).
    signedIn: context.forEveryone?.signedIn ?? context.customer !== null,
    // SPEC §5: a registered staff member whose group is not eligible is told why prices are the shop's.
    pricingNote: context.staff?.registered && !context.staff.eligibleForPd ? NOT_ELIGIBLE_NOTE : null,
    // The consent banner in the server's page when nothing counting was decided (the console asks nothing);
    // the guest page cache keys on the same answer (server/http/page-cache.ts).
    consentAsked: !consentDecidedIn(cookie) && !new URL(request.url).pathname.startsWith("/admin"),
    // Why the shopper was just signed out (inactivity), said on the page they land on.
    signedOutNotice: signOutNotice(cookie),
  };
}

/**
 * The root data (configuration, ZIP, signed in or not, and outside kept pages the cart count) changes only through actions
 * (add to cart, ZIP, sign-in and out) or on the cart, checkout and account screens; browsing the
 * catalogue from page to page does not reload it.
 */
export function shouldRevalidate({ formMethod, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (/^\/(cart|checkout|account|shelter|logout|location|discount)(\/|$)/.test(nextUrl.pathname)) return defaultShouldRevalidate;
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as { config: PublicConfig } | undefined;
  return (
    <html lang="en" data-site={data?.config.site.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Styles need no nonce (the CSP allows inline styles). Without this, Links gives its development
            critical-CSS <style> the script nonce, which the browser hides and hydration then reports as a mismatch. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-paper font-sans text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The inactivity warning of a signed-in customer, fetched after hydration: it first acts after
 * minutes, and guests (most first visits) never need its code.
 */
const loadInactivityWatch = () => import("./features/account/inactivity-watch").then((m) => m.InactivityWatch);

function InactivityWatch({ seconds }: { seconds: number }) {
  return <LoadedLater load={loadInactivityWatch} seconds={seconds} />;
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The error reporter, after hydration and outside first-load JS: with the build id the page's
  // errors are reported with, and Sentry's SDK when SENTRY_DSN is set.
  useEffect(() => void import("./lib/error-reporter").then((m) => m.startErrorReporter(loaderData.config)), [loaderData.config]);
  return (
    <>
      <NavigationEffects config={loaderData.config} />
      <SignedOutNotice message={loaderData.signedOutNotice} />
      {loaderData.signedIn ? <InactivityWatch seconds={loaderData.config.inactivitySeconds} /> : null}
      <ConsentBoot gtmScriptUrl={loaderData.config.gtmScriptUrl} analytics={!loaderData.config.site.isStaff} asked={loaderData.consentAsked} />
      <Outlet />
    </>
  );
}

/** Last resort: an error the page layouts could not handle. Never a blank screen or a stack trace. */
export function ErrorBoundary() {
  return <ErrorBoundaryPage error={useRouteError()} />;
}
