import type { ComponentProps, ReactNode } from "react";
import { Labelled } from "../../components/form-field";

// The console's labelled field: the shop's (components/form-field.tsx), set closer — no gap above,
// the control spaced from its label by its own margin — as the console's dense forms lay it out.

export function ConsoleField({ className = "", ...field }: Omit<ComponentProps<typeof Labelled>, "labelClassName">) {
  return <Labelled className={className} labelClassName="block text-sm font-semibold" {...field} />;
}

/** A select's options, each keyed by its value. */
export function Options({ options }: { options: readonly { value: string | number; label: ReactNode }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
