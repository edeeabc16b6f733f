import { Link } from "react-router";

// The console's list controls, one look for every table: the search box and filter selects of a
// GET form, and the pager under the table.

const selectClass = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2";

export function SearchBox({ value, placeholder, label = "Search", name = "q" }: { value: string; placeholder: string; label?: string; name?: string }) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <input name={name} defaultValue={value} placeholder={placeholder} className="mt-1 block min-h-10 w-64 rounded border border-gray-400 px-2" />
    </label>
  );
}

/** A filter's select: the first option (value "") means no filter. */
export function FilterSelect({ label, name, value, options }: { label: string; name: string; value: string | null | undefined; options: readonly (readonly [value: string, label: string])[] }) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value ?? ""} className={selectClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export const SITE_OPTIONS = [
  ["", "Both"],
  ["d2c", "Shop"],
  ["hpsf", "Staff"],
] as const;

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
