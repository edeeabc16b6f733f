import { useEffect } from "react";
import { Link, useLocation } from "react-router";

/** SPEC §2/§8: the unknown-route page, titled "404 Error", saying "Page Not Found: {path}". */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-4xl font-bold text-secondary">404 Error</h1>
      <p className="mt-4 text-lg">Page Not Found: {pathname}</p>
      <p className="mt-2 text-gray-600">The page may have moved, or the address may be mistyped.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded bg-primary px-5 py-2.5 font-semibold text-white hover:bg-secondary">
          Go to the home page
        </Link>
        <Link to="/products" className="rounded border border-primary px-5 py-2.5 font-semibold text-primary hover:bg-mist">
          Shop All Pet Food
        </Link>
      </div>
    </main>
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
  }, [chunk]);
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
