import { z } from "zod";
import { BODY_SCHEMAS, type ContentType } from "./types";

// The console's entry form, generated from the content types (types.ts BODY_SCHEMAS): each field of a
// type's schema becomes an input — text, long text for rich text ("…Html") and long strings, e-mail,
// number, checkbox, a choice for enums, one-per-line lists, groups for nested objects and repeatable
// groups for lists of objects (with a kind to choose for sections). The same walk reads a submitted
// form back into a body, which the type's schema then validates; its messages are keyed by the
// field's dotted name ("sections.0.heading"), so each is shown beside its input.
//
// The walk goes over the JSON Schema zod derives from each type (z.toJSONSchema), a stable,
// documented description of the shape; the zod schema itself stays the one source of the rules.

type JsonNode = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, JsonNode>;
  required?: string[];
  additionalProperties?: JsonNode | boolean;
  items?: JsonNode;
  oneOf?: JsonNode[];
  anyOf?: JsonNode[];
};

type Base = { name: string; label: string; required: boolean; hint?: string };
export type FormNode =
  | (Base & { kind: "text" | "textarea" | "email" | "number"; value: string; maxLength?: number })
  | (Base & { kind: "checkbox"; value: boolean })
  | (Base & { kind: "select"; options: string[]; value: string })
  | (Base & { kind: "lines" | "pairs"; value: string })
  | (Base & { kind: "hidden"; value: string })
  | (Base & { kind: "group"; fields: FormNode[] })
  | (Base & { kind: "list"; items: { fields: FormNode[]; variant: string | null }[]; variants: string[] | null; max: number | null });

/** Anything with get/has, as FormData and URLSearchParams are. */
export type FormValues = { get(name: string): FormDataEntryValue | null; has(name: string): boolean };

const jsonSchemas = new Map<ContentType, JsonNode>();
function rootOf(type: ContentType): JsonNode {
  let root = jsonSchemas.get(type);
  if (!root) {
    root = z.toJSONSchema(BODY_SCHEMAS[type], { io: "input", unrepresentable: "any" }) as JsonNode;
    jsonSchemas.set(type, root);
  }
  return root;
}

const LABELS: Record<string, string> = {
  bg_color: "Background colour",
  copyColor: "Text colour",
  src: "Image file",
  alt: "Alternative text",
  url: "Link (URL)",
  external: "Opens another site",
  isLastComponent: "Last block on the page",
  imageSide: "Image side",
  navigationHandle: "Navigation key",
  handles: "Product handles",
  addressLines: "Address lines",
  legalHtml: "Legal text (HTML)",
  order: "Order on the page",
  page: "Page it appears on",
};

/** "bodyHtml" → "Body (HTML)", "answerHtml" → "Answer (HTML)", "ordersEmptyText" → "Orders empty text". */
export function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const html = key.endsWith("Html");
  const words = (html ? key.slice(0, -4) : key)
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return html ? `${label} (HTML)` : label;
}

const variantsOf = (node: JsonNode) => node.oneOf ?? node.anyOf ?? null;
const variantName = (node: JsonNode) => String(node.properties?.kind?.const ?? "");

function hintOf(node: JsonNode): string | undefined {
  if (node.pattern === "^cms\\/[a-z0-9-]+\\.webp$") return "Like cms/{name}.webp: a file in content/assets.";
  if (node.format === "email") return undefined;
  return undefined;
}

const str = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "string" ? v : String(v));

function describe(node: JsonNode, name: string, key: string, value: unknown, required: boolean): FormNode {
  const label = labelOf(key);
  if (node.const !== undefined) return { kind: "hidden", name, label, required: true, value: str(node.const) };
  if (node.enum) return { kind: "select", name, label, required, options: node.enum.map(String), value: str(value) };
  switch (node.type) {
    case "boolean":
      return { kind: "checkbox", name, label, required: false, value: value === true };
    case "number":
    case "integer":
      return { kind: "number", name, label, required, value: str(value) };
    case "array": {
      const items = node.items ?? {};
      const list = Array.isArray(value) ? value : [];
      if (items.type === "string" && !items.enum) {
        return { kind: "lines", name, label, required: required && (node.minItems ?? 0) > 0, hint: "One per line.", value: list.map(str).join("\n") };
      }
      const variants = variantsOf(items);
      return {
        kind: "list",
        name,
        label,
        required: required && (node.minItems ?? 0) > 0,
        max: node.maxItems ?? null,
        variants: variants ? variants.map(variantName) : null,
        items: list.map((item, i) => {
          const variant = variants ? (variants.find((v) => variantName(v) === (item as { kind?: unknown })?.kind) ?? variants[0]!) : items;
          return { variant: variants ? variantName(variant) : null, fields: fieldsOf(variant, `${name}.${i}`, item) };
        }),
      };
    }
    case "object": {
      if (!node.properties && node.additionalProperties && typeof node.additionalProperties === "object") {
        const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
        return {
          kind: "pairs",
          name,
          label,
          required: false,
          hint: "One per line, as name = value.",
          value: Object.entries(record)
            .map(([k, v]) => `${k} = ${str(v)}`)
            .join("\n"),
        };
      }
      return { kind: "group", name, label, required, fields: fieldsOf(node, name, value) };
    }
    default: {
      const long = key.endsWith("Html") || (node.maxLength ?? 0) > 500;
      const kind = node.format === "email" ? "email" : long ? "textarea" : "text";
      return { kind, name, label, required: required && (node.minLength ?? 0) > 0, maxLength: node.maxLength, hint: hintOf(node), value: str(value) };
    }
  }
}

