import { Options } from "./options";
import { Field, inputClass } from "./donations-parts";

// Apart from the other Donations pieces: only the store and segment forms use it, so the section's
// list pages do not load it.

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
