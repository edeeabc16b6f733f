import { Hono } from "hono";
import { z } from "zod";
import { SHIPPING_METHODS } from "../../rules/checkout/shipping-rates";
import { identityOf } from "./identity";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, jsonBody } from "./errors";
import { cardInputSchema } from "../../rules/checkout/payment-card";
import { addressSchema } from "../../rules/account/forms";
import { addressOrSavedInput } from "../../rules/checkout/forms";
import { zipSchema } from "../../rules/shared/zip-schema";
import { failureStatus } from "../../rules/shared/failure-status";

// Checkout API: thin — parse with zod (400 naming the field), resolve who is calling from
// the session cookie, run the place-order workflow, map its typed failures to statuses.

export const placeOrderInput = z.object({
  cartId: z.string({ error: "Give the cartId" }).trim().uuid("Give the cart's id"),
  idempotencyKey: z
    .string({ error: "Give the idempotencyKey" })
    .trim()
    .min(8, "At least 8 characters")
    .max(200)
    // The renewal engine's keys (renewal:{subscription}:{date}) are not a client's to use.
    .refine((k) => !k.toLowerCase().startsWith("renewal:"), "Keys starting with renewal: are reserved"),
  email: z.email("Enter a valid email").max(320),
  // The checkout page's address schema (rules/account/forms.ts), typed or saved.
  shippingAddress: addressOrSavedInput,
  billingAddress: addressSchema.nullable().optional(),
  shippingMethod: z.enum(SHIPPING_METHODS as ["standard", "express"], { error: "Choose standard or express" }),
  payment: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("card"), card: cardInputSchema }),
    z.object({ kind: z.literal("saved"), paymentMethodId: z.string().max(100) }),
  ]),
  // A signed-in customer's "keep this address / card for next time", as on the checkout page.
  saveAddress: z.boolean().optional(),
  saveCard: z.boolean().optional(),
  expectedTotalCents: z.number().int().nonnegative().nullable().optional(),
  acceptsEmailMarketing: z.boolean().optional(),
  isAttestationChecked: z.boolean().optional(),
  donationTrackingId: z.string().max(200).nullable().optional(),
});

const quoteInput = z.object({
  cartId: z.string({ error: "Give the cartId" }).trim().min(1, "Give the cartId").max(100),
  zip: zipSchema,
  shippingMethod: z.enum(SHIPPING_METHODS as ["standard", "express"], { error: "Choose standard or express" }).default("standard"),
});

export function checkoutRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/place-order", jsonBody(placeOrderInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const identity = await identityOf(c);
    const result = await deps.services.checkout.placeOrder(
      { ...parsed.data, site: c.get("site").id, customerId: identity.customer?.id ?? null },
      clientIp(c, deps.config.trustProxy),
    );
    if (!result.ok) {
      const extra = result.code === "OUT_OF_STOCK" ? { sku: result.sku } : result.code === "PAYMENT_DECLINED" ? { reason: result.reason } : {};
      const fields = result.field ? { fields: { [result.field]: result.message } } : {};
      return c.json({ error: { code: result.code.toLowerCase(), message: result.message, ...fields, ...extra } }, failureStatus(result.code));
    }
    return c.json({ order: result.order, replayed: result.replayed });
  });

  /** The totals the checkout shows (server-computed by checkout.quote, as the page's review). */
  app.post("/quote", jsonBody(quoteInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const customerId = (await identityOf(c)).customer?.id ?? null;
    const quote = await deps.services.checkout.quote({
      site: c.get("site").id,
      cartId: parsed.data.cartId,
      customerId,
      zip: parsed.data.zip,
      method: parsed.data.shippingMethod,
    });
    if (!quote.ok) return apiError(c, failureStatus(quote.code), quote.code.toLowerCase(), quote.message, { [quote.field]: quote.message });
    return c.json({ totals: quote.totals, warehouse: quote.warehouse, discountCodes: quote.discountCodes });
  });

  return app;
}
