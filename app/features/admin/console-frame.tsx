import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";

// The console's own frame: no storefront header, footer or carousels; never cached, never indexed.

export const consoleHeaders = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });

export function ConsoleFrame({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-mist/40">{children}</div>;
}

export function ConsoleNav({
  sections,
  operator,
}: {
  sections: readonly { path: string; label: string; count?: number | null }[];
  operator: { email: string; roleLabel: string };
}) {
  return (
    <header className="border-b border-gray-300 bg-secondary text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <span className="font-bold">Console</span>
        <nav aria-label="Console">
          <ul className="flex flex-wrap gap-1">
            {sections.map((s) => (
              <li key={s.path}>
                <NavLink
                  to={s.path}
                  // A section with another under its path (E-mail list, Campaigns) is current on its own pages only.
                  end={sections.some((o) => o.path.startsWith(`${s.path}/`))}
                  className={({ isActive }) =>
                    `rounded px-3 py-1.5 hover:bg-white/15 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white ${isActive ? "bg-white/20 font-semibold" : ""}`
                  }
                >
                  {s.label}
                  {s.count ? (
                    // What waits for this operator (reviews to moderate): the number, and its meaning for screen readers.
                    <>
                      {" "}
                      <span className="ml-1 rounded-full bg-white px-1.5 text-xs font-bold text-secondary" data-testid={`console-nav-count-${s.path.slice(7)}`}>
                        {s.count}
                        <span className="sr-only"> waiting</span>
                      </span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="ml-auto text-sm" data-testid="console-operator">
          {operator.email} · {operator.roleLabel}
        </span>
        <NavLink
          to="/admin/security"
          className="rounded px-2 py-1 text-sm underline hover:bg-white/15 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
        >
          Sign-in security
        </NavLink>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="rounded border border-white/60 px-3 py-1 text-sm hover:bg-white/15">
            Sign out
          </button>
        </Form>
      </div>
    </header>
  );
}

export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold text-secondary">{title}</h1>
      {children}
    </main>
  );
}

/** The link from an item's page up to its list ("All causes"), under the page's title. */
export function ListLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-2 text-sm">
      <Link to={to} className="text-primary underline">
        {children}
      </Link>
    </p>
  );
}

/**
 * A part of a console page under its own heading (named by `id` for screen readers); `heading` h3
 * for a part within a part.
 */
export function ConsoleSection({
  id,
  title,
  className = "mt-6",
  heading: Heading = "h2",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  heading?: "h2" | "h3";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className="text-lg font-semibold">
        {title}
      </Heading>
      {children}
    </section>
  );
}
