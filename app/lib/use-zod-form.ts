import { useState, type FocusEvent, type FormEvent } from "react";
import type { z } from "zod";
import { formValues } from "../../rules/account/forms";
import { fieldErrors } from "../../rules/shared/zod-errors";

/**
 * Browser-side checking of a form with its rules/ schema (STYLE habit 1): on submit (the post is
 * stopped and the first bad field focused) and on leaving a field. The action checks again with
 * the same schema; its errors (`serverErrors`) show until the field is checked anew. A field in
 * error is checked again on every change.
 */
export function useZodForm(schema: z.ZodType, serverErrors: Record<string, string> | undefined) {
  const [client, setClient] = useState<Record<string, string | null>>({});
  const [seen, setSeen] = useState(serverErrors);
  if (seen !== serverErrors) {
    // A new answer from the server: its messages replace the browser's.
    setSeen(serverErrors);
    setClient({});
  }

  const errors: Record<string, string> = { ...serverErrors };
  for (const [k, v] of Object.entries(client)) {
    if (v) errors[k] = v;
    else delete errors[k];
  }

  function check(form: HTMLFormElement) {
    const result = schema.safeParse(formValues(new FormData(form)));
    return result.success ? {} : fieldErrors(result.error);
  }

  return {
    errors,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const found = check(event.currentTarget);
      const names = Array.from(event.currentTarget.elements)
        .map((el) => (el as HTMLInputElement).name)
        .filter(Boolean);
      const next: Record<string, string | null> = {};
      for (const name of names) next[name] = found[name] ?? null;
      setClient(next);
      const first = names.find((n) => found[n]);
      if (first) {
        event.preventDefault();
        (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus?.();
      }
    },
    /** A field already in error is checked again as it is typed in, so the message goes as soon as it is fixed. */
    onChange(event: FormEvent<HTMLFormElement>) {
      const target = event.target as unknown as HTMLInputElement;
      if (!target.name || !errors[target.name]) return;
      const found = check(event.currentTarget);
      setClient((prev) => ({ ...prev, [target.name]: found[target.name] ?? null }));
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const target = event.target as unknown as HTMLInputElement;
      if (!target.name || target.type === "hidden" || target.type === "submit") return;
      // Focus moving to this form's submit button: the submit checks everything, and a message
      // appearing now would shift the button away from under the pointer.
      const next = event.relatedTarget as HTMLElement | null;
      if (next && next.getAttribute("type") === "submit" && event.currentTarget.contains(next)) return;
      // Only complain about a field the shopper has filled or already been told about.
      if (target.value === "" && !errors[target.name]) return;
      const found = check(event.currentTarget);
      setClient((prev) => ({ ...prev, [target.name]: found[target.name] ?? null }));
    },
  };
}
