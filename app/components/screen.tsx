import type { ReactNode } from "react";

/** The frame of a screen: its heading (the SPEC §2 title) and its content. */
export function Screen({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  return (
    <main id="main" className={`mx-auto px-4 py-8 ${wide ? "max-w-7xl" : "max-w-4xl"}`}>
      <h1 className="text-3xl font-bold text-secondary">{title}</h1>
      {children}
    </main>
  );
}

/**
 * Said plainly on screens whose feature is owned by a later issue (listed as "not built yet" in the
 * README's status table), so nothing unfinished passes for finished.
 */
export function NotBuiltYet({ what }: { what: string }) {
  return (
    <p className="mt-4 rounded border border-warning bg-warning/10 px-4 py-3" data-testid="not-built-yet">
      {what} is not built yet.
    </p>
  );
}
