import { lazy, useEffect, useState, type ComponentType, type ReactNode } from "react";

/**
 * A component whose code the browser fetches on demand, while the server renders it at once (the
 * server loads every view's code with its own modules). Two uses:
 * - a route showing one of several screens loads only the one it shows: its loader awaits
 *   `preload()` and its page preloads the screen's scripts (app/lib/view-chunks.server.ts);
 * - a part of a page that can wait (below the fold, or needed only on interaction) stays out of the
 *   page's first-load JavaScript: its code is fetched during hydration, and until it arrives the
 *   server's markup stays as it is (links and forms work as plain HTML).
 *
 * Render `View` inside a Suspense boundary; for a route's screens, one that stays mounted across
 * them, so a navigation keeps the old screen until the new one's code has arrived. A view whose
 * code is already there renders it directly (hydration does not wait for it); otherwise it suspends
 * and hydration keeps the server's markup until the code arrives. A mounted view keeps the
 * component it started with, so what is under it is never remounted.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // The server renders every view at once: its code is loaded with the server's modules.
  if (import.meta.env.SSR) preload().catch(() => null);
  function View(props: P): ReactNode {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { View, preload };
}

/**
 * A component whose code is fetched after hydration, once `when` holds, rendered with the other
 * props when it has arrived; nothing until then, and nothing for good when the fetch fails (the
 * caller says what the page does without it). `load` must be the same function on every render (a
 * module-level one).
 */
export function LoadedLater<P extends object>({ load, when = true, ...props }: { load: () => Promise<ComponentType<P>>; when?: boolean } & P) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!when || Component) return;
    let live = true;
    load().then(
      (component) => live && setComponent(() => component),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load, when, Component]);
  return Component ? <Component {...(props as P)} /> : null;
}
