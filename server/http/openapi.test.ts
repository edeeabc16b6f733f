import { describe, expect, it } from "vitest";
import { apiRoutes } from "./api";
import { placeOrderInput } from "./checkout";
import { openApiDocument } from "./openapi";

// The OpenAPI document is drawn from the routes the API registers and the schemas they declare
// (jsonBody / queryInput in ./errors.ts): no call can be served without being listed, and no call
// that takes a body is listed without its schema.

type Operation = {
  requestBody?: { content: { "application/json": { schema: { required?: string[]; properties?: Record<string, unknown> } } } };
  parameters?: { name: string; required: boolean }[];
};

describe("the OpenAPI document", () => {
  const api = apiRoutes();
  const doc = openApiDocument(api);
  const operation = (method: string, path: string) => (doc.paths[path] as Record<string, Operation> | undefined)?.[method];
  const registered = api.routes
    .filter((r) => r.method !== "ALL" && !r.path.includes("*"))
    .map((r) => ({ method: r.method.toLowerCase(), path: `/api${r.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}` }));

  it("lists every registered call, and the schema of every call that takes a body", () => {
    expect(registered.length).toBeGreaterThan(80);
    for (const { method, path } of registered) {
      expect(operation(method, path), `${method} ${path}`).toBeDefined();
      if (method !== "get") expect(operation(method, path)?.requestBody, `${method} ${path} has no body schema`).toBeDefined();
    }
  });

  it("a call registered without a declared schema shows as one", () => {
    const grown = apiRoutes();
    grown.post("/undeclared", (c) => c.json({}));
    expect((openApiDocument(grown).paths["/api/undeclared"] as Record<string, Operation>).post.requestBody).toBeUndefined();
  });

  it("describes the checkout calls with the schemas they validate with", () => {
    const placeOrder = operation("post", "/api/checkout/place-order")!.requestBody!.content["application/json"].schema;
    expect(Object.keys(placeOrder.properties!).sort()).toEqual(Object.keys(placeOrderInput.shape).sort());
    expect(placeOrder.required).toEqual(expect.arrayContaining(["cartId", "idempotencyKey", "email", "shippingAddress", "shippingMethod", "payment"]));
    const quote = operation("post", "/api/checkout/quote")!.requestBody!.content["application/json"].schema;
    expect(quote.required).toEqual(["cartId", "zip"]);
  });

  it("lists a GET call's query parameters", () => {
    expect(operation("get", "/api/ecom/v1.0/get-product-by-handle")!.parameters).toEqual([expect.objectContaining({ name: "handle", required: true })]);
  });
});
