import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./env";
import { jsonBody } from "./errors";

// Autoship calls of SPEC §7 that need no session: get-ordergroove-product-by-sku. (The customer's
// subscriptions are /api/get-subscriptions in customer.ts, beside the other session calls.)

const skuInput = z.object({
  sku: z
    .string({ error: "Give the sku" })
    .trim()
    .min(1, "Give the sku")
    .max(64, "At most 64 characters")
    .regex(/^[A-Za-z0-9._-]+$/, "Give a valid sku"),
});

export function autoshipRoutes() {
  const app = new Hono<AppEnv>();

  /** Whether and how a SKU can be subscribed here: plans of every 1–12 weeks at 5% off. */
  app.post("/get-ordergroove-product-by-sku", jsonBody(skuInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    return c.json(await c.get("deps").services.autoship.offerForSku(parsed.data.sku, c.get("site").id));
  });

  return app;
}
