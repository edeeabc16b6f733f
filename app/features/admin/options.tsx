import type { ReactNode } from "react";

// Apart from the console's fields (console-form.tsx, which bring the shop's form-field.tsx with
// them): a list's filter selects need only this.

/** A select's options, each keyed by its value. */
export function Options({ options }: { options: readonly { value: string | number; label: ReactNode }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
