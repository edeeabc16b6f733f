import type { ReactNode } from "react";
import { Form, Link } from "react-router";

// The console's list controls, one look for every table: the GET form of search box and filter
// selects, the count of what matched, and the pager under the table.

const selectClass = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2";

export function SearchBox({ value, placeholder, label = "Search", name = "q" }: { value: string; placeholder: string; label?: string; name?: string }) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <input name={name} defaultValue={value} placeholder={placeholder} className="mt-1 block min-h-10 w-64 rounded border border-gray-400 px-2" />
    </label>
  );
}

/** A filter's select, its options as value → text in order: the first (value "") means no filter. */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  options: Readonly<Record<string, string>>;
}) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value ?? ""} className={selectClass}>
        {/* Not options.tsx's Options: every list page loads this file, few need that one. */}
        {Object.entries(options).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's search form: its fields, then its button (and `after` it, e.g. a Clear link). */
export function FilterForm({
  label,
  children,
  after,
  button = "Filter",
  className = "mt-4",
}: {
  label: string;
  children: ReactNode;
  after?: ReactNode;
  button?: string;
  className?: string;
}) {
  return (
    <Form method="get" className={`${className} flex flex-wrap items-end gap-3`} role="search" aria-label={label}>
      {children}
      <button
        type="submit"
        className="min-h-10 rounded bg-primary px-4 font-semibold text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {button}
      </button>
      {after}
    </Form>
  );
}

/**
 * "12 orders" (or "Loading…" while the next page of the list loads), announced when it changes; then
 * `children`, e.g. the list's CSV export link.
 */
export function ListTotal({
  total,
  one,
  many,
  loading = false,
  testId,
  children,
}: {
  total: number;
  one: string;
  many: string;
  loading?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <p className="mt-4 flex gap-4 text-sm">
      <span data-testid={testId} aria-live="polite">
        {loading ? "Loading…" : `${total} ${total === 1 ? one : many}`}
      </span>
      {children}
    </p>
  );
}

export const SITE_OPTIONS = { "": "Both", d2c: "Shop", hpsf: "Staff" };

export const AUTOSHIP_OPTIONS = { "": "Any", yes: "With Autoship", no: "Without" };

/** How a list names the site a row belongs to. */
export const siteLabel = (site: string) => (site === "hpsf" ? "Staff" : "Shop");

/** A Clear link after a list's filters: back to the list unfiltered. */
export function ClearLink({ to }: { to: string }) {
  return (
    <Link to={to} className="min-h-10 py-2 text-sm text-primary underline">
      Clear
    </Link>
  );
}

export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="text-primary underline">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="text-primary underline">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
