import { useId, type ComponentProps } from "react";
import { FieldMessage } from "../../components/form-field";
import { ConsoleField } from "./console-form";

// Pieces the Donations pages share: a labelled control with its message, a tick box, the controls'
// looks (the section's tabs are donations-tabs.tsx: the pages that only list load no form field).

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
