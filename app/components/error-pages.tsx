import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import type { ErrorPageContent } from "../features/content/content-types";
import { lazyView } from "../lib/lazy-view";

// Loaded only when a 404 page has a carousel: the carousel library stays out of every other page.
const ProductCarousel = lazy(() => import("../features/content/product-carousel"));
// Likewise the content sections (every page carries this error boundary): the server renders the
// section at once, and hydration waits for its code inside the Suspense boundary.
const FeatureSection = lazyView(() => import("../features/content/sections").then((m) => m.FeatureSection)).View;

function errorPageContent(error: unknown): ErrorPageContent | null {
  if (!isRouteErrorResponse(error)) return null;
  return (error.data as { errorPage?: ErrorPageContent } | null)?.errorPage ?? null;
}

/**
 * SPEC §2/§8: the unknown-route page, titled "404 Error", saying "Page Not Found: {path}", with the
 * feature section and product carousel of the content page "error" when the 404 carries them.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const content = errorPageContent(useRouteError());
  return (
    <main id="main" className="py-12">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h1 className="text-4xl font-bold text-secondary">404 Error</h1>
        <p className="mt-4 text-lg">Page Not Found: {pathname}</p>
      </div>
      {content?.feature ? (
        <Suspense fallback={null}>
          <FeatureSection feature={content.feature} />
        </Suspense>
      ) : (
        <NotFoundLinks />
      )}
      {content?.carousel && (
        <Suspense fallback={<div className="h-96" aria-hidden="true" />}>
          <ProductCarousel carousel={content.carousel} listName="NotFound" />
        </Suspense>
      )}
    </main>
  );
}

/** Without content: the way back home. */
function NotFoundLinks() {
  return (
    <div className="mx-auto max-w-3xl px-4 text-center">
      <p className="mt-2 text-gray-600">The page may have moved, or the address may be mistyped.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded bg-primary px-5 py-2.5 font-semibold text-white hover:bg-secondary">
          Go to the home page
        </Link>
        <Link to="/products" className="rounded border border-primary px-5 py-2.5 font-semibold text-primary hover:bg-mist">
          Shop All Pet Food
        </Link>
      </div>
    </div>
  );
}

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** SPEC §8: an unhandled fatal error renders the error page; a chunk failure reloads the target. */
export function ErrorPage({ error }: { error: unknown }) {
  const { pathname, search } = useLocation();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) window.location.assign(window.location.href);
    // An error raised in this browser; one from the server arrives without a stack and was reported there.
    else if (error instanceof Error && error.stack) void import("../lib/error-reporter").then((m) => m.reportBrowserError(error, "boundary"));
  }, [chunk, error]);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-secondary">Something went wrong</h1>
      <p className="mt-4 text-lg">We could not show this page. Please try again in a moment.</p>
      <div className="mt-8 flex justify-center gap-3">
        <a href={pathname + search} className="rounded bg-primary px-5 py-2.5 font-semibold text-white">
          Try again
        </a>
        <a href="/" className="rounded border border-primary px-5 py-2.5 font-semibold text-primary">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
