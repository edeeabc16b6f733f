import { useId, type ComponentProps } from "react";
import { NavLink } from "react-router";
import { FieldMessage } from "../../components/form-field";
import { ConsoleField, Options } from "./console-form";
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

/**
 * A field of a Donations form, described as data: a select when it has `options`, a textarea when
 * it has `rows`, else an input (given `type`, `inputMode`, `maxLength`).
 */
export type FieldSpec<Name extends string = string> = {
  name: Name;
  label: string;
  hint?: string;
  /** The field's own class (e.g. a grid span). */
  className?: string;
  options?: readonly { value: string | number; label: string }[];
  rows?: number;
  type?: "email" | "tel";
  inputMode?: "numeric" | "decimal";
  maxLength?: number;
  /** Ids and codes, set in a monospaced font. */
  mono?: true;
  uppercase?: true;
};

/** Each of `fields`, holding its value from `values` and showing its message from `errors`. */
export function Fields<Name extends string>({
  fields,
  values,
  errors,
}: {
  fields: readonly FieldSpec<Name>[];
  values: Readonly<Record<Name, string | number>>;
  errors: Readonly<Record<string, string>>;
}) {
  return fields.map(({ name, label, hint, className, options, rows, mono, uppercase, ...input }) => {
    const control = `${inputClass}${mono ? " font-mono" : ""}${uppercase ? " uppercase" : ""}`;
    const value = values[name];
    return (
      <Field key={name} label={label} error={errors[name]} hint={hint} className={className}>
        {(a11y) =>
          options ? (
            <select {...a11y} name={name} defaultValue={value} className={control}>
              <Options options={options} />
            </select>
          ) : rows ? (
            <textarea {...a11y} name={name} defaultValue={value} rows={rows} className={control} />
          ) : (
            <input {...a11y} {...input} name={name} defaultValue={value} className={control} />
          )
        }
      </Field>
    );
  });
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
