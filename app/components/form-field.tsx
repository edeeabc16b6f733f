import { useId, type ReactNode } from "react";

// Form fields with their message beside them: aria-invalid and aria-describedby tie the message to
// the input for screen readers.

type Common = { name: string; label: string; errors: Record<string, string>; hint?: string };

/**
 * A field's error, or else its hint, under the control whose aria-describedby names it. Hints are
 * text-gray-600 unless `hintTone` says otherwise (some console forms set theirs darker).
 */
export function FieldMessage({ id, error, hint, hintTone = "text-gray-600" }: { id: string; error?: string; hint?: string; hintTone?: string }) {
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className={`mt-1 text-sm ${hintTone}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

const inputClass = "w-full rounded border border-gray-400 px-3 py-2 aria-[invalid=true]:border-error";

type ControlA11y = { id: string; "aria-required"?: true; "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * A label, the control and its message: the control gets `a11y` (id, aria-*) to spread. The shop's
 * fields below and the console's (app/features/admin/console-form.tsx, closer set) share it.
 */
export function Labelled({
  label,
  error,
  hint,
  required,
  className = "mt-4",
  labelClassName = "mb-1 block text-sm font-semibold",
  hintTone,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  labelClassName?: string;
  hintTone?: string;
  children: (a11y: ControlA11y) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, "aria-required": required || undefined, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <FieldMessage id={id} error={error} hint={hint} hintTone={hintTone} />
    </div>
  );
}

/** A shop form's field: `Labelled` with the message of its name in `errors`. */
function Field({ name, errors, children, ...field }: Common & { required?: boolean; children: (a11y: ControlA11y & { name: string }) => ReactNode }) {
  return (
    <Labelled {...field} error={errors[name]}>
      {(a11y) => children({ ...a11y, name })}
    </Labelled>
  );
}

export function TextField({
  type = "text",
  defaultValue,
  autoComplete,
  inputMode,
  maxLength,
  ...field
}: Common & {
  type?: "text" | "email" | "password" | "tel" | "date";
  defaultValue?: string | null;
  autoComplete?: string;
  required?: boolean;
  inputMode?: "numeric" | "decimal" | "text" | "tel" | "email";
  maxLength?: number;
}) {
  return (
    <Field {...field}>
      {(a11y) => (
        <input
          {...a11y}
          type={type}
          defaultValue={defaultValue ?? undefined}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export function TextArea({ defaultValue, rows = 6, ...field }: Common & { defaultValue?: string; required?: boolean; rows?: number }) {
  return <Field {...field}>{(a11y) => <textarea {...a11y} rows={rows} defaultValue={defaultValue} className={inputClass} />}</Field>;
}

export function SelectField({
  options,
  defaultValue,
  placeholder,
  ...field
}: Common & { options: readonly { value: string; label: string }[]; defaultValue?: string; required?: boolean; placeholder?: string }) {
  return (
    <Field {...field}>
      {(a11y) => (
        <select {...a11y} defaultValue={defaultValue ?? ""} className={`${inputClass} bg-white`}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({
  name,
  label,
  defaultChecked,
  error,
  required,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-4">
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-4 w-4 shrink-0"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "success" | "info" }) {
  const cls = tone === "error" ? "border-error bg-error/10" : tone === "success" ? "border-success bg-success/10" : "border-primary bg-primary/5";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mt-4 rounded border px-4 py-3 ${cls}`}>
      {children}
    </div>
  );
}

export function SubmitButton({ children, busy, name, value }: { children: ReactNode; busy?: boolean; name?: string; value?: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className="mt-6 rounded bg-primary px-5 py-2 font-semibold text-white hover:bg-secondary disabled:bg-disabled"
    >
      {children}
    </button>
  );
}
