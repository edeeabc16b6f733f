import type { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./env";
import { declaredInput } from "./errors";

const API_ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "string" } },
      },
    },
  },
};

/**
 * The OpenAPI document of the JSON API (ARCHITECTURE §4), built from the routes actually registered
 * and the input schemas they declare (`jsonBody`, `queryInput`: the schemas they validate with), so
 * a call can never be served without being listed, nor listed with another schema than its own.
 */
export function openApiDocument(api: Hono<AppEnv>) {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
  });
  for (const route of api.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
    const method = route.method.toLowerCase();
    // A route is registered as its middleware and its handler, each one entry of api.routes.
    const operation = ((paths[`/api${path}`] ??= {})[method] ??= {
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+/g, "_")}`,
      responses: {
        "200": { description: "OK" },
        "400": errorResponse("Bad input: the message names the field"),
        "401": errorResponse("No valid session"),
        "404": errorResponse("Not found, or not yours"),
      },
    });
    const input = declaredInput(route.handler);
    if (input?.in === "body")
      operation.requestBody = { required: true, content: { "application/json": { schema: z.toJSONSchema(input.schema, { io: "input" }) } } };
    if (input?.in === "query") operation.parameters = queryParameters(input.schema);
    if (input?.in === "form")
      operation.requestBody = {
        required: true,
        content: { "application/x-www-form-urlencoded": { schema: z.toJSONSchema(input.schema, { io: "input" }) } },
      };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Pet-food shop API", version: "1.0.0", description: "The JSON API of SPEC §7 (ARCHITECTURE §4)." },
    paths,
    components: { schemas: { ApiError: API_ERROR } },
  };
}

/** A query schema (an object of strings) as OpenAPI query parameters. */
function queryParameters(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input" }) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}
