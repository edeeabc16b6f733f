import type { ComponentProps } from "react";
import { Labelled } from "../../components/form-field";

// The console's labelled field: the shop's (components/form-field.tsx), set closer — no gap above,
// the control spaced from its label by its own margin — as the console's dense forms lay it out.

export function ConsoleField({ className = "", ...field }: Omit<ComponentProps<typeof Labelled>, "labelClassName">) {
  return <Labelled className={className} labelClassName="block text-sm font-semibold" {...field} />;
}
