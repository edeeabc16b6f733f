import { useId, type ReactNode } from "react";
import type { FormNode } from "../../../server/modules/content";
import { FieldMessage } from "../../components/form-field";
import { Options } from "./options";

// The console's entry form, drawn from the description generated on the server from the content
// types (server/modules/content/form.ts): one labelled input per field, its message beside it
// (aria-invalid, aria-describedby), groups as fieldsets, repeated groups with a "remove" box per item
// and buttons that add one (the form comes back with it; nothing is saved until "Save draft").

const inputClass = "mt-1 w-full rounded border border-gray-400 bg-white px-3 py-2 aria-[invalid=true]:border-error";

function Input({ node, errors }: { node: Exclude<FormNode, { kind: "group" | "list" | "hidden" }>; errors: Record<string, string> }) {
  const id = useId();
  const error = errors[node.name];
  const a11y = {
    id,
    name: node.name,
    "aria-invalid": error ? true : undefined,
    "aria-required": node.required || undefined,
    "aria-describedby": error ? `${id}-error` : node.hint ? `${id}-hint` : undefined,
  } as const;
  if (node.kind === "checkbox") {
    return (
      <div className="mt-3">
        <div className="flex items-center gap-2">
          <input {...a11y} type="checkbox" defaultChecked={node.value} className="h-4 w-4" />
          <label htmlFor={id}>{node.label}</label>
        </div>
        <FieldMessage id={id} error={error} />
      </div>
    );
  }
  const label = (
    <label htmlFor={id} className="block text-sm font-semibold">
      {node.label}
      {node.required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  let control: ReactNode;
  if (node.kind === "select") {
    control = (
      <select {...a11y} defaultValue={node.value} className={inputClass}>
        <option value="">{node.required ? "Choose…" : "(default)"}</option>
        <Options options={node.options.map((o) => ({ value: o, label: o }))} />
      </select>
    );
  } else if (node.kind === "textarea" || node.kind === "lines" || node.kind === "pairs") {
    control = <textarea {...a11y} defaultValue={node.value} rows={node.kind === "textarea" ? 5 : 3} className={`${inputClass} font-mono text-sm`} />;
  } else {
    control = (
      <input
        {...a11y}
        type={node.kind === "email" ? "email" : "text"}
        inputMode={node.kind === "number" ? "numeric" : undefined}
        defaultValue={node.value}
        maxLength={node.kind === "text" ? node.maxLength : undefined}
        className={inputClass}
      />
    );
  }
  return (
    <div className="mt-3">
      {label}
      {control}
      <FieldMessage id={id} error={error} hint={node.hint} hintTone="text-gray-700" />
    </div>
  );
}

export function ContentFields({ nodes, errors }: { nodes: FormNode[]; errors: Record<string, string> }) {
  return (
    <>
      {nodes.map((node) => (
        <Field key={node.name} node={node} errors={errors} />
      ))}
    </>
  );
}

function Field({ node, errors }: { node: FormNode; errors: Record<string, string> }) {
  if (node.kind === "hidden") return <input type="hidden" name={node.name} value={node.value} />;
  if (node.kind === "group") {
    return (
      <fieldset className="mt-4 rounded border border-gray-300 p-3">
        <legend className="px-1 text-sm font-semibold">
          {node.label}
          {node.required ? "" : " (optional)"}
        </legend>
        {errors[node.name] ? <p className="text-sm font-medium text-error">{errors[node.name]}</p> : null}
        <ContentFields nodes={node.fields} errors={errors} />
      </fieldset>
    );
  }
  if (node.kind === "list") {
    const full = node.max !== null && node.items.length >= node.max;
    return (
      <fieldset className="mt-4 rounded border border-gray-300 p-3" data-testid={`list-${node.name}`}>
        <legend className="px-1 text-sm font-semibold">{node.label}</legend>
        <input type="hidden" name={`${node.name}._count`} value={node.items.length} />
        {errors[node.name] ? <p className="text-sm font-medium text-error">{errors[node.name]}</p> : null}
        {node.items.length === 0 ? <p className="text-sm text-gray-700">None yet.</p> : null}
        <ol className="space-y-3">
          {node.items.map((item, i) => (
            <li key={`${node.name}.${i}`} className="rounded border border-gray-200 bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold">
                  {node.label} {i + 1}
                  {item.variant ? ` · ${item.variant}` : ""}
                </span>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`${node.name}.${i}._remove`} className="h-4 w-4" />
                  Remove on save
                </label>
              </div>
              <ContentFields nodes={item.fields} errors={errors} />
            </li>
          ))}
        </ol>
        {full ? null : (
          <div className="mt-3 flex flex-wrap gap-2">
            {(node.variants ?? [null]).map((variant) => (
              <button
                key={variant ?? "item"}
                type="submit"
                name="intent"
                value={`add:${node.name}:${variant ?? ""}`}
                formNoValidate
                className="rounded border border-primary px-3 py-1 text-sm text-primary hover:bg-primary/5"
              >
                Add {variant ?? "one"} to {node.label.toLowerCase()}
              </button>
            ))}
          </div>
        )}
      </fieldset>
    );
  }
  return <Input node={node} errors={errors} />;
}
