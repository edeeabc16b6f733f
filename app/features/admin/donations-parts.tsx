import { useId, type ComponentProps } from "react";
import { NavLink } from "react-router";
import { FieldMessage } from "../../components/form-field";
import { ConsoleField } from "./console-form";
import { donationsHref } from "./donations";

// Pieces every Donations page shares: the section's tabs and a labelled control with its message.

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

/** The console's labelled field, its hint a shade darker on these pages. */
export function Field(field: Omit<ComponentProps<typeof ConsoleField>, "hintTone">) {
  return <ConsoleField {...field} hintTone="text-gray-700" />;
}

/** A checkbox with its label, and its error below. */
export function Tick({ name, label, defaultChecked, error }: { name: string; label: string; defaultChecked: boolean; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="yes"
          defaultChecked={defaultChecked}
          className="h-4 w-4"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {label}
      </label>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

export const inputClass = "mt-1 block min-h-10 w-full rounded border border-gray-400 bg-white px-2 aria-[invalid=true]:border-error";
export const buttonClass =
  "min-h-10 rounded bg-primary px-4 font-semibold text-white disabled:bg-disabled focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
