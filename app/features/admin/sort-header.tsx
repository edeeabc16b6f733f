import { Link } from "react-router";

// A console table's sortable column header: a link that sorts by the column (ascending first, the
// other way when already sorted by it), and aria-sort telling screen readers the current order.

export type Sort<K extends string> = { key: K; dir: "asc" | "desc" };

/** "placed-desc" → { key, dir }; anything else → the default. */
export function parseSort<K extends string>(value: string | null, keys: readonly K[], fallback: Sort<K>): Sort<K> {
  const m = /^([a-z_]+)-(asc|desc)$/.exec(value ?? "");
  return m && (keys as readonly string[]).includes(m[1]) ? { key: m[1] as K, dir: m[2] as "asc" | "desc" } : fallback;
}

export const sortValue = (s: Sort<string>) => `${s.key}-${s.dir}`;

export function SortHeader<K extends string>({ label, column, sort, href, className = "" }: { label: string; column: K; sort: Sort<K>; href: (sort: Sort<K>) => string; className?: string }) {
  const active = sort.key === column;
  const next: Sort<K> = { key: column, dir: active && sort.dir === "asc" ? "desc" : "asc" };
  return (
    <th scope="col" className={`p-2 ${className}`} aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={href(next)} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
        {label}
        <span aria-hidden="true">{active ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
}
