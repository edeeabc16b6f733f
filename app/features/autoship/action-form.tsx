import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import type { ExtraIntent } from "../../../rules/autoship/extras-input";
import type { SubscriptionAction } from "../../../rules/autoship/subscription-states";

// The building blocks of every subscription action: a plain form posting the subscription and an
// `intent` (it works before JavaScript loads), a bounded number/date input with its message, and a
// collapsible section for the less frequent changes.

/** The messages of the one form that failed, keyed by field, and which intent it was. */
export type CardErrors = { intent: string; errors: Record<string, string> } | null;

export const buttonClass =
  "rounded bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";
export const secondaryButton = "rounded border border-primary px-4 py-2 font-semibold text-primary hover:bg-primary/5";

export function ActionForm({ id, intent, children, label }: { id: string; intent: SubscriptionAction; children?: ReactNode; label?: string }) {
  return (
    <Form method="post" aria-label={label} className="mt-2">
      <input type="hidden" name="subscriptionId" value={id} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** A number or date input with its message beside it (the shared TextField has no min/max). */
export function BoundedField(p: {
  name: string;
  label: string;
  type: "number" | "date";
  min: string;
  max: string;
  defaultValue: string;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-2">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {p.label}
      </label>
      <input
        id={id}
        name={p.name}
        type={p.type}
        min={p.min}
        max={p.max}
        defaultValue={p.defaultValue}
        required={p.required}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
        className="w-48 rounded border border-gray-400 px-3 py-2 aria-[invalid=true]:border-error"
      />
      {p.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

/** The next order's date, within the bounds the service accepts (`dateBounds`). */
export function OrderDateField({
  dateBounds,
  ...field
}: {
  label: string;
  dateBounds: { min: string; max: string };
  defaultValue: string;
  error: string | undefined;
  required?: boolean;
}) {
  return <BoundedField name="nextOrderDate" type="date" {...dateBounds} {...field} />;
}

type IntentButton = { intent: ExtraIntent; label: string };

/** A setting's Save button and, while something is set, the button that clears it; each posts its own intent. */
export function SaveAndClearButtons({ save, clear }: { save: IntentButton; clear: IntentButton | null }) {
  return (
    <div className="mt-3 flex gap-3">
      <button type="submit" name="intent" value={save.intent} className={secondaryButton}>
        {save.label}
      </button>
      {clear ? (
        <button type="submit" name="intent" value={clear.intent} className={secondaryButton}>
          {clear.label}
        </button>
      ) : null}
    </div>
  );
}

/** A change kept folded until asked for; open when its form failed. */
export function ChangeSection({ title, open, children, testId }: { title: string; open: boolean; children: ReactNode; testId: string }) {
  return (
    <details open={open} className="rounded border border-gray-200 px-3 py-2" data-testid={testId}>
      <summary className="cursor-pointer font-semibold text-primary">{title}</summary>
      {children}
    </details>
  );
}
