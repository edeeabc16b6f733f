import type { ComponentProps, ReactNode } from "react";
import { Labelled } from "../../components/form-field";

// The console's labelled field: the shop's (components/form-field.tsx), set closer — no gap above,
// the control spaced from its label by its own margin — as the console's dense forms lay it out.

export function ConsoleField({ className = "", ...field }: Omit<ComponentProps<typeof Labelled>, "labelClassName">) {
  return <Labelled className={className} labelClassName="block text-sm font-semibold" {...field} />;
}

/**
 * The box a destructive form needs ticked (`confirm=yes`) and, under it, why the last post was
 * refused without it; `errorId` ties the two together for screen readers.
 */
export function ConfirmCheckbox({
  errorId,
  error,
  markInvalid = false,
  children,
}: {
  errorId: string;
  error?: string;
  /** Also flags the box itself as invalid while the refusal shows. */
  markInvalid?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="confirm"
          value="yes"
          className="h-4 w-4"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={markInvalid && error ? true : undefined}
        />
        {children}
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
