import { Hono, type Context } from "hono";
import { z } from "zod";
import { SHIPPING_METHODS } from "../../rules/shipping-rates";
import { identityOf } from "./identity";
import type { PlaceOrderFailure } from "../workflows/place-order";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, parseJson } from "./errors";
import { cardInputSchema } from "../../rules/luhn";
import { addressSchema } from "../../rules/account-forms";
import { addressOrSavedInput } from "../../rules/checkout-forms";
import { zipSchema } from "../../rules/zip-schema";

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
  // The checkout page's address schema (rules/account-forms.ts), typed or saved.
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

const STATUS: Record<PlaceOrderFailure["code"] | "RATE_LIMITED", 400 | 401 | 402 | 403 | 404 | 409 | 429> = {
  RATE_LIMITED: 429,
  AUTOSHIP_REQUIRES_ACCOUNT: 401,
  STAFF_SIGN_IN_REQUIRED: 401,
  NOT_REGISTERED: 403,
  NOT_ELIGIBLE: 403,
  ATTESTATION_REQUIRED: 400,
  QUOTA_EXCEEDED: 409,
  CART_NOT_FOUND: 404,
  ADDRESS_NOT_FOUND: 404,
  CART_EMPTY: 400,
  ADDRESS_INVALID: 400,
  DISCOUNT_CODE_USED: 409,
  OVER_LIMIT: 400,
  ZIP_NOT_SERVED: 400,
  CART_CHANGED: 409,
  OUT_OF_STOCK: 409,
  IDEMPOTENCY_MISMATCH: 409,
  CHECKOUT_IN_PROGRESS: 409,
  ORDER_CANCELLED: 409,
  PAYMENT_DECLINED: 402,
};

export function checkoutRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/place-order", async (c: Context<AppEnv>) => {
    const parsed = await parseJson(c, placeOrderInput);
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
      return c.json({ error: { code: result.code.toLowerCase(), message: result.message, ...fields, ...extra } }, STATUS[result.code]);
    }
    return c.json({ order: result.order, replayed: result.replayed });
  });

  /** The totals the checkout shows (server-computed by checkout.quote, as the page's review). */
  app.post("/quote", async (c: Context<AppEnv>) => {
    const parsed = await parseJson(
      c,
      z.object({
        cartId: z.string({ error: "Give the cartId" }).trim().min(1, "Give the cartId").max(100),
        zip: zipSchema,
        shippingMethod: z.enum(SHIPPING_METHODS as ["standard", "express"], { error: "Choose standard or express" }).default("standard"),
      }),
    );
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const customerId = (await identityOf(c)).customer?.id ?? null;
    const quote = await deps.services.checkout.quote({ site: c.get("site").id, cartId: parsed.data.cartId, customerId, zip: parsed.data.zip, method: parsed.data.shippingMethod });
    if (!quote.ok) return apiError(c, quote.code === "CART_NOT_FOUND" ? 404 : 400, quote.code.toLowerCase(), quote.message, { [quote.field]: quote.message });
    return c.json({ totals: quote.totals, warehouse: quote.warehouse, discountCodes: quote.discountCodes });
  });

  return app;
}
