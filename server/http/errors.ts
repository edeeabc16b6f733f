import type { Context, Env, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { fieldErrors } from "../../rules/shared/zod-errors";

/** The API's one error shape (ARCHITECTURE §4). */
export type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };

export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string, fields?: Record<string, string>) {
  const body: ApiError = { error: { code, message, ...(fields ? { fields } : {}) } };
  return c.json(body, status);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Parses a JSON body with a schema; on failure the 400 response names every bad field. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<Parsed<z.infer<S>>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(c, 400, "invalid_json", "The request body is not valid JSON.") };
  }
  return validate(c, schema, raw);
}

/** The media types of a form body (what a mail client's RFC 8058 one-click POST carries). */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Parses a form body with a schema; a body that is no form is parsed as an empty one (its fields then named as missing). */
export async function parseForm<S extends z.ZodType>(c: Context, schema: S): Promise<Parsed<z.infer<S>>> {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const form = FORM_TYPES.has(mediaType) ? await c.req.formData().catch(() => null) : null;
  const fields: Record<string, string> = {};
  for (const [k, v] of form?.entries() ?? []) if (typeof v === "string") fields[k] = v;
  return validate(c, schema, fields);
}

/** Parses query parameters with a schema. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): Parsed<z.infer<S>> {
  return validate(c, schema, c.req.query());
}

function validate<S extends z.ZodType>(c: Context, schema: S, raw: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const fields = fieldErrors(result.error, "body");
  const [first] = Object.entries(fields);
  const message = first ? `Invalid ${first[0]}: ${first[1]}` : "Invalid request.";
  return { ok: false, response: apiError(c, 400, "bad_request", message, fields) };
}

const DECLARED = new WeakMap<object, { in: "body" | "query" | "form"; schema: z.ZodType }>();
/** What a declared input gives the handler: `c.req.valid("json")()` parses on demand. */
type LazyInput<T> = { in: { json: unknown }; out: { json: () => Promise<Parsed<T>> } };

/**
 * A route's input schema, declared where the route is registered: the OpenAPI document reads it from
 * there (server/http/openapi.ts), so a route is documented with the very schema it validates with.
 * The handler parses when it chooses, with `c.req.valid("json")()` (some check the session or a
 * header first, and their answers keep that order), and gets what parseJson / parseQuery answer.
 */
export function jsonBody<S extends z.ZodType>(schema: S): MiddlewareHandler<Env, string, LazyInput<z.infer<S>>> {
  return declared("body", schema, (c) => parseJson(c, schema));
}

export function queryInput<S extends z.ZodType>(schema: S): MiddlewareHandler<Env, string, LazyInput<z.infer<S>>> {
  return declared("query", schema, async (c) => parseQuery(c, schema));
}

/**
 * A form body, declared for the OpenAPI document only: the one call that takes one (a mail client's
 * one-click unsubscribe) also declares its query, and parses the form itself with parseForm.
 */
export function formBody<S extends z.ZodType>(schema: S): MiddlewareHandler {
  const middleware: MiddlewareHandler = (_c, next) => next();
  DECLARED.set(middleware, { in: "form", schema });
  return middleware;
}

function declared<T>(where: "body" | "query", schema: z.ZodType, parse: (c: Context) => Promise<Parsed<T>>): MiddlewareHandler<Env, string, LazyInput<T>> {
  const middleware: MiddlewareHandler<Env, string, LazyInput<T>> = async (c, next) => {
    c.req.addValidatedData("json", () => parse(c));
    await next();
  };
  DECLARED.set(middleware, { in: where, schema });
  return middleware;
}

/** The input a registered handler declares, if it is one of the above. */
export const declaredInput = (handler: unknown) => (typeof handler === "function" ? DECLARED.get(handler) : undefined);
