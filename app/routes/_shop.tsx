import { isRouteErrorResponse, Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPage, NotFoundPage } from "../components/error-pages";
import { Footer } from "../components/footer";
import { Header } from "../components/header";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";

// Titles the layout's own error page ("404 Error" or the error page); every screen has its own meta.
export const meta = titleMeta("error");

/** The layout of every page that has one (SPEC §2: all but the gated states and autoship-required-login). */
function Shell({ children }: { children: React.ReactNode }) {
  const { site } = usePublicConfig();
  const { pathname, search } = useLocation();
  // The root loader counts the cart; it runs again after every cart change (an action).
  const cartCount = (useRouteLoaderData("root") as { cartCount?: number } | undefined)?.cartCount ?? 0;
  const query = pathname === "/search" ? (new URLSearchParams(search).get("search") ?? undefined) : undefined;
  return (
    <div className="flex min-h-screen flex-col">
      <Header site={site} cartCount={cartCount} searchQuery={query} />
      <div className="flex-1">{children}</div>
      <Footer site={site} />
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
  const error = useRouteError();
  return (
    <Shell>{isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ErrorPage error={error} />}</Shell>
  );
}
