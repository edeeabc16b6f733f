import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Column } from "./console-table";

// A console table's sortable column header: a link that sorts by the column, and aria-sort telling
// screen readers the current order. Every console list uses it.

export type Sort<K extends string> = { key: K; dir: "asc" | "desc" };

/** "placed-desc" → { key, dir }; anything else → the default. */
export function parseSort<K extends string>(value: string | null, keys: readonly K[], fallback: Sort<K>): Sort<K> {
  const m = /^([a-z_]+)-(asc|desc)$/.exec(value ?? "");
  return m && (keys as readonly string[]).includes(m[1]) ? { key: m[1] as K, dir: m[2] as "asc" | "desc" } : fallback;
}

export const sortValue = (s: Sort<string>) => `${s.key}-${s.dir}`;

/** A sortable column header: a link (to `href`, the other order or this column) and aria-sort on the header. */
export function SortableTh({
  label,
  active,
  dir,
  href,
  className = "",
}: {
  label: string;
  active: boolean;
  dir: "asc" | "desc";
  href: string;
  className?: string;
}) {
  return (
    <th scope="col" className={`p-2 ${className}`} aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={href} className="inline-flex items-center gap-1 text-primary underline">
        {label}
        <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
}

/** The columns of a ConsoleTable sorted by `sort`: `sortable(label, column, cell, className)` is one with a sortable header. */
export function sortableColumns<K extends string, R>(sort: Sort<K>, href: (sort: Sort<K>) => string) {
  return queryColumns<K, R>({ sort: sort.key, dir: sort.dir }, (next) => href({ key: next.sort, dir: next.dir }));
}

/** A list query that carries its order flat, as `sort` and `dir`. */
export type SortState<S extends string> = { sort: S; dir: "asc" | "desc" };

/** The order after a click on `column`'s header: ascending first, the other way when already sorted by it. */
export function nextSort<S extends string>(q: SortState<S>, column: S): SortState<S> {
  return { sort: column, dir: q.sort === column && q.dir === "asc" ? "desc" : "asc" };
}

/** As sortableColumns, for a list whose query carries its order as `sort` and `dir`; `href` links to the order given. */
export function queryColumns<S extends string, R>(query: SortState<S>, href: (next: SortState<S>) => string) {
  return (label: string, column: S, cell: (row: R) => ReactNode, className?: string): Column<R> => ({
    label,
    head: <SortableTh label={label} active={query.sort === column} dir={query.dir} href={href(nextSort(query, column))} className={className} />,
    cell,
    className,
  });
}
