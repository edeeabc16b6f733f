import { NavLink } from "react-router";
import type { CauseListQuery } from "../../../rules/console/donation-settings-input";

// The console's Donations section, for its browser code: the labels SPEC §3 gives the store's and
// segments' coded fields, the links between the section's pages and its tabs (here, in the file every
// Donations page loads, rather than in a file of their own: one script less per page). No zod here (the forms are
// read by rules/console/donation-settings-input.ts in the actions).

/** SPEC §3 campaign types. */
export const CAMPAIGN_LABELS: readonly (readonly [value: number, label: string])[] = [
  [1, "Online purchase"],
  [2, "Rewards redemption"],
  [3, "Round-up donation"],
  [4, "Add-on donation"],
  [5, "Point of sale"],
  [6, "Post-purchase donation"],
  [7, "Round-up point of sale"],
];

/** SPEC §3 frontEndSource: where the widget reads the shopper's value. */
export const SOURCE_OPTIONS = [
  { value: "0", label: "Window property" },
  { value: "1", label: "Data layer" },
  { value: "2", label: "URL parameter" },
] as const;

/** SPEC §3 valueCategory; no category means equality with the first value. */
export const VALUE_CATEGORY_OPTIONS = [
  { value: "eq", label: "Equals the first value" },
  { value: "0", label: "Is empty" },
  { value: "1", label: "Is not empty" },
  { value: "2", label: "Is in the list (all of a list's values, and as many)" },
] as const;

export const ACTION_OPTIONS = [
  { value: "none", label: "None (the store's default donation)" },
  { value: "percentage", label: "Percentage of each line" },
  { value: "flat", label: "Flat amount per unit" },
] as const;

export const sourceLabel = (v: number) => SOURCE_OPTIONS.find((o) => o.value === String(v))?.label ?? String(v);
export const valueCategoryLabel = (v: number | null) => VALUE_CATEGORY_OPTIONS.find((o) => o.value === (v === null ? "eq" : String(v)))?.label ?? String(v);

/** Hundredths as typed in the forms: 750 → "7.5", 25 → "0.25". */
export const hundredthsText = (n: number) => String(n / 100);

/** A section page's URL, keeping the store chosen when the shop has several. */
export function donationsHref(path: string, storeId: string | null, params: Record<string, string | number | null | undefined> = {}): string {
  const p = new URLSearchParams();
  if (storeId) p.set("store", storeId);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** The causes list's URL with these settings, some changed; defaults left out. */
export function causeListHref(q: CauseListQuery, change: Partial<CauseListQuery> = {}): string {
  const all = { ...q, ...change };
  return donationsHref("/admin/donations/causes", null, {
    q: all.q,
    kind: all.kind,
    shown: all.shown,
    sort: all.sort === "name" ? null : all.sort,
    dir: all.dir === "asc" ? null : all.dir,
    page: all.page === 1 ? null : all.page,
  });
}

// The section's tabs, on each of its pages.
const TABS = [
  { path: "/admin/donations", label: "Store", end: true },
  { path: "/admin/donations/causes", label: "Causes", end: false },
  { path: "/admin/donations/segments", label: "Segments", end: false },
  { path: "/admin/donations/report", label: "Report", end: false },
] as const;

export function DonationsTabs({ storeParam }: { storeParam: string | null }) {
  return (
    <nav aria-label="Donations" className="mt-4 flex flex-wrap gap-1 border-b border-gray-400">
      {TABS.map((t) => (
        <NavLink
          key={t.path}
          to={t.path === "/admin/donations/causes" ? t.path : donationsHref(t.path, storeParam)}
          end={t.end}
          className={({ isActive }) =>
            `rounded-t border border-b-0 px-4 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary ${isActive ? "border-gray-400 bg-white font-semibold" : "border-transparent text-primary underline"}`
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
