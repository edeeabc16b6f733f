import { Suspense } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { lazyView } from "../lib/lazy-view";

// The layouts' error boundary (root and shop) is on every page, but few pages show it: the 404 and
// error pages' code is fetched when one is shown. The server renders the page at once; in the
// browser hydration keeps its markup until the code has arrived.

const pages = () =>
  import("./error-pages").catch(() => ({
    // The error pages' own script did not load (a new release, a dropped connection): a page that
    // still lets the shopper try again, never a blank one.
    NotFoundPage: ScriptlessErrorPage,
    ErrorPage: ScriptlessErrorPage,
  }));
const NotFound = lazyView(() => pages().then((m) => m.NotFoundPage)).View;
const Failed = lazyView(() => pages().then((m) => m.ErrorPage)).View;

export function ErrorBoundaryPage({ error }: { error: unknown }) {
  return <Suspense fallback={null}>{isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <Failed error={error} />}</Suspense>;
}

function ScriptlessErrorPage() {
  const { pathname, search } = useLocation();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-secondary">Something went wrong</h1>
      <p className="mt-4 text-lg">
        We could not show this page. <a href={pathname + search}>Please try again</a>.
      </p>
    </main>
  );
}