function fieldsOf(node: JsonNode, prefix: string, value: unknown): FormNode[] {
  const obj = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([key, child]) => describe(child, prefix ? `${prefix}.${key}` : key, key, obj[key], required.has(key)));
}

/** The form of a type, filled with a body (the entry's working copy, or what was just submitted). */
export function describeForm(type: ContentType, body: unknown): FormNode[] {
  return fieldsOf(rootOf(type), "", body);
}

const isEmpty = (v: unknown) => v === undefined || v === "" || v === false || (Array.isArray(v) && v.length === 0);

function read(node: JsonNode, name: string, form: FormValues, required: boolean): unknown {
  if (node.const !== undefined) return node.const;
  const raw = form.get(name);
  const text = typeof raw === "string" ? raw : "";
  if (node.enum) return text === "" ? undefined : text;
  switch (node.type) {
    case "boolean":
      return form.has(name) ? text === "on" || text === "true" : false;
    case "number":
    case "integer": {
      if (text.trim() === "") return undefined;
      const n = Number(text);
      // Left as text, the schema answers "expected number" for the field.
      return Number.isFinite(n) ? n : text;
    }
    case "array": {
      const items = node.items ?? {};
      if (items.type === "string" && !items.enum) {
        return text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean);
      }
      const variants = variantsOf(items);
      const count = Math.min(Number(form.get(`${name}._count`)) || 0, 200);
      const out: unknown[] = [];
      for (let i = 0; i < count; i++) {
        const at = `${name}.${i}`;
        if (form.has(`${at}._remove`)) continue;
        const kind = form.get(`${at}.kind`);
        const variant = variants ? variants.find((v) => variantName(v) === kind) : items;
        if (!variant) continue;
        out.push(readObject(variant, at, form, true));
      }
      return out;
    }
    case "object": {
      if (!node.properties && node.additionalProperties && typeof node.additionalProperties === "object") {
        const record: Record<string, string> = {};
        for (const line of text.split(/\r?\n/)) {
          if (!line.trim()) continue;
          const eq = line.indexOf("=");
          record[(eq < 0 ? line : line.slice(0, eq)).trim()] = eq < 0 ? "" : line.slice(eq + 1).trim();
        }
        return record;
      }
      return readObject(node, name, form, required);
    }
    default:
      // An optional text left empty is left out (its default applies); a required one stays "" for the schema to refuse.
      return text === "" && !required ? undefined : text;
  }
}

function readObject(node: JsonNode, prefix: string, form: FormValues, required: boolean): Record<string, unknown> | undefined {
  const requiredKeys = new Set(node.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const v = read(child, prefix ? `${prefix}.${key}` : key, form, requiredKeys.has(key));
    if (v !== undefined) out[key] = v;
  }
  // An optional group (an image, a link) left blank is no group at all.
  if (!required && Object.entries(out).every(([k, v]) => isEmpty(v) || node.properties?.[k]?.const !== undefined)) return undefined;
  return out;
}

/** The body a submitted form describes (not yet validated: BODY_SCHEMAS does that). */
export function readForm(type: ContentType, form: FormValues): Record<string, unknown> {
  return readObject(rootOf(type), "", form, true) ?? {};
}

/**
 * One more item in a repeatable group ("sections", "sections.0.buttons"), of a kind for sections:
 * the form is shown again with it, nothing is saved. Unknown paths change nothing.
 */
export function addItem(type: ContentType, body: Record<string, unknown>, listName: string, variant: string | null): Record<string, unknown> {
  const path = listName.split(".");
  let node: JsonNode | undefined = rootOf(type);
  let holder: Record<string, unknown> | unknown[] = body;
  for (let i = 0; i < path.length; i++) {
    const part = path[i]!;
    if (!node) return body;
    if (node.type === "array") {
      const index = Number(part);
      const items: JsonNode = node.items ?? {};
      const arr = holder as unknown as unknown[];
      if (!Number.isInteger(index) || !arr[index] || typeof arr[index] !== "object") return body;
      node = variantsOf(items)?.find((v) => variantName(v) === (arr[index] as { kind?: unknown }).kind) ?? items;
      holder = arr[index] as Record<string, unknown>;
      continue;
    }
    const child: JsonNode | undefined = node.properties?.[part];
    if (!child) return body;
    const obj = holder as Record<string, unknown>;
    if (i === path.length - 1) {
      if (child.type !== "array") return body;
      const list = Array.isArray(obj[part]) ? (obj[part] as unknown[]) : [];
      if (child.maxItems !== undefined && list.length >= child.maxItems) return body;
      const variants = variantsOf(child.items ?? {});
      if (variants && !variants.some((v) => variantName(v) === variant)) return body;
      obj[part] = [...list, variants ? { kind: variant } : {}];
      return body;
    }
    if (!obj[part] || typeof obj[part] !== "object") return body;
    node = child;
    holder = obj[part] as Record<string, unknown>;
  }
  return body;
}
