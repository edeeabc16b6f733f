import { Suspense } from "react";
import { Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorBoundaryPage } from "../components/error-boundary-page";
import { Header } from "../components/header";
import { lazyView } from "../lib/lazy-view";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { loadLayoutContent, type LayoutContent } from "../features/content/content-loader.server";
import { AnnouncementBar, SitewideBanners } from "../features/content/site-banners";
import type { Route } from "./+types/_shop";

// Titles the layout's own error page ("404 Error" or the error page); every screen has its own meta.
export const meta = titleMeta("error");

/** Header navigation, announcements, banners and footer from content (they never fail the page). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadLayoutContent(context);
}

/** Layout content depends on the site only (cached content): it is not reloaded on navigations. */
export function shouldRevalidate() {
  return false;
}

// The footer is below the fold of every page: its code is fetched while the page hydrates, and until
// it has arrived the server's footer is plain links and a plain sign-up form.
const Footer = lazyView(() => import("../components/footer").then((m) => m.Footer)).View;

/** The layout of every page that has one (SPEC §2: all but the gated states and autoship-required-login). */
function Shell({ children }: { children: React.ReactNode }) {
  const { site } = usePublicConfig();
  const { pathname, search } = useLocation();
  const root = useRouteLoaderData("root") as { signedIn?: boolean; pricingNote?: string | null } | undefined;
  const signedIn = root?.signedIn ?? false;
  const layout = useRouteLoaderData("routes/_shop") as LayoutContent | undefined;
  const query = pathname === "/search" ? (new URLSearchParams(search).get("search") ?? undefined) : undefined;
  return (
    <div className="flex min-h-screen flex-col">
      <AnnouncementBar announcements={layout?.announcements ?? []} />
      <SitewideBanners banners={layout?.banners ?? []} />
      <Header site={site} signedIn={signedIn} searchQuery={query} navigation={layout?.navigation ?? undefined} />
      {root?.pricingNote ? (
        <p className="bg-amber-50 px-4 py-2 text-center text-sm text-gray-900" role="note" data-testid="pricing-note">
          {root.pricingNote}
        </p>
      ) : null}
      <div className="flex-1">{children}</div>
      {/* The staff site's sign-up is the program's news: shown to signed-in members only. */}
      <Suspense fallback={null}>
        <Footer site={site} content={layout?.footer ?? undefined} signUp={!site.isStaff || signedIn} />
      </Suspense>
    </div>
  );
}

export default function ShopLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <ErrorBoundaryPage error={useRouteError()} />
    </Shell>
  );
}
